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

    /// Runs `body` with a new store in a folder of its own, removed afterwards.
    private func withStore(_ body: (String, HostStore) throws -> Void) throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try body(folder, try HostStore(folder: folder, newHostID: { "log" }))
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
        log.archived("t2", match: 4)
        log.table("t2", match: 6)
        #expect(log.finished == [4], "an archive of another match leaves the current one's rows to the sweep")
        log.move("t2", match: 6, row: 5)
        log.archived("t2", match: 6)
        log.table("t2", match: 7)
        #expect(log.finished == [4], "an archived match's rows stay")
    }

    @Test("an archived match's moves stay in the table, listed by its archive, until the archive is pruned")
    func archiveInPlace() throws {
        try self.withStore { folder, store in
            try store.commit([
                self.table("t1", match: 1), self.move("t1", match: 1, seq: 1), self.table("t2", match: 1),
            ])
            try store.commit([self.move("t2", match: 1, seq: 1), self.move("t1", match: 1, seq: 2)])
            try store.commit([self.table("t1", match: 1), self.archive("t1", match: 1, at: 10)])
            try store.commit([self.table("t1", match: 2), self.move("t1", match: 2, seq: 1)])
            // NB: t2's first match ends without an archive.
            try store.commit([
                self.table("t2", match: 2), self.table("t2", match: 3), self.archive("t2", match: 3, at: 20),
            ])
            for number in 3...HostStore.sweepEvery {
                try store.commit([self.table("t\(number)", match: 1)])
            }
            #expect(try self.rows(store) == ["t1 1 1", "t1 1 2", "t1 2 1"], "t2's unarchived move swept, t1's kept")
            #expect(try self.archived(store) == ["t1 1: [1, 2]", "t2 3: []"])
            #expect(try store.loadJournal().moves.map { "\($0.table) \($0.match) \($0.seq)" } == ["t1 2 1"])

            // NB: read back after a restart, the archived rows are not swept, those of the table's current
            // match (archived too) among them once the table moves on.
            try store.commit([self.table("t1", match: 2), self.archive("t1", match: 2, at: 30)])
            let restarted = try HostStore(folder: folder, newHostID: { "log" })
            try restarted.commit([self.table("t1", match: 3)])
            for number in 1...HostStore.sweepEvery {
                try restarted.commit([self.table("u\(number)", match: 1)])
            }
            #expect(try self.rows(restarted) == ["t1 1 1", "t1 1 2", "t1 2 1"])
            #expect(try self.archived(restarted) == ["t1 1: [1, 2]", "t2 3: []", "t1 2: [1]"])

            #expect(try restarted.pruneArchive(before: 15) == 1)
            #expect(try self.rows(restarted) == ["t1 2 1"])
            #expect(try self.archived(restarted) == ["t2 3: []", "t1 2: [1]"])
        }
    }

    @Test("pruning the archive keeps the moves of a match that is still its table's current one")
    func pruneCurrent() throws {
        try self.withStore { _, store in
            try store.commit([self.table("t1", match: 1), self.move("t1", match: 1, seq: 1)])
            try store.commit([self.table("t1", match: 1), self.archive("t1", match: 1, at: 10)])
            #expect(try store.pruneArchive(before: 15) == 1)
            #expect(try self.rows(store) == ["t1 1 1"])
            #expect(try store.loadJournal().moves.map(\.seq) == [1])
            // NB: no longer archived, the match's moves are swept once the table moves on.
            try store.commit([self.table("t1", match: 2)])
            for number in 2...HostStore.sweepEvery {
                try store.commit([self.table("t\(number)", match: 1)])
            }
            #expect(try self.rows(store).isEmpty)
        }
    }

    @Test("a data folder whose archive copied the moves keeps them once, listed by their archives")
    func archiveMigration() throws {
        try self.withStore { folder, store in
            try store.commit([self.table("t1", match: 1), self.move("t1", match: 1, seq: 1)])
            try store.commit([self.move("t1", match: 1, seq: 2), self.table("t2", match: 1)])
            try store.commit([self.move("t2", match: 1, seq: 1)])
            // NB: back to the layout before `v8-archive-in-place`: t1's match archived with copies of its moves
            // (its rows in `move` still there: the table's current match), an older match of t3's only in the
            // archive.
            try store.pool.write { db in
                try db.execute(
                    sql: """
                        CREATE TABLE archivedMove (
                            archiveID INTEGER NOT NULL REFERENCES matchArchive(id) ON DELETE CASCADE,
                            seq INTEGER NOT NULL, record TEXT NOT NULL, PRIMARY KEY (archiveID, seq));
                        ALTER TABLE matchArchive DROP COLUMN moveRows;
                        DELETE FROM grdb_migrations WHERE identifier = 'v8-archive-in-place';
                        """)
                for (id, table, match, seqs) in [(1, "t3", 4, [1, 2, 3]), (2, "t1", 1, [1, 2])] {
                    try db.execute(
                        sql:
                            "INSERT INTO matchArchive (id, tableID, match, game, endedAt, record) "
                            + "VALUES (?, ?, ?, ?, ?, ?)",
                        arguments: [id, table, match, "tax-collection", id * 10, "{}"])
                    for seq in seqs {
                        let record = MoveRecord(
                            table: table, match: match, seq: seq, seat: "south", move: .number(Double(seq)), hash: "h")
                        try db.execute(
                            sql: "INSERT INTO archivedMove (archiveID, seq, record) VALUES (?, ?, ?)",
                            arguments: [id, seq, HostStore.json(record)])
                    }
                }
            }
            let reopened = try HostStore(folder: folder, newHostID: { "log" })
            let tables = try reopened.pool.read { db in
                try String.fetchAll(db, sql: "SELECT name FROM sqlite_schema WHERE name = 'archivedMove'")
            }
            #expect(tables.isEmpty)
            #expect(try self.rows(reopened).sorted() == ["t1 1 1", "t1 1 2", "t2 1 1", "t3 4 1", "t3 4 2", "t3 4 3"])
            let archives = try reopened.pool.read { db in
                try Row.fetchAll(db, sql: "SELECT tableID, moveRows FROM matchArchive ORDER BY id").map { row in
                    let moves = try String.fetchAll(
                        db,
                        sql: """
                            SELECT tableID || ' ' || match || ' ' || seq FROM move
                            WHERE rowid IN (SELECT value FROM json_each(?)) ORDER BY rowid
                            """,
                        arguments: [row[1] as String])
                    return "\(row[0] as String): \(moves.joined(separator: ", "))"
                }
            }
            #expect(archives == ["t3: t3 4 1, t3 4 2, t3 4 3", "t1: t1 1 1, t1 1 2"])
            #expect(
                try reopened.loadJournal().moves.map { "\($0.table) \($0.match) \($0.seq)" } == [
                    "t1 1 1", "t1 1 2", "t2 1 1",
                ])
            try reopened.commit([self.table("t1", match: 2), self.table("t3", match: 5)])
            for number in 4...HostStore.sweepEvery {
                try reopened.commit([self.table("t\(number)", match: 1)])
            }
            #expect(try self.rows(reopened).count == 6, "archived moves are not swept")
        }
    }

    @Test("a busy turn's moves in one commit, a match ended among them: each row noted, archives list their own")
    func manyMovesInOneCommit() throws {
        try self.withStore { folder, store in
            let tables = (1...5).map { "t\($0)" }
            try store.commit(tables.map { self.table($0, match: 1) })
            // NB: a row deleted at the table's end first: new ids follow the largest left, not a counter.
            try store.commit([self.table("t9", match: 1), self.move("t9", match: 1, seq: 1)])
            try store.commit([self.table("t9", match: 2)])
            // NB: numbered apart from the five (a table's number is its own).
            for number in 1...HostStore.sweepEvery { try store.commit([self.table("u\(100 + number)", match: 1)]) }
            #expect(try self.rows(store).isEmpty, "t9's first match swept")
            // NB: 100 moves, t3's match ended among them, then 37 more.
            var turn = (1...20).flatMap { seq in tables.map { self.move($0, match: 1, seq: seq) } }
            turn += [self.table("t3", match: 1), self.archive("t3", match: 1, at: 10), self.table("t3", match: 2)]
            turn += (21...29).flatMap { seq in ["t1", "t2", "t4", "t5"].map { self.move($0, match: 1, seq: seq) } }
            turn.append(self.move("t1", match: 1, seq: 30))
            try store.commit(turn)
            #expect(try self.rows(store).count == 137)
            #expect(try self.archived(store) == ["t3 1: \(Array(1...20))"])
            var expected = ["t1", "t2", "t4", "t5"].flatMap { table in (1...29).map { "\(table) \($0)" } }
            expected.insert("t1 30", at: 29)
            let loaded = try store.loadJournal().moves.map { "\($0.table) \($0.seq)" }
            #expect(loaded == expected, "\(loaded)")
            // NB: the same after a restart (the log read from the table).
            let restarted = try HostStore(folder: folder, newHostID: { "log" })
            try restarted.commit([self.table("t1", match: 1), self.archive("t1", match: 1, at: 20)])
            let again = try self.archived(restarted)
            #expect(again == ["t3 1: \(Array(1...20))", "t1 1: \(Array(1...30))"], "\(again)")
            // NB: t1's match is archived and still its table's current one: its moves are still the journal's.
            #expect(try restarted.loadJournal().moves.map { "\($0.table) \($0.seq)" } == expected)
        }
    }

    @Test("runs of every length up to 33 moves, several tables a statement: each row holds its move and is noted")
    func runsOfEveryLength() throws {
        try self.withStore { _, store in
            let tables = ["a1", "a2", "a3"]
            try store.commit(tables.map { self.table($0, match: 1) })
            var seqs = [String: Int]()
            var written: [String] = []
            // NB: the runs take the statements of 16, 8, 4, 2 and 1 rows in every combination, and each
            // statement holds the moves of several tables, one after another.
            for length in 1...33 {
                let run = (0..<length).map { index in
                    let table = tables[(length + index) % tables.count]
                    seqs[table, default: 0] += 1
                    written.append("\(table) 1 \(seqs[table]!)")
                    return self.move(table, match: 1, seq: seqs[table]!)
                }
                try store.commit(run)
            }
            #expect(try self.rows(store) == written)
            try store.commit(tables.flatMap { [self.table($0, match: 1), self.archive($0, match: 1, at: 10)] })
            let expected = tables.map { "\($0) 1: \(Array(1...seqs[$0]!))" }
            #expect(try self.archived(store) == expected)
        }
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
        try self.withStore { _, store in
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
    }

    @Test("a table's record is changed in place; a renumbered table and a new one with its old number are both kept")
    func tableRecords() throws {
        try self.withStore { _, store in
            let rowIDs = {
                try store.pool.read { db in try Int64.fetchAll(db, sql: "SELECT rowid FROM gameTable ORDER BY rowid") }
            }
            try store.commit([self.table("t1", match: 1), self.table("t2", match: 1)])
            let before = try rowIDs()
            try store.commit([self.table("t1", match: 2), self.table("t2", match: 3)])
            #expect(try rowIDs() == before, "changed in place")
            #expect(try store.loadJournal().tables.map { "\($0.id) \($0.number) \($0.match)" } == ["t1 1 2", "t2 2 3"])
            guard case .table(var renumbered) = self.table("t1", match: 2) else { return }
            renumbered.number = 7
            guard case .table(var newcomer) = self.table("t3", match: 1) else { return }
            newcomer.number = 1
            try store.commit([.table(renumbered), .table(newcomer)])
            #expect(try store.loadJournal().tables.map { "\($0.id) \($0.number)" } == ["t3 1", "t2 2", "t1 7"])
        }
    }

    @Test("a data folder from before the log keeps its moves, in order, in a table with no index, as the high scores")
    func migration() throws {
        let folder = try LegacyDataFolderTests.copy()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try HostStore(folder: folder, newHostID: { "unused" })
        for table in ["move", "highScore"] {
            let indexes = try store.pool.read { db in try Row.fetchAll(db, sql: "PRAGMA index_list(\(table))") }
            #expect(indexes.isEmpty, "\(table)")
        }
        #expect(try self.rows(store) == ["t1 1 1", "t1 1 2", "t1 1 3"])
    }
}
