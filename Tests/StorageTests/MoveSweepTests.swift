import Foundation
import GRDB
import Lobby
import TestScheduling
import Testing

@testable import Storage

/// The moves of finished matches: left out when the journal is read, deleted together later.
@Suite("Host store: the moves of finished matches", .offThePool)
struct MoveSweepTests {
    private func table(_ id: String, number: Int, match: Int) -> JournalEntry {
        .table(
            TableRecord(
                id: id, number: number, game: "tax-collection", ruleSet: "classic", graceSeconds: 60,
                onTimeout: .pause, status: .playing, match: match, firstSeat: "south", seats: [:], result: nil))
    }

    private func move(_ table: String, match: Int, seq: Int) -> JournalEntry {
        .move(MoveRecord(table: table, match: match, seq: seq, seat: "south", move: .object([:]), hash: "h"))
    }

    private func rows(_ store: HostStore, _ table: String) throws -> [Int] {
        try store.pool.read { db in
            try Int.fetchAll(
                db, sql: "SELECT match FROM move WHERE tableID = ? ORDER BY match, seq", arguments: [table])
        }
    }

    @Test("a table's next match hides its earlier moves at once, and deletes them with the next sweep")
    func sweep() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tcnet-sweep-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try HostStore(folder: folder, newHostID: { "sweep" })
        try store.commit([self.table("t1", number: 1, match: 1), self.move("t1", match: 1, seq: 1)])
        try store.commit([self.move("t1", match: 1, seq: 2), self.table("t2", number: 2, match: 1)])
        try store.commit([self.move("t2", match: 1, seq: 1)])
        try store.commit([self.table("t1", number: 1, match: 2), self.move("t1", match: 2, seq: 1)])

        // NB: read back, t1 holds only its second match; its first is still on disk.
        let journal = try store.loadJournal()
        #expect(journal.moves.map { "\($0.table) \($0.match) \($0.seq)" } == ["t1 2 1", "t2 1 1"])
        #expect(try self.rows(store, "t1") == [1, 1, 2])

        for number in 3..<(HostStore.sweepEvery - 1) {
            try store.commit([self.table("t\(number)", number: number, match: 1)])
        }
        #expect(try self.rows(store, "t1") == [1, 1, 2])
        try store.commit([self.table("t99", number: 99, match: 1)])
        #expect(try self.rows(store, "t1") == [2])
        #expect(try self.rows(store, "t2") == [1])
        #expect(try store.loadJournal().moves.count == 2)
    }
}
