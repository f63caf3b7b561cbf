import Foundation
import GRDB
import LogBatching
import Synchronization

/// The host's durable data: one SQLite file in the data folder, in WAL mode.
///
/// NB: SQLite is the only thing on disk. Later migrations add the match journal; each migration is
/// registered once and never edited, so an old data folder upgrades in place.
public final class HostStore: Sendable {
    /// The file name of the database inside the data folder.
    public static let fileName = "tcnet.sqlite"

    /// The most the write-ahead log keeps on disk between checkpoints, for a data folder's file system:
    /// a 32nd of it, from 512 KiB (a small folder) to 64 MiB (on any disk of 2 GiB or more).
    ///
    /// NB: a checkpoint copies the log's pages back and syncs both files. ``LogCheckpointer`` copies them
    /// between commits; SQLite's own checkpoint, inside the commit that reaches this limit, is left the
    /// last frames before the log can start over, and the commit after it syncs the new log's header:
    /// two syncs on the lobby's thread, each flushing what was written since the last pass (2-4 ms on
    /// this machine), while every move in flight waits. At 4 MiB (SQLite's default) a busy host's commits
    /// checkpointed several times a second: its p99 was twice that at 16 MiB; at 16 MiB a host of 50
    /// matches, writing about 40 MB of log a second, still did about 5 such syncs a second, at 64 MiB
    /// about 1 (docs/BENCHMARKS.md, thirtieth round).
    public static func walLimit(for space: DiskSpace?) -> Int64 {
        min(max((space?.total ?? 0) / 32, 512 << 10), 64 << 20)
    }

    /// The path of the database file.
    public let path: String
    /// The data folder.
    public var folder: String { (self.path as NSString).deletingLastPathComponent }
    let pool: DatabasePool
    /// The rows of the `move` table (see ``commit(_:)``); read from the table by the first commit.
    let moves = Mutex(MoveLog(stale: true))
    /// Copies the log back into the database between commits (see ``LogCheckpointer``).
    let checkpointer: LogCheckpointer

    /// Opens (creating if needed) the store in a data folder.
    /// - Parameters:
    ///   - folder: the data folder; created with its parents if missing.
    ///   - newHostID: makes the id a new host keeps for life; called only on first start.
    /// - Throws: ``HostStoreError`` when the folder or the database cannot be used.
    ///   - synchronous: `true` to make every commit durable against power loss (SQLite `synchronous=FULL`);
    ///     `false` (the default) makes it durable against a crash of the host process only (`NORMAL`).
    public init(folder: String, synchronous: Bool = false, newHostID: @Sendable () -> String) throws(HostStoreError) {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw HostStoreError(folder: folder, reason: "cannot create the folder (\(Self.reason(error)))")
        }
        self.path = (folder as NSString).appendingPathComponent(Self.fileName)
        let walLimit = Self.walLimit(for: DiskSpace.of(folder))
        self.checkpointer = LogCheckpointer(path: self.path, limit: walLimit, synchronous: synchronous)
        // NB: each transaction's log written in one system call, not two a page (docs/ARCHITECTURE.md).
        _ = tcnet_log_batching_install()
        do {
            var configuration = Configuration()
            configuration.busyMode = .timeout(5)
            configuration.prepareDatabase { db in
                // NB: in WAL mode, NORMAL survives a killed process but may lose the last commits to a power cut.
                try db.execute(sql: synchronous ? "PRAGMA synchronous = FULL" : "PRAGMA synchronous = NORMAL")
                // NB: the log cut back to `walLimit` after a checkpoint (the writer's: see LogCheckpointer).
                try db.execute(sql: "PRAGMA journal_size_limit = \(walLimit)")
            }
            self.pool = try DatabasePool(path: self.path, configuration: configuration)
            try Self.migrator.migrate(self.pool)
            self.pool.writeWithoutTransaction { db in self.checkpointer.install(on: db) }
            try self.pool.write { db in
                if try HostIdentity.fetchOne(db) == nil {
                    try HostIdentity(id: newHostID(), createdAt: Date()).insert(db)
                }
            }
        } catch {
            throw HostStoreError(folder: folder, reason: Self.reason(error))
        }
    }

    deinit {
        self.checkpointer.stop()
    }

    /// The identity this host keeps across restarts.
    public func identity() throws(HostStoreError) -> HostIdentity {
        do {
            guard let identity = try self.pool.read({ try HostIdentity.fetchOne($0) }) else {
                throw HostStoreError(folder: self.path, reason: "the host identity row is missing")
            }
            return identity
        } catch let error as HostStoreError {
            throw error
        } catch {
            throw HostStoreError(folder: self.path, reason: Self.reason(error))
        }
    }

    /// The SQLite journal mode in force, e.g. "wal".
    public func journalMode() throws -> String {
        try self.pool.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") ?? "" }
    }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-host-identity") { db in
            try db.create(table: HostIdentity.databaseTableName) { table in
                table.column("id", .text).primaryKey()
                table.column("createdAt", .datetime).notNull()
            }
        }
        Self.registerJournalMigrations(&migrator)
        Self.registerArchiveMigrations(&migrator)
        Self.registerTournamentMigrations(&migrator)
        Self.registerHighScoreMigrations(&migrator)
        Self.registerLibraryMigrations(&migrator)
        Self.registerMoveLogMigrations(&migrator)
        Self.registerUnindexedHighScoreMigration(&migrator)
        return migrator
    }

    /// Whether an error says the file system is full (SQLite answers a write that failed with ENOSPC
    /// or EDQUOT with SQLITE_FULL).
    static func isDiskFull(_ error: any Error) -> Bool {
        (error as? DatabaseError)?.resultCode == .SQLITE_FULL
    }

    static func reason(_ error: any Error) -> String {
        if let error = error as? DatabaseError {
            return error.message ?? "\(error.resultCode)"
        }
        return (error as NSError).localizedDescription
    }
}

/// The id a host was given on its first start, kept in its data folder.
public struct HostIdentity: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "hostIdentity"

    /// The host's id for life.
    public var id: String
    /// When the data folder was first used.
    public var createdAt: Date
}

/// The data folder cannot be used.
public struct HostStoreError: Error, Sendable, CustomStringConvertible {
    /// The folder or file concerned.
    public var folder: String
    /// What went wrong.
    public var reason: String
    /// Whether the file system is out of space (or the user out of quota).
    public var diskFull = false

    /// Creates an error.
    public init(folder: String, reason: String, diskFull: Bool = false) {
        self.folder = folder
        self.reason = reason
        self.diskFull = diskFull
    }

    public var description: String {
        "cannot use the data folder \(self.folder): \(self.reason)"
    }
}
