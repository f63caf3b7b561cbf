import GameKit
import TestScheduling
import Testing
import WhichBillRules

@Suite("WhichBill: which bill is right", .offThePool)
struct BillRuleTests {
    static let seed = Bills.seedBills

    @Test(
        "the smallest offered bill at least the cost, at the documented edges",
        arguments: [
            (1, 1), (99, 1), (100, 1), (101, 5), (499, 5), (500, 5), (501, 10), (749, 10), (1000, 10), (1001, 20),
            (1999, 20), (2000, 20),
        ] as [(Int64, Int64)])
    func rightBill(cents: Int64, dollars: Int64) {
        #expect(Bills.right(for: Money(cents: cents), among: Self.seed) == Money(dollars: dollars))
    }

    @Test("no bill pays for more than the largest bill; other bill sets follow the same rule")
    func otherBills() {
        #expect(Bills.right(for: Money(cents: 2001), among: Self.seed) == nil)
        let bills = [2, 50, 100].map { Money(dollars: $0) }
        #expect(Bills.right(for: Money(cents: 200), among: bills) == Money(dollars: 2))
        #expect(Bills.right(for: Money(cents: 201), among: bills) == Money(dollars: 50))
        #expect(Bills.right(for: Money(cents: 10_000), among: bills) == Money(dollars: 100))
    }

    @Test("the verdict: right, too small (less than the cost), more than you need (pays, but too big)")
    func verdicts() {
        let cost = Money(cents: 749)
        let answer = Money(dollars: 10)
        #expect(BillVerdict.judge(Money(dollars: 10), cost: cost, answer: answer) == .right)
        #expect(BillVerdict.judge(Money(dollars: 1), cost: cost, answer: answer) == .tooSmall)
        #expect(BillVerdict.judge(Money(dollars: 5), cost: cost, answer: answer) == .tooSmall)
        #expect(BillVerdict.judge(Money(dollars: 20), cost: cost, answer: answer) == .moreThanNeeded)
        #expect(BillVerdict.tooSmall.reason == "too small")
        #expect(BillVerdict.moreThanNeeded.reason == "more than you need")
        // At the edge a bill equal to the cost is the right one, not too small.
        #expect(BillVerdict.judge(Money(dollars: 5), cost: Money(cents: 500), answer: Money(dollars: 5)) == .right)
    }

    @Test("a bill's name: whole dollars")
    func names() {
        #expect(Bills.name(Money(dollars: 20)) == "$20")
        #expect(Bills.name(Money(dollars: 1)) == "$1")
    }
}
