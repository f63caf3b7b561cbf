import Foundation
import GRDB
import GameKit
import Lobby
import LogBatching
import Protocol
import TestScheduling
import Testing

@testable import Storage

/// The journal's write-ahead log written a transaction at a time (Sources/LogBatching): one system call
/// for a group commit's frames, with every row read back by another connection.
@Suite("Host store: the log written a transaction at a time", .offThePool)
struct LogBatchingTests {
    private func folder(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("tcnet-\(name)-\(UUID())").path
    }

    private func table(_ number: Int) -> JournalEntry {
        .table(
            TableRecord(
                id: "t\(number)", number: number, game: "tax-collection", ruleSet: "classic", graceSeconds: 60,
                onTimeout: .pause, status: .playing, match: 1, firstSeat: "south", seats: [:], result: nil))
    }

    /// A move of about 300 bytes, so that a group of them fills pages.
    private func move(table: Int, seq: Int) -> JournalEntry {
        let note = JSONValue.string(String(repeating: "\(seq % 10)", count: 200))
        return .move(
            MoveRecord(
                table: "t\(table)", match: 1, seq: seq, seat: "south", move: .object(["note": note]),
                hash: "h\(table)-\(seq)"))
    }

    /// The counts of the writer's log.
    private func counts(_ store: HostStore) throws -> TCNetLogBatchingCounts {
        try store.pool.writeWithoutTransaction { db in
            var counts = TCNetLogBatchingCounts()
            let code = tcnet_log_batching_counts(db.sqliteConnection, &counts)
            try #require(code == SQLITE_OK, "the writer's log is not batched (code \(code))")
            return counts
        }
    }

    @Test("a group commit's frames go to the log in one system call", arguments: [false, true])
    func groupCommit(durable: Bool) throws {
        let folder = self.folder("log-batching")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try HostStore(folder: folder, synchronous: durable, newHostID: { "batching" })
        try store.commit((1...40).map(self.table))
        let before = try self.counts(store)
        for seq in 1...10 {
            try store.commit((1...40).map { self.move(table: $0, seq: seq) })
        }
        let after = try self.counts(store)

        // NB: 40 moves of 300 bytes are three pages or more, each a header and a page: six writes or more.
        #expect(after.writes - before.writes >= 10 * 6)
        #expect(after.systemCalls - before.systemCalls == 10)
        let moves = try store.loadJournal().moves
        #expect(moves.count == 400)
        #expect(Set(moves.map { "\($0.table) \($0.seq)" }).count == 400)
        #expect(moves.allSatisfy { $0.hash == "h\($0.table.dropFirst())-\($0.seq)" })
    }

    @Test("a transaction larger than the page cache and than one write is written in pieces and read back")
    func largeTransaction() throws {
        let folder = self.folder("log-batching-large")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try HostStore(folder: folder, newHostID: { "batching" })
        // NB: a cache of 16 pages: the transaction's pages spill into the log before its commit, and SQLite
        // reads some of them back from the log, which must hold them by then.
        try store.pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA cache_size = 16") }
        try store.commit([self.table(1)])
        let before = try self.counts(store)
        try store.commit((1...2_000).map { self.move(table: 1, seq: $0) })
        let after = try self.counts(store)

        let bytes = after.bytes - before.bytes
        #expect(bytes > 500_000)
        // NB: SQLite's file system writes at most 0x1ffff bytes a call: the log goes out 64 KiB at a time.
        #expect(after.systemCalls - before.systemCalls >= (bytes + 65_535) / 65_536)
        #expect(after.systemCalls - before.systemCalls < (after.writes - before.writes) / 8)
        let moves = try store.loadJournal().moves
        #expect(moves.map(\.seq) == Array(1...2_000))
        #expect(moves.allSatisfy { $0.hash == "h1-\($0.seq)" })
        let check = try store.pool.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") }
        #expect(check == "ok")
    }

    @Test("a transaction whose pages spill into the log reads them back from it before it commits")
    func spilledPages() throws {
        let folder = self.folder("log-batching-spill")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(tcnet_log_batching_install() == SQLITE_OK)
        let queue = try DatabaseQueue(path: folder + "/spill.sqlite")
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA journal_mode = WAL")
            // NB: 8 pages of cache, and keys in no order: the index's leaves are spilled and read back.
            try db.execute(sql: "PRAGMA cache_size = 8")
            try db.execute(sql: "CREATE TABLE word (key TEXT NOT NULL, n INTEGER NOT NULL)")
            try db.execute(sql: "CREATE INDEX wordKey ON word (key)")
        }
        var random = SplitMix64(seed: 14)
        let keys = (0..<6_000).map { _ in String(random.next(), radix: 36) + String(repeating: "k", count: 40) }
        try queue.write { db in
            for (n, key) in keys.enumerated() {
                try db.execute(sql: "INSERT INTO word (key, n) VALUES (?, ?)", arguments: [key, n])
            }
        }
        try queue.writeWithoutTransaction { db in
            var counts = TCNetLogBatchingCounts()
            try #require(tcnet_log_batching_counts(db.sqliteConnection, &counts) == SQLITE_OK)
            // NB: each read of a spilled page writes what is kept first, so here the calls are nearly the writes.
            #expect(counts.writes > 1_000)
            #expect(counts.systemCalls < counts.writes)
        }
        // NB: read by a connection of its own, which reads the log from the file.
        let reader = try DatabaseQueue(path: folder + "/spill.sqlite")
        try reader.read { db in
            #expect(try String.fetchOne(db, sql: "PRAGMA integrity_check") == "ok")
            let read = try Row.fetchAll(db, sql: "SELECT key, n FROM word ORDER BY n").map { $0["key"] as String }
            #expect(read == keys)
        }
    }
}
