import Foundation
import GRDB
import Lobby
import Protocol
import TestScheduling
import Testing

@testable import Storage

@Suite("Host store on a real SQLite file", .offThePool)
struct HostStoreTests {
    private func temporaryFolder() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("tcnet-store-\(UUID().uuidString)").path
    }

    @Test("the store creates its folder and file, uses WAL, and keeps the host id across reopenings")
    func identitySurvivesReopen() throws {
        let root = self.temporaryFolder()
        let folder = root + "/nested/data"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let first = try HostStore(folder: folder, newHostID: { "host-one" })
        #expect(FileManager.default.fileExists(atPath: folder + "/tcnet.sqlite"))
        #expect(try first.journalMode() == "wal")
        #expect(try first.identity().id == "host-one")

        let second = try HostStore(folder: folder, newHostID: { "host-two" })
        #expect(try second.identity().id == "host-one")
    }

    @Test("a data folder that cannot be created is a clear error")
    func unusableFolder() throws {
        let file = self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: file) }
        try Data("not a folder".utf8).write(to: URL(fileURLWithPath: file))
        #expect {
            _ = try HostStore(folder: file + "/data", newHostID: { "x" })
        } throws: { error in
            "\(error)".hasPrefix("cannot use the data folder \(file)/data")
        }
    }

    @Test("a file that is not a database is a clear error, and is left as it was")
    func notADatabase() throws {
        let folder = self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let garbage = Data(repeating: 0x41, count: 4096)
        try garbage.write(to: URL(fileURLWithPath: folder + "/tcnet.sqlite"))
        #expect(throws: HostStoreError.self) { _ = try HostStore(folder: folder, newHostID: { "x" }) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/tcnet.sqlite")) == garbage)
    }

    @Test("the write-ahead log's limit grows with the file system, and the disk's reserve leaves room for it")
    func walLimit() throws {
        let mib: Int64 = 1 << 20
        #expect(HostStore.walLimit(for: DiskSpace(free: mib, total: 2 * mib)) == 512 << 10)
        #expect(HostStore.walLimit(for: nil) == 512 << 10)
        #expect(HostStore.walLimit(for: DiskSpace(free: mib, total: 64 * mib)) == 2 * mib)
        #expect(HostStore.walLimit(for: DiskSpace(free: mib, total: 1024 * mib)) == 32 * mib)
        #expect(HostStore.walLimit(for: DiskSpace(free: mib, total: 1 << 40)) == 64 * mib)
        let small = DiskReserve(folder: "/tmp", space: DiskSpace(free: mib, total: 2 * mib))
        #expect(small.needed == small.size + 512 << 10)

        let folder = self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try HostStore(folder: folder, newHostID: { "x" })
        let expected = HostStore.walLimit(for: DiskSpace.of(folder))
        let limit = try store.pool.write { try Int64.fetchOne($0, sql: "PRAGMA journal_size_limit") }
        #expect(store.checkpointer.limitFrames == expected / 4096)
        #expect(limit == expected)
        // NB: the writer's checkpoints are the checkpointer's, in place of SQLite's own.
        #expect(try store.pool.write { try Int64.fetchOne($0, sql: "PRAGMA wal_autocheckpoint") } == 0)
    }

    @Test("from 4 MiB on, the log is copied back into the database between commits, not by one")
    func checkpointsBetweenCommits() throws {
        let folder = self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try HostStore(folder: folder, newHostID: { "x" })
        var seq = 0

        // A light load: the log well below 4 MiB, no pass, nothing copied back yet.
        try self.commitMoves(to: store, after: &seq, untilFrames: 8)
        store.checkpointer.wait()
        #expect(try self.movesInDatabaseFile(store) == nil, "the database file alone has no moves table yet")

        // From 4 MiB: a pass copies the log back, far below the limit where the writer would.
        try self.commitMoves(to: store, after: &seq, untilFrames: LogCheckpointer.passFrames)
        store.checkpointer.wait()
        #expect(self.logFrames(store) < store.checkpointer.limitFrames)
        #expect(try self.movesInDatabaseFile(store) == seq)
    }

    @Test("without its passes, the commit that brings the log to its limit copies it back, as SQLite's own would")
    func checkpointsAtTheLimit() throws {
        let folder = self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try HostStore(folder: folder, newHostID: { "x" })
        store.checkpointer.stop()
        var seq = 0
        try self.commitMoves(to: store, after: &seq, untilFrames: store.checkpointer.limitFrames)
        #expect(try self.movesInDatabaseFile(store) == seq)
        // The next commits start the log over: it does not grow past its limit.
        for _ in 1...20 {
            seq += 1
            try store.commit([.move(self.move(seq))])
        }
        #expect(self.logFrames(store) <= store.checkpointer.limitFrames)
    }

    @Test("a move the database refuses fails its commit with SQLite's reason, and none of the commit is kept")
    func refusedMove() throws {
        let folder = self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try HostStore(folder: folder, newHostID: { "x" })
        try store.commit([.move(self.move(1))])
        try store.pool.write { db in
            try db.execute(
                sql: "CREATE TRIGGER refuse BEFORE INSERT ON move WHEN NEW.seq = 3 BEGIN SELECT RAISE(ABORT, 'no'); END"
            )
        }
        #expect {
            try store.commit([.move(self.move(2)), .move(self.move(3))])
        } throws: { error in
            (error as? HostStoreError)?.reason.contains("no") == true && (error as? HostStoreError)?.diskFull == false
        }
        try store.pool.write { db in try db.execute(sql: "DROP TRIGGER refuse") }
        try store.commit([.move(self.move(2)), .move(self.move(3))])
        let rows = try store.pool.read { try Row.fetchAll($0, sql: "SELECT * FROM move ORDER BY rowid") }
        #expect(rows.map { $0["tableID"] as String } == ["t1", "t1", "t1"])
        #expect(rows.map { $0["match"] as Int } == [1, 1, 1])
        #expect(rows.map { $0["seq"] as Int } == [1, 2, 3])
        for (row, seq) in zip(rows, 1...) {
            #expect(row["record"] == String(decoding: WireCodec.payload(self.move(seq)), as: UTF8.self))
        }
    }

    private func move(_ seq: Int) -> MoveRecord {
        MoveRecord(table: "t1", match: 1, seq: seq, seat: "south", move: .number(1), hash: "h")
    }

    /// Commits one move at a time, after move `seq`, until the log holds `frames` pages.
    private func commitMoves(to store: HostStore, after seq: inout Int, untilFrames frames: Int32) throws {
        while self.logFrames(store) < frames {
            seq += 1
            try store.commit([.move(self.move(seq))])
        }
    }

    /// The pages the store's log file has room for (its 32-byte header, then frames of a 24-byte header and a page).
    private func logFrames(_ store: HostStore) -> Int32 {
        let size = (try? FileManager.default.attributesOfItem(atPath: store.path + "-wal")[.size] as? Int) ?? 0
        return Int32(max(size - 32, 0) / (4096 + 24))
    }

    /// The moves in the database file alone (a copy of it, without its log); `nil` when it has no `move` table.
    private func movesInDatabaseFile(_ store: HostStore) throws -> Int? {
        let copy = self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: copy) }
        try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: store.path, toPath: copy + "/copy.sqlite")
        let bare = try DatabaseQueue(path: copy + "/copy.sqlite")
        return try bare.read { db in
            try db.tableExists("move") ? Int.fetchOne(db, sql: "SELECT count(*) FROM move") : nil
        }
    }

    @Test("a statement run with SQLite's own bindings stores text, empty text and integers as GRDB's arguments did")
    func boundValues() throws {
        let folder = self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try HostStore(folder: folder, newHostID: { "bound" })
        let texts = ["", "é\u{1}\"'; --\u{7f}😀", String(repeating: "x", count: 70_000)]
        try store.pool.write { db in
            try db.execute(sql: "CREATE TABLE bound (a TEXT NOT NULL, b TEXT NOT NULL, c INTEGER, d TEXT UNIQUE)")
            for (index, text) in texts.enumerated() {
                try HostStore.run(
                    db, "INSERT INTO bound (a, b, c, d) VALUES (?, ?, ?, ?)", .text(text), .utf8(Array(text.utf8)),
                    .integer(Int64.min + Int64(index)), .text("key\(index)"))
                try db.execute(
                    sql: "INSERT INTO bound (a, b, c, d) VALUES (?, ?, ?, ?)",
                    arguments: [text, text, Int64.min + Int64(index), "grdb\(index)"])
            }
            // NB: a refused row throws SQLite's reason, and the statement runs again afterwards.
            #expect {
                try HostStore.run(
                    db, "INSERT INTO bound (a, b, c, d) VALUES (?, ?, ?, ?)", .text("x"), .text("y"), .integer(0),
                    .text("key0"))
            } throws: { error in
                "\(error)".contains("UNIQUE constraint failed: bound.d")
            }
            try HostStore.run(
                db, "INSERT INTO bound (a, b, c, d) VALUES (?, ?, ?, ?)", .text("x"), .text("y"), .integer(0),
                .text("key9"))
        }
        try store.pool.read { db in
            for index in texts.indices {
                let ours = try Row.fetchOne(
                    db, sql: "SELECT a, b, c, typeof(a), typeof(b), length(CAST(a AS BLOB)) FROM bound WHERE d = ?",
                    arguments: ["key\(index)"])
                let grdb = try Row.fetchOne(
                    db, sql: "SELECT a, b, c, typeof(a), typeof(b), length(CAST(a AS BLOB)) FROM bound WHERE d = ?",
                    arguments: ["grdb\(index)"])
                #expect(ours == grdb && ours != nil, "text \(index)")
                // NB: every byte stored, as text.
                #expect(ours?[5] as Int? == texts[index].utf8.count && ours?[3] as String? == "text")
            }
            #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM bound") == 2 * texts.count + 1)
        }
    }
}
