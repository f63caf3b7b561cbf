import GameKit
import PropertyBased
import TestScheduling
import Testing

@Suite("Money in whole cents", .offThePool)
struct MoneyTests {
    @Test(arguments: [
        ("12", 1200), ("12.3", 1230), ("$12.34", 1234), ("-$0.05", -5), ("$.50", 50), ("0", 0), ("$0.01", 1),
        ("-12", -1200), ("007.10", 710), ("92233720368547758.07", Int64.max),
    ] as [(String, Int64)])
    func parses(text: String, cents: Int64) {
        #expect(Money(parsing: text) == Money(cents: cents))
    }

    @Test(arguments: [
        "", "$", "-", ".", "12.", "12.345", "1,000", " 12", "12 ", "$-5", "1e3", "12.3.4", "abc", "+5", "$$5",
        "92233720368547758.08", "99999999999999999999",
    ])
    func refuses(text: String) {
        #expect(Money(parsing: text) == nil)
    }

    @Test(
        arguments: [(0, "$0.00"), (5, "$0.05"), (1234, "$12.34"), (-5, "-$0.05"), (100_000, "$1000.00")]
            as [(Int64, String)])
    func formats(cents: Int64, text: String) {
        #expect(Money(cents: cents).description == text)
    }

    @Test("formatting then parsing gives the same amount, for any amount")
    func roundTrip() async {
        await propertyCheck(count: 500, input: Gen.int(in: -1_000_000_000_000...1_000_000_000_000)) { cents in
            let money = Money(cents: Int64(cents))
            #expect(Money(parsing: money.description) == money)
        }
    }

    @Test(arguments: [
        // amount cents, basis points, expected cents (half up on the cent)
        (4250, 1800, 765), (1000, 1850, 185), (1, 5000, 1), (3, 5000, 2), (5, 1000, 1), (4, 1000, 0),
        (-3, 5000, -2), (0, 2000, 0), (100_000_000_000_000, 1500, 15_000_000_000_000),
    ] as [(Int64, Int64, Int64)])
    func percentageRoundsHalfUp(cents: Int64, basisPoints: Int64, expected: Int64) {
        #expect(Money(cents: cents).percentage(basisPoints: basisPoints) == Money(cents: expected))
    }

    @Test("a percentage equals the exact rational result rounded half up, for any amount and rate")
    func percentageAgainstIntegerReference() async {
        await propertyCheck(
            count: 1000, input: Gen.int(in: 0...10_000_000_000), Gen.int(in: 0...100_000)
        ) { cents, basisPoints in
            let product = cents * basisPoints
            let reference = product / 10_000 + (product % 10_000 >= 5_000 ? 1 : 0)
            #expect(Money(cents: Int64(cents)).percentage(basisPoints: Int64(basisPoints))?.cents == Int64(reference))
        }
    }

    @Test("a percentage that does not fit is nil, not a wrong amount")
    func percentageOverflow() {
        #expect(Money(cents: .max).percentage(basisPoints: 2) == nil)
    }

    @Test("a split adds up exactly and its shares differ by at most a cent")
    func split() async {
        #expect(Money(cents: 1001).split(3) == [Money(cents: 334), Money(cents: 334), Money(cents: 333)])
        await propertyCheck(count: 500, input: Gen.int(in: 0...1_000_000_000), Gen.int(in: 1...50)) { cents, count in
            let shares = Money(cents: Int64(cents)).split(count)
            #expect(shares.count == count)
            #expect(shares.reduce(Money.zero, +) == Money(cents: Int64(cents)))
            #expect((shares.map(\.cents).max() ?? 0) - (shares.map(\.cents).min() ?? 0) <= 1)
        }
    }
}
