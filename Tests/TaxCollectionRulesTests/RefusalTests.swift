import TaxCollectionRules
import TestScheduling
import Testing

@Suite("Refused moves change nothing", .offThePool)
struct RefusalTests {
    func expectRefused(_ move: Move, in state: GameState, with violation: RuleViolation) {
        var copy = state
        #expect(throws: violation) { try copy.apply(move) }
        #expect(copy == state)
        #expect(throws: violation) { try copy.play(move) }
        #expect(copy == state)
    }

    @Test func sowingWhileARefillIsDue() throws {
        let state = try position(
            top: 20, bottom: 20, a: [0, 0, 0, 1, 0], b: [0, 0, 0, 0, 0], collections: (20, 9), turn: .b,
            phase: .refill)
        expectRefused(.sow(bank: 1, direction: .up), in: state, with: .refillRequired)
        #expect(RuleViolation.refillRequired.code == "refill-required")
        #expect(RuleViolation.refillRequired.message == "Please click your Collections to refill the Banks")
    }

    @Test func refillingWhileABankHoldsDollars() {
        expectRefused(.refill, in: GameState(), with: .refillNotAllowed)
        #expect(RuleViolation.refillNotAllowed.code == "refill-not-allowed")
        #expect(RuleViolation.refillNotAllowed.message == "Click this button only when all your Banks are empty")
    }

    @Test(arguments: [0, 6, -1, 100])
    func bankOutsideOneToFive(bank: Int) {
        expectRefused(.sow(bank: bank, direction: .down), in: GameState(), with: .noSuchBank)
    }

    @Test func sowingAnEmptyBank() throws {
        let state = try position(
            top: 10, bottom: 10, a: [0, 5, 5, 5, 5], b: [5, 5, 5, 5, 5], collections: (5, 0))
        expectRefused(.sow(bank: 1, direction: .up), in: state, with: .emptyBank)
    }

    @Test func anyMoveOnceTheGameIsOver() throws {
        let state = try position(
            top: 0, bottom: 0, a: [0, 0, 0, 0, 0], b: [0, 0, 0, 0, 0], collections: (40, 30), phase: .over,
            turns: 33)
        for move in Move.all {
            expectRefused(move, in: state, with: .gameOver)
        }
        #expect(state.legalMoves.isEmpty)
    }

    @Test func codesAreStableKebabCase() {
        #expect(
            RuleViolation.all.map(\.code) == [
                "game-over", "refill-required", "refill-not-allowed", "no-such-bank", "empty-bank",
            ])
    }
}
