import TaxCollectionRules
import TestScheduling
import Testing

@Suite("Refills, borrowing and debts", .offThePool)
struct RefillTests {
    @Test func turnPassingToEmptyBanksAsksForARefill() throws {
        // A's last dollar stops before the bottom treasury; B's banks are all empty.
        var state = try position(
            top: 20, bottom: 19, a: [0, 0, 0, 1, 0], b: [0, 0, 0, 0, 0], collections: (20, 10))
        try state.play(.sow(bank: 4, direction: .down))
        #expect(state.turn == .b && state.phase == .refill)
        #expect(state.legalMoves == [.refill])
    }

    @Test func refillFromOwnCollection() throws {
        var state = try position(
            top: 20, bottom: 20, a: [0, 0, 0, 1, 0], b: [0, 0, 0, 0, 0], collections: (20, 9), turn: .b,
            phase: .refill)
        let events = try state.apply(.refill)
        #expect(events == [.refilled(seat: .b, fromCollection: 5)])
        #expect(state.banks.b == [1, 1, 1, 1, 1])
        #expect(state.collections == BySeat(a: 20, b: 4))
        #expect(state.turn == .b && state.phase == .sow && state.turns == 0)
    }

    @Test func refillBorrowsTheShortfallAsDebt() throws {
        var state = try position(
            top: 20, bottom: 20, a: [0, 0, 0, 1, 0], b: [0, 0, 0, 0, 0], collections: (27, 2), debts: (1, 0),
            turn: .b, phase: .refill)
        let events = try state.apply(.refill)
        #expect(events == [.refilled(seat: .b, fromCollection: 2), .borrowed(seat: .b, lender: .a, count: 3)])
        #expect(state.collections == BySeat(a: 24, b: 0))
        #expect(state.debts == BySeat(a: 1, b: 3))
        #expect(state.scores == BySeat(a: 26, b: -2))
    }

    @Test(arguments: [(RuleSet.classic, 2, 2), (RuleSet.noBorrowing, 4, 30)])
    func theGameEndsAtOnceWhenTheRefillIsImpossible(rules: RuleSet, collectionB: Int, collectionA: Int) throws {
        let top = rules.total - 1 - collectionA - collectionB - 10
        var state = try position(
            rules, top: top, bottom: 10, a: [0, 0, 0, 1, 0], b: [0, 0, 0, 0, 0],
            collections: (collectionA, collectionB))
        let events = try state.apply(.sow(bank: 4, direction: .down))
        #expect(state.isOver)
        #expect(
            events.suffix(3) == [
                .turnPassed(seat: .b),
                .swept(seat: .a, count: 1),
                .gameOver(
                    winner: .won(.a), scores: BySeat(a: collectionA + 1, b: collectionB), reason: .refillImpossible),
            ])
    }

    @Test func withBorrowingTheOpponentLendsTheWholeShortfallOrNothing() throws {
        // B holds 1, A holds 4: together exactly 5, so the refill is possible.
        var state = try position(
            top: 54, bottom: 10, a: [0, 0, 0, 1, 0], b: [0, 0, 0, 0, 0], collections: (4, 1), turn: .a)
        try state.play(.sow(bank: 4, direction: .down))
        #expect(state.phase == .refill)
        try state.play(.refill)
        #expect(state.collections == BySeat(a: 0, b: 0))
        #expect(state.debts == BySeat(a: 0, b: 4))
    }
}
