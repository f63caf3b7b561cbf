import GameKit
import PropertyBased
import TestScheduling
import Testing
import WhichBillRules

/// The number line's enable and disable logic, checked at every slider position (every cent from $0 to
/// the largest bill) against tables written from the seed's words, not from the code.
@Suite("WhichBill: the number line", .offThePool)
struct NumberLineTests {
    static let bills = Bills.seedBills

    /// What a case expects: from a slider position (inclusive) on, these bills (in dollars) are enabled.
    struct Case: Sendable, CustomStringConvertible {
        var cost: Int64
        var wrong: [Int64]
        var spans: [(from: Int64, enabled: [Int64])]

        var description: String { "cost \(Money(cents: self.cost)), wrong \(self.wrong)" }
    }

    static let cases: [Case] = [
        // $7.49 needs $10: from $10.00 up to $19.99 only $10 may be pressed; elsewhere every bill.
        Case(cost: 749, wrong: [], spans: [(0, [1, 5, 10, 20]), (1000, [10]), (2000, [1, 5, 10, 20])]),
        // The same with $5 guessed wrong: $5 stays disabled everywhere.
        Case(cost: 749, wrong: [5], spans: [(0, [1, 10, 20]), (1000, [10]), (2000, [1, 10, 20])]),
        // $1.00 needs $1: its zone is $1.00 to $4.99.
        Case(cost: 100, wrong: [], spans: [(0, [1, 5, 10, 20]), (100, [1]), (500, [1, 5, 10, 20])]),
        // $0.01 needs $1 too.
        Case(cost: 1, wrong: [20], spans: [(0, [1, 5, 10]), (100, [1]), (500, [1, 5, 10])]),
        // $4.99 and $5.00 need $5: $5.00 to $9.99.
        Case(cost: 499, wrong: [1], spans: [(0, [5, 10, 20]), (500, [5]), (1000, [5, 10, 20])]),
        Case(cost: 500, wrong: [], spans: [(0, [1, 5, 10, 20]), (500, [5]), (1000, [1, 5, 10, 20])]),
        // $20.00 needs $20, the largest: only the end of the line points at it.
        Case(cost: 2000, wrong: [10, 1], spans: [(0, [5, 20]), (2000, [20])]),
        Case(cost: 1001, wrong: [], spans: [(0, [1, 5, 10, 20]), (2000, [20])]),
    ]

    @Test("every slider position, for costs at the edges, with and without wrong guesses", arguments: Self.cases)
    func everyPosition(_ test: Case) {
        let wrong = test.wrong.map { Money(dollars: $0) }
        for position in 0...Int64(2000) {
            let span = test.spans.last { $0.from <= position }!
            let expected = Self.bills.map { span.enabled.contains($0.cents / 100) }
            let enabled = NumberLine.enabled(
                bills: Self.bills, cost: Money(cents: test.cost), wrong: wrong, answered: false,
                slider: Money(cents: position))
            #expect(enabled == expected, "slider at \(Money(cents: position))")
        }
    }

    @Test("once the right bill is chosen every bill is disabled, wherever the slider is")
    func answered() {
        for position in 0...Int64(2000) {
            let enabled = NumberLine.enabled(
                bills: Self.bills, cost: Money(cents: 749), wrong: [Money(dollars: 5)], answered: true,
                slider: Money(cents: position))
            #expect(enabled == [false, false, false, false])
        }
    }

    @Test("with the number line off only the wrong guesses are disabled")
    func lineOff() {
        let enabled = NumberLine.enabled(
            bills: Self.bills, cost: Money(cents: 749), wrong: [Money(dollars: 20)], answered: false, slider: nil)
        #expect(enabled == [true, true, true, false])
    }

    @Test("the hint zone and the slider's range")
    func zoneAndRange() {
        #expect(
            NumberLine.hintZone(cost: Money(cents: 749), bills: Self.bills) == Money(cents: 1000)...Money(cents: 1999))
        #expect(
            NumberLine.hintZone(cost: Money(cents: 1500), bills: Self.bills) == Money(cents: 2000)...Money(cents: 2000))
        #expect(NumberLine.hintZone(cost: Money(cents: 2001), bills: Self.bills) == nil)
        #expect(NumberLine.range(of: Self.bills) == Money.zero...Money(dollars: 20))
        #expect(NumberLine.move(Money(cents: 5), by: -100, bills: Self.bills) == .zero)
        #expect(NumberLine.move(Money(cents: 1990), by: 100, bills: Self.bills) == Money(dollars: 20))
        #expect(NumberLine.move(Money(cents: 700), by: 1, bills: Self.bills) == Money(cents: 701))
    }

    @Test("for any bills, cost and wrong guesses, at every position: in the right bill's zone it alone is enabled")
    func anyBills() async {
        let denominations = Bills.denominations.map { Money(dollars: $0) }
        await propertyCheck(count: 60, input: Gen.int(in: 1...127), Gen.int(in: 0...Int.max)) { mask, seed in
            var bills = denominations.enumerated().filter { mask & (1 << $0.offset) != 0 }.map(\.element)
            if bills.count < 2 { bills = Array(denominations.prefix(2)) }
            var random = SplitMix64(seed: UInt64(seed))
            let cost = Money(cents: 1 + Int64(random.nextUnbiased(below: Int(bills.last!.cents))))
            let right = Bills.right(for: cost, among: bills)!
            let wrong = bills.filter { $0 != right && random.next() % 2 == 0 }
            for position in stride(from: Int64(0), through: bills.last!.cents, by: 1) {
                let enabled = NumberLine.enabled(
                    bills: bills, cost: cost, wrong: wrong, answered: false, slider: Money(cents: position))
                let inZone =
                    position >= right.cents && (position < (bills.first { $0 > right }?.cents ?? right.cents + 1))
                let on = Set(zip(bills, enabled).filter(\.1).map(\.0))
                if inZone {
                    #expect(on == [right])
                } else {
                    #expect(on == Set(bills).subtracting(wrong))
                }
            }
        }
    }
}
