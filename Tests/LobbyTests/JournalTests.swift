import Foundation
import GameKit
import Lobby
import Protocol
import Storage
import TaxCollectionRules
import TestScheduling
import Testing

@Suite("Journal: every accepted move on a real SQLite file, and the lobby rebuilt from it", .offThePool)
struct JournalTests {
    private func store() throws -> (HostStore, String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tcnet-journal-\(UUID())").path
        return (try HostStore(folder: folder, newHostID: { "h" }), folder)
    }

    @Test("a lobby rebuilt from its journal has the same tables, seats, match and hash; players resume by token")
    func rebuild() throws {
        let (store, folder) = try self.store()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var harness = LobbyHarness()
        let (table, a, b) = harness.startMatch(grace: 60)
        let tokenA = try #require(harness.tokens[a])
        var local = GameState()
        var rng = SplitMix64(seed: 7)
        for seq in 0..<12 where !local.isOver {
            let move = local.legalMoves[rng.nextIndex(below: local.legalMoves.count)]
            _ = try local.apply(move)
            harness.send(.move(MoveRequest(table: table, seq: seq, move: wire(move))), from: local.turn == .a ? b : a)
        }
        // NB: the mover alternates; recompute who moved from the journal instead of guessing.
        try store.commit(harness.journal)
        let snapshot = try store.loadJournal()
        #expect(snapshot.tables.count == 1)
        #expect(snapshot.players.count == 2)

        var restored = try Lobby(
            restoring: snapshot, configuration: LobbyHarness.configuration(), now: LobbyTime(milliseconds: 0))
        #expect(
            restored.nextDeadline == LobbyTime(milliseconds: 60_000), "every seated player is away, with a fresh grace")
        let connection = ConnectionID(100)
        let outcome = restored.greet(
            Hello(name: "x", resume: tokenA), re: nil, on: connection, now: LobbyTime(milliseconds: 1),
            player: PlayerID(rawValue: "unused"), resumeToken: ResumeToken(rawValue: "unused"))
        let state = try #require(outcome.deliveries.compactMap { $0.envelope.state }.last)
        let original = try #require(harness.lobby.matchHash(of: table))
        #expect(state.hash == original)
        #expect(state.seq == snapshot.moves.count)
        #expect(snapshot.moves.count > 0)
    }

    @Test("a journal whose move hash was altered is refused at start-up, naming the move")
    func tamperedJournal() throws {
        var harness = LobbyHarness()
        let (table, a, _) = harness.startMatch()
        harness.send(.move(MoveRequest(table: table, seq: 0, move: wire(.sow(bank: 1, direction: .down)))), from: a)
        var snapshot = JournalSnapshot()
        for entry in harness.journal {
            switch entry {
            case .player(let record): snapshot.players.append(record)
            case .table(let record): snapshot.tables.removeAll { $0.id == record.id }; snapshot.tables.append(record)
            case .move(var record):
                record.hash = String(repeating: "0", count: 64)
                snapshot.moves.append(record)
            case .forgetPlayer, .archive, .tournament: break
            }
        }
        #expect {
            _ = try Lobby(
                restoring: snapshot, configuration: LobbyHarness.configuration(), now: LobbyTime(milliseconds: 0))
        } throws: { error in
            "\(error)".contains("move 1") && "\(error)".contains("differs from the journal")
        }
    }

    @Test("only the current match's moves are kept; a rematch starts a clean journal for the table")
    func movesOfOldMatchesPruned() throws {
        let (store, folder) = try self.store()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var harness = LobbyHarness()
        let (table, a, b) = harness.startMatch()
        harness.send(.move(MoveRequest(table: table, seq: 0, move: wire(.sow(bank: 1, direction: .down)))), from: a)
        harness.send(.resign(TableRequest(table: table)), from: b)
        harness.send(.rematch(TableRequest(table: table)), from: a)
        harness.send(.rematch(TableRequest(table: table)), from: b)
        try store.commit(harness.journal)
        let snapshot = try store.loadJournal()
        #expect(snapshot.moves.isEmpty)
        #expect(snapshot.tables.first?.match == 2)
        #expect(snapshot.tables.first?.firstSeat == "B")
    }

    @Test("a finished match is archived with its players, result, start and final states and timed moves")
    func finishedMatchesArchived() throws {
        let (store, folder) = try self.store()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var harness = LobbyHarness()
        harness.now = LobbyTime(milliseconds: 1_700_000_000_000)
        let (table, a, b) = harness.startMatch()
        var local = GameState()
        var rng = SplitMix64(seed: 4)
        var played: [JSONValue] = []
        while !local.isOver {
            let move = local.legalMoves[rng.nextIndex(below: local.legalMoves.count)]
            let mover = local.turn == .a ? a : b
            _ = try local.apply(move)
            harness.now = harness.now.adding(milliseconds: 250)
            harness.send(.move(MoveRequest(table: table, seq: played.count, move: wire(move))), from: mover)
            played.append(wire(move))
        }
        // The rematch's first move must not disturb the first match's archived moves.
        harness.now = harness.now.adding(seconds: 60)
        harness.send(.rematch(TableRequest(table: table)), from: a)
        harness.send(.rematch(TableRequest(table: table)), from: b)
        harness.send(.move(MoveRequest(table: table, seq: 0, move: wire(.sow(bank: 2, direction: .up)))), from: b)
        harness.send(.resign(TableRequest(table: table)), from: a)
        try store.commit(harness.journal)

        let archived = try store.archivedMatches()
        try #require(archived.count == 2)
        let first = archived[0]
        #expect(first.archive.game == "taxcollection")
        #expect(first.archive.match == 1)
        #expect(first.archive.seats.map(\.name) == ["Lan", "Minh"])
        #expect(first.archive.result.reason == "finished")
        #expect(first.archive.result.winner == local.winner?.description)
        #expect(first.archive.finalHash == local.stateHash)
        #expect(try first.archive.finalState.decode(as: GameState.self) == local)
        #expect(try first.archive.startState.decode(as: GameState.self) == GameState())
        #expect(first.moves.map(\.move) == played)
        #expect(first.moves.compactMap(\.at) == (1...played.count).map { 1_700_000_000_000 + Int64($0) * 250 })
        #expect(archived[1].archive.result.reason == "resigned")
        #expect(archived[1].archive.result.winner == "B")
        #expect(archived[1].moves.count == 1)
        #expect(try store.archivedMatches(game: "craps").isEmpty)
        #expect(try store.archivedMatches(since: archived[1].archive.endedAt).count == 1)

        #expect(try store.pruneArchive(before: archived[1].archive.endedAt) == 1)
        let kept = try store.archivedMatches()
        #expect(kept.map(\.archive.match) == [2])
        #expect(kept.first?.moves.count == 1, "the moves of the kept match stay")
    }
}
