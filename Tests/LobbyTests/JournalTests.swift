import GameKit
import Foundation
import Lobby
import Protocol
import Storage
import TaxCollectionRules
import Testing

@Suite("Journal: every accepted move on a real SQLite file, and the lobby rebuilt from it")
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
        #expect(restored.nextDeadline == LobbyTime(milliseconds: 60_000), "every seated player is away, with a fresh grace")
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
            case .forgetPlayer, .matchRecord: break
            }
        }
        #expect {
            _ = try Lobby(restoring: snapshot, configuration: LobbyHarness.configuration(), now: LobbyTime(milliseconds: 0))
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
}
