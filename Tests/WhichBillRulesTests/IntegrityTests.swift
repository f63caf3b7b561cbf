import GameKit
import TestScheduling
import Testing
import WhichBillRules

/// What the rules refuse in a prepared move (from a tampered journal or a lying host): the host's state
/// checks the verdict against the right bill, a viewer's checks what it can.
@Suite("WhichBill: prepared moves are checked", .offThePool)
struct IntegrityTests {

    @Test("an unprepared move is refused with not-prepared")
    func notPrepared() {
        var state = TestSession().state
        #expect(
            WhichBillGame.apply(.choose(Money(dollars: 20), hint: false, verdict: nil), by: .seat("P1"), to: &state)
                .failureCode == "not-prepared")
        var answered = TestSession()
        _ = answered.choose(answered.right.cents / 100)
        #expect(WhichBillGame.apply(.next(nil), by: .seat("P1"), to: &answered.state).failureCode == "not-prepared")
    }

    @Test("a verdict the rules do not give is refused: on the host's state always, on a viewer's when it can tell")
    func verdictMismatch() {
        var session = TestSession()
        session.setCost(749)
        var host = session.state
        var viewer = host.viewed
        let lie = WhichBillMove.choose(Money(dollars: 20), hint: false, verdict: .right)
        #expect(WhichBillGame.apply(lie, by: .seat("P1"), to: &host).failureCode == "verdict-mismatch")
        // A viewer cannot tell $20 is not right for $7.49 (it does not know the right bill)...
        #expect(WhichBillGame.apply(lie, by: .seat("P1"), to: &viewer).failureCode == nil)
        // ...but a bill below the cost is too small, whatever the move says.
        var viewer2 = session.state.viewed
        let small = WhichBillMove.choose(
            Money(dollars: 5), hint: false, verdict: .right)
        #expect(WhichBillGame.apply(small, by: .seat("P1"), to: &viewer2).failureCode == "verdict-mismatch")
        let notSmall = WhichBillMove.choose(
            Money(dollars: 10), hint: false, verdict: .tooSmall)
        #expect(WhichBillGame.apply(notSmall, by: .seat("P1"), to: &viewer2).failureCode == "verdict-mismatch")
    }

    @Test("Play Again: an unknown item, the same item, a cost out of range, a wrong right bill are refused")
    func nextItem() {
        var session = TestSession(["maxCents": .integer(500)])
        _ = session.play(.choose(session.right, hint: false, verdict: nil))
        let current = session.state.item.id
        let other = current == "apple" ? "lemon" : "apple"
        func apply(_ next: NextItem) -> String? {
            var state = session.state
            return WhichBillGame.apply(.next(next), by: .seat("P1"), to: &state).failureCode
        }
        #expect(
            apply(NextItem(item: "caviar", cost: Money(cents: 99), answer: Money(dollars: 1)))
                == "unknown-item")
        #expect(apply(NextItem(item: current, cost: session.state.cost, answer: nil)) == "same-item")
        // An apple costs $0.50 to $1.99; $2.50 is outside, and so is $0.49.
        #expect(apply(NextItem(item: other, cost: Money(cents: 250), answer: nil)) == "cost-out-of-range")
        #expect(apply(NextItem(item: "apple", cost: Money(cents: 49), answer: nil)) != nil)
        // A coat cannot cost $5.00 or less, the session's maximum.
        #expect(apply(NextItem(item: "coat", cost: Money(cents: 500), answer: nil)) == "cost-out-of-range")
        #expect(
            apply(NextItem(item: "lemon", cost: Money(cents: 99), answer: Money(dollars: 5)))
                == "answer-mismatch")
        #expect(apply(NextItem(item: "lemon", cost: Money(cents: 99), answer: Money(dollars: 1))) == nil)
        // A viewer's copy of Play Again has no right bill, and applies.
        #expect(apply(NextItem(item: "lemon", cost: Money(cents: 99), answer: nil)) == nil)
    }
}
