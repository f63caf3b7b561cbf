import GameKit
import Lobby
import Protocol
import TaxCollectionRules
import TestSupport
import Testing

@Suite("Lobby: a batch's messages taken into one outcome, as a busy host takes them")
struct BatchOutcomeTests {
    @Test(
        "each message's part is what it alone returns, in order after what the outcome held, and so distorted",
        arguments: [Set<HostFault>(), [.wrongHash]])
    func intoOneOutcome(faults: Set<HostFault>) throws {
        var harness = LobbyHarness()
        var configuration = LobbyHarness.configuration()
        configuration.faults = faults
        harness.lobby = Lobby(configuration: configuration)
        let (table, a, b) = harness.startMatch()
        var alone = harness.lobby
        var batched = harness.lobby
        var messages: [(ClientEnvelope, from: ConnectionID)] = []
        var local = GameState()
        var random = SplitMix64(seed: 11)
        while !local.isOver {
            let move = local.legalMoves[random.nextIndex(below: local.legalMoves.count)]
            let mover = local.turn == .a ? a : b
            _ = try local.apply(move)
            let seq = messages.count
            let request = MoveRequest(table: table, seq: seq, move: wire(move))
            messages.append((ClientEnvelope(id: .number(Int64(seq)), .move(request)), mover))
        }
        for connection in [a, b] {
            messages.append((ClientEnvelope(id: .number(900), .rematch(TableRequest(table: table))), connection))
        }
        messages.append((ClientEnvelope(id: .number(901), .ping(Ping())), a))

        // NB: the outcome holds an earlier message's part already; so does the one built from the parts.
        let earlier = Delivery(to: b, HostEnvelope(re: .number(1), .pong(Pong())))
        var outcome = LobbyOutcome()
        outcome.deliveries = [earlier]
        var expected = outcome
        let now = harness.now
        for (envelope, connection) in messages {
            expected.merge(alone.receive(envelope, from: connection, now: now))
            batched.receive(envelope, from: connection, now: now, into: &outcome)
        }
        #expect(outcome.deliveries.count == expected.deliveries.count)
        #expect(outcome.journal.count == expected.journal.count)
        // NB: entry by entry, not the outcomes whole: a failure names a count, not every byte of both.
        #expect(zip(outcome.journal, expected.journal).allSatisfy { $0 == $1 }, "the journal entries, in order")
        #expect(zip(outcome.deliveries, expected.deliveries).allSatisfy { $0 == $1 }, "the deliveries, in order")
        #expect(outcome.deliveries.first == earlier)
        #expect(outcome.journal.contains { if case .archive = $0 { true } else { false } }, "the game ended")
        #expect(batched.matchHash(of: table) == alone.matchHash(of: table))
        // NB: the last move's state, as each player was sent it: distorted by the fault, in the batch too.
        let final = TaxCollectionGame.hash(of: local)
        let sent = faults.contains(.wrongHash) ? String(final.reversed()) : final
        let last = outcome.deliveries.compactMap { $0.envelope.state }.filter { $0.seq == messages.count - 3 }
        #expect(last.count == 2)
        #expect(last.allSatisfy { $0.hash == sent })
    }
}
