import TaxCollectionRules
import TestScheduling
import Testing

@Suite("The end of the game", .offThePool)
struct GameEndTests {
    @Test func capturingTheLastTreasuryEndsTheGameAndSweepsTheBanks() throws {
        var state = try position(
            top: 0, bottom: 4, a: [0, 0, 1, 0, 0], b: [2, 0, 0, 0, 2], collections: (32, 29), debts: (0, 3))
        let events = try state.apply(.sow(bank: 3, direction: .down))
        #expect(state.isOver && state.phase == .over)
        #expect(state.banks == BySeat(a: [0, 0, 0, 0, 0], b: [0, 0, 0, 0, 0]))
        #expect(state.collections == BySeat(a: 37, b: 33))
        #expect(state.scores == BySeat(a: 40, b: 30))
        #expect(state.winner == .won(.a))
        #expect(events.last == .gameOver(winner: .won(.a), scores: BySeat(a: 40, b: 30), reason: .treasuriesEmpty))
    }

    @Test func theTurnCapEndsTheGame() throws {
        var state = try position(
            top: 10, bottom: 10, a: [5, 5, 5, 1, 5], b: [5, 5, 5, 5, 5], collections: (4, 0), turns: 199)
        let events = try state.apply(.sow(bank: 4, direction: .down))
        #expect(state.turns == 200 && state.isOver)
        #expect(events.last == .gameOver(winner: .draw, scores: BySeat(a: 25, b: 25), reason: .turnCap))
        #expect(state.top == 10 && state.bottom == 10)
    }

    @Test func theShortRuleSetHasItsOwnCap() throws {
        var state = try position(
            .short, top: 10, bottom: 10, a: [5, 5, 5, 1, 5], b: [5, 5, 5, 5, 5], collections: (4, 0), turns: 59)
        try state.play(.sow(bank: 4, direction: .down))
        #expect(state.isOver && state.turns == 60)
    }

    @Test func equalScoresDraw() throws {
        var state = try position(
            top: 0, bottom: 4, a: [0, 0, 1, 0, 0], b: [2, 0, 0, 0, 2], collections: (30, 31))
        try state.play(.sow(bank: 3, direction: .down))
        #expect(state.scores == BySeat(a: 35, b: 35))
        #expect(state.winner == .draw)
    }
}
