import Foundation
import GRDB
import Lobby
import Protocol
import TestScheduling
import Testing

@testable import Storage

/// The `move` table without an index: the store's own list of its rows (`MoveLog`) does what the
/// index did for the archive's copy and the sweep, also after a restart and after a failed commit.
@Suite("Host store: the moves' rows", .offThePool)
struct MoveLogTests {
    private func table(_ id: String, match: Int) -> JournalEntry {
        .table(
            TableRecord(
                id: id, number: Int(id.dropFirst()) ?? 0, game: "tax-collection", ruleSet: "classic",
                graceSeconds: 60, onTimeout: .pause, status: .playing, match: match, firstSeat: "south", seats: [:],
                result: nil))
    }

    private func move(_ table: String, match: Int, seq: Int) -> JournalEntry {
        .move(MoveRecord(table: table, match: match, seq: seq, seat: "south", move: .number(Double(seq)), hash: "h"))
    }

    private func archive(_ table: String, match: Int, at time: Int64) -> JournalEntry {
        .archive(
            MatchArchive(
                table: table, match: match, game: "tax-collection", ruleSet: "classic", options: [:], seats: [],
                startedAt: time - 1, endedAt: time, result: MatchResult(winner: nil, reason: "finished"),
                startState: .null, finalState: .null, finalHash: "h", moves: 0))
    }

    private static func folder() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("tcnet-move-log-\(UUID())").path
    }

    /// The archived moves of each archived match, as "table match: seqs".
    private func archived(_ store: HostStore) throws -> [String] {
        try store.archivedMatches().map { match in
            "\(match.archive.table) \(match.archive.match): \(match.moves.map(\.seq))"
        }
    }

    private func rows(_ store: HostStore) throws -> [String] {
        try store.pool.read { db in
            try Row.fetchAll(db, sql: "SELECT tableID, match, seq FROM move ORDER BY rowid").map { row in
                "\(row[0] as String) \(row[1] as Int) \(row[2] as Int)"
            }
        }
    }

    @Test("the log: a new match finishes the moves of the one before; the sweep takes them once due")
    func log() {
        var log = MoveLog()
        log.table("t1", match: 1)
        log.move("t1", match: 1, row: 1)
        log.move("t2", match: 4, row: 2)
        log.move("t1", match: 1, row: 3)
        #expect(log.rows(of: "t1", match: 1) == [1, 3])
        #expect(log.rows(of: "t1", match: 2).isEmpty)
        log.table("t1", match: 1)
        #expect(log.rows(of: "t1", match: 1) == [1, 3], "the same match's record keeps its moves")
        log.table("t1", match: 2)
        #expect(log.rows(of: "t1", match: 1).isEmpty)
        #expect(log.finished == [1, 3])
        log.move("t2", match: 5, row: 4)
        #expect(log.sweep(every: 4).isEmpty, "three table records so far")
        log.table("t3", match: 1)
        #expect(log.sweep(every: 4) == [1, 2, 3])
        #expect(log.sweep(every: 1).isEmpty)
        #expect(log.rows(of: "t2", match: 5) == [4])
    }

    @Test("a finished match's archive holds its moves, those written before a restart among them")
    func archiveAcrossRestart() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        do {
            let store = try HostStore(folder: folder, newHostID: { "log" })
            try store.commit([self.table("t1", match: 1), self.table("t2", match: 1)])
            try store.commit([self.move("t1", match: 1, seq: 1), self.move("t2", match: 1, seq: 1)])
            try store.commit([self.move("t1", match: 1, seq: 2)])
        }
        let store = try HostStore(folder: folder, newHostID: { "log" })
        try store.commit([self.move("t1", match: 1, seq: 3), self.move("t2", match: 1, seq: 2)])
        try store.commit([self.table("t1", match: 1), self.archive("t1", match: 1, at: 10)])
        try store.commit([self.table("t2", match: 1), self.archive("t2", match: 1, at: 20)])
        #expect(try self.archived(store) == ["t1 1: [1, 2, 3]", "t2 1: [1, 2]"])
        #expect(
            try store.loadJournal().moves.map { "\($0.table) \($0.seq)" } == ["t1 1", "t1 2", "t1 3", "t2 1", "t2 2"])
    }

    @Test("a restarted store deletes the moves of matches finished before the restart with its first sweep")
    func sweepAcrossRestart() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        do {
            let store = try HostStore(folder: folder, newHostID: { "log" })
            try store.commit([self.table("t1", match: 1), self.move("t1", match: 1, seq: 1)])
            try store.commit([self.table("t1", match: 2), self.move("t1", match: 2, seq: 1)])
        }
        let store = try HostStore(folder: folder, newHostID: { "log" })
        #expect(try self.rows(store) == ["t1 1 1", "t1 2 1"])
        for number in 2...HostStore.sweepEvery {
            try store.commit([self.table("t\(number)", match: 1)])
        }
        #expect(try self.rows(store) == ["t1 1 1", "t1 2 1"], "one table record short of the sweep")
        try store.commit([self.table("t99", match: 1)])
        #expect(try self.rows(store) == ["t1 2 1"])
        try store.commit([self.table("t1", match: 2), self.archive("t1", match: 2, at: 5)])
        #expect(try self.archived(store) == ["t1 2: [1]"])
    }

    @Test("a commit that fails leaves no trace in the next archive: its moves were rolled back")
    func failedCommit() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try HostStore(folder: folder, newHostID: { "log" })
        try store.commit([self.table("t1", match: 1), self.move("t1", match: 1, seq: 1)])
        try store.commit([self.table("t9", match: 1), self.archive("t9", match: 1, at: 3)])
        // NB: the same archive again breaks its unique key, after the move's insert.
        #expect(throws: HostStoreError.self) {
            try store.commit([self.move("t1", match: 1, seq: 2), self.archive("t9", match: 1, at: 3)])
        }
        try store.commit([self.move("t1", match: 1, seq: 2)])
        try store.commit([self.table("t1", match: 1), self.archive("t1", match: 1, at: 7)])
        #expect(try self.archived(store) == ["t9 1: []", "t1 1: [1, 2]"])
        #expect(try self.rows(store) == ["t1 1 1", "t1 1 2"])
    }

    @Test("a data folder from before the log keeps its moves, in order, in a table with no index")
    func migration() throws {
        let folder = try LegacyDataFolderTests.copy()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try HostStore(folder: folder, newHostID: { "unused" })
        let indexes = try store.pool.read { db in try Row.fetchAll(db, sql: "PRAGMA index_list(move)") }
        #expect(indexes.isEmpty)
        #expect(try self.rows(store) == ["t1 1 1", "t1 1 2", "t1 1 3"])
    }
}
