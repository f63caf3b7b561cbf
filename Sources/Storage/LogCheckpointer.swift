import Dispatch
import GRDB
import GRDBSQLite
import Synchronization

/// Copies the journal's write-ahead log back into the database on a connection and a thread of its own,
/// so that a commit seldom has to.
///
/// SQLite checkpoints inside the `COMMIT` that takes the log to its limit: it copies the log's pages back
/// and syncs both files while the turns queued behind that commit wait (docs/BENCHMARKS.md, fifteenth
/// round). Here the store's writer reports each commit's log (``install(on:)``, SQLite's `wal_hook`,
/// which SQLite's own checkpoints use): from 4 MiB of log on (SQLite's own checkpoint size), a pass is
/// asked for, and runs at most every ``interval``, copying what is committed by then (`PRAGMA
/// wal_checkpoint(PASSIVE)`, which waits for no reader and no writer). The log starts over only when a
/// writer finds every frame copied, which a busy host's commits seldom do: at the limit the commit still
/// checkpoints, as SQLite's own would, with only the frames of the last pass's minutes left to copy.
/// A store whose limit is 4 MiB or less (a small disk) has no passes: its commits copy a short log.
final class LogCheckpointer: Sendable {
    private struct State {
        var connection: DatabaseQueue?
        /// Whether a pass is due or running.
        var scheduled = false
        var lastPass = DispatchTime(uptimeNanoseconds: 0)
        /// Whether the store closed, or the connection could not open: no more passes.
        var stopped = false
    }

    /// The log's limit, in pages: the commit that reaches it checkpoints.
    let limitFrames: Int32
    /// The log from which the commits ask for a pass, in pages: 4 MiB.
    static let passFrames: Int32 = 1024
    /// The least time between two passes.
    let interval = DispatchTimeInterval.milliseconds(100)
    private let path: String
    private let synchronous: Bool
    private let queue = DispatchQueue(label: "tcnet.journal.checkpoint", qos: .utility)
    private let running = DispatchGroup()
    private let state = Mutex(State())

    /// A checkpointer for the database at `path`, whose connection opens at the first pass.
    /// - Parameters:
    ///   - limit: the log's limit in bytes (``HostStore/walLimit(for:)``).
    ///   - synchronous: the store's `synchronous` setting, which decides how a checkpoint syncs.
    init(path: String, limit: Int64, synchronous: Bool) {
        self.path = path
        self.limitFrames = Int32(clamping: limit / 4096)
        self.synchronous = synchronous
    }

    /// Takes over the checkpoints of the store's writer (in place of `PRAGMA wal_autocheckpoint`).
    ///
    /// NB: the hook holds the checkpointer unretained: the writer commits only through its store, which
    /// holds the checkpointer for as long as it holds the writer.
    func install(on db: Database) {
        sqlite3_wal_hook(
            db.sqliteConnection,
            { context, connection, name, frames in
                Unmanaged<LogCheckpointer>.fromOpaque(context!).takeUnretainedValue()
                    .committed(frames: frames, connection, name)
            },
            Unmanaged.passUnretained(self).toOpaque())
    }

    /// A commit's report: the log holds `frames` pages.
    private func committed(frames: Int32, _ connection: OpaquePointer?, _ name: UnsafePointer<CChar>?) -> Int32 {
        if frames >= self.limitFrames {
            // NB: what SQLite's own hook does at the limit; a busy checkpoint (a pass running) is not an error.
            _ = sqlite3_wal_checkpoint(connection, name)
        } else if frames >= Self.passFrames {
            self.nudge()
        }
        return SQLITE_OK
    }

    /// Asks for a pass: at once if none ran for ``interval``, else when it is up.
    func nudge() {
        let due: DispatchTime? = self.state.withLock { state in
            guard !state.scheduled, !state.stopped else { return nil }
            state.scheduled = true
            return state.lastPass + self.interval
        }
        guard let due else { return }
        self.running.enter()
        self.queue.asyncAfter(deadline: due) {
            self.pass()
            self.running.leave()
        }
    }

    /// Waits for the passes asked for so far.
    func wait() {
        self.running.wait()
    }

    /// Stops the passes (the store is closing): a pass already running finishes, and closes the connection.
    func stop() {
        self.state.withLock { state in
            state.stopped = true
            state.connection = nil
        }
    }

    private func pass() {
        let connection: DatabaseQueue? = self.state.withLock { state in
            state.scheduled = false
            state.lastPass = .now()
            guard !state.stopped else { return nil }
            if state.connection == nil {
                state.connection = try? DatabaseQueue(path: self.path, configuration: self.configuration)
                // NB: without its connection, the log is copied by the commit that reaches its limit.
                state.stopped = state.connection == nil
            }
            return state.connection
        }
        // NB: a failed pass (a full disk) copies nothing and the log keeps every frame: the commit that
        // reaches the log's limit tries again.
        _ = try? connection?.writeWithoutTransaction { db in try db.checkpoint(.passive) }
    }

    private var configuration: Configuration {
        var configuration = Configuration()
        configuration.label = "tcnet.checkpoint"
        let synchronous = self.synchronous
        configuration.prepareDatabase { db in
            // NB: a checkpoint syncs the log before it and the database after it, as the store's own does.
            try db.execute(sql: synchronous ? "PRAGMA synchronous = FULL" : "PRAGMA synchronous = NORMAL")
        }
        return configuration
    }
}
