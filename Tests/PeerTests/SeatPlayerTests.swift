import Lobby
import Peer
import Protocol
import TaxCollectionRules
import Testing

@Suite("Seat player")
struct SeatPlayerTests {
    private func start(turn: String = "A") -> HostEnvelope {
        HostEnvelope(.state(MatchUpdate(
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
        let over = HostEnvelope(.state(MatchUpdate(
            table: "t1", match: 1, seq: 0, turn: nil, status: .over, state: JSONValue.encoding(GameState()),
            hash: GameState().stateHash, result: MatchResult(winner: "A", reason: "resigned"))))
        #expect(player.receive(over) == .finished(MatchResult(winner: "A", reason: "resigned")))
    }
}
