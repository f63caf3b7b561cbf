import GameKit
import TestScheduling
import Testing

@Suite("Structured results", .offThePool)
struct GameResultTests {
    @Test("ranking by score: ties share a rank, the next rank skips")
    func ranking() {
        let result = GameResult.ranking([("P1", 150), ("P2", 300), ("P3", 150), ("P4", 90)], reason: "finished")
        #expect(result.standings.map(\.seat) == ["P2", "P1", "P3", "P4"])
        #expect(result.standings.map(\.rank) == [1, 2, 2, 4])
        #expect(result.winner == "P2")
    }

    @Test("seats that left rank last whatever their score")
    func leaversLast() {
        let result = GameResult.ranking([("A", 40), ("B", 30)], reason: "resigned", last: ["A"])
        #expect(result.standings.map(\.seat) == ["B", "A"])
        #expect(result.winner == "B")
    }

    @Test("a draw between all seats, a one-seat result and a partial tie")
    func winners() {
        #expect(GameResult.ranking([("A", 35), ("B", 35)], reason: "finished").winner == "draw")
        #expect(GameResult.ranking([("P1", 500)], reason: "finished").winner == nil)
        #expect(GameResult.ranking([("P1", 5), ("P2", 5), ("P3", 1)], reason: "finished").winner == nil)
    }
}
