import Lobby
import Peer
import Protocol
import TaxCollectionRules
import Testing

@Suite("Seat player")
struct SeatPlayerTests {
    private func start(turn: String = "A") -> HostEnvelope {
        HostEnvelope(
            .state(
                MatchUpdate(
                    table: "t1", match: 1, seq: 0, turn: turn, status: .playing, state: JSONValue.encoding(GameState()),
                    hash: GameState().stateHash)))
    }

    @Test("a move lost with a dropped connection is sent again when the resumed state arrives")
    func resendsAfterResume() {
        var player = SeatPlayer<TaxCollectionGame>(table: "t1", seat: "A", bot: "random", seed: 3)
        guard case .send(.move(let first)) = player.receive(self.start()) else {
            Issue.record("no move on A's turn")
            return
        }
        #expect(player.receive(self.start()) == .wait, "the same state on the same connection: the move is in flight")
        // After a reconnection the move may have been lost with the connection: the resumed state is played.
        player.reconnected()
        guard case .send(.move(let again)) = player.receive(self.start()) else {
            Issue.record("the move was not sent again after a resumed state")
            return
        }
        #expect(again.seq == first.seq)
        #expect(player.movesSent == 2)
    }

    @Test("a seat that does not hold the turn waits; a finished match reports its result")
    func waitsAndFinishes() {
        var player = SeatPlayer<TaxCollectionGame>(table: "t1", seat: "B", bot: "random", seed: 3)
        #expect(player.receive(self.start()) == .wait)
        let over = HostEnvelope(
            .state(
                MatchUpdate(
                    table: "t1", match: 1, seq: 0, turn: nil, status: .over, state: JSONValue.encoding(GameState()),
                    hash: GameState().stateHash, result: MatchResult(winner: "A", reason: "resigned"))))
        #expect(player.receive(over) == .finished(MatchResult(winner: "A", reason: "resigned")))
    }

    @Test("a state taken as a state or in its message: the same answers, other tables' states ignored")
    func stateOrMessage() {
        var byMessage = SeatPlayer<TaxCollectionGame>(table: "t1", seat: "A", bot: "greedy", seed: 9)
        var byState = byMessage
        var elsewhere = self.start()
        if case .state(var update) = elsewhere.message {
            update.table = "t2"
            elsewhere = HostEnvelope(.state(update))
        }
        for envelope in [elsewhere, self.start(), self.start(), elsewhere] {
            guard case .state(let update) = envelope.message else { continue }
            #expect(byState.receive(state: update) == byMessage.receive(envelope))
        }
        let other = MatchUpdate(
            table: "t2", match: 1, seq: 0, turn: "A", status: .playing, state: .null, hash: "x")
        #expect(byState.receive(state: other) == .wait)
        #expect(byState.movesSent == 1 && byMessage.movesSent == 1)
        #expect(byState.mirror.state == byMessage.mirror.state && byState.mirror.state != nil)
    }
}
