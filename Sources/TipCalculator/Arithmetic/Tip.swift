import GameKit

/// A tip and a total, in exact cents (docs/TIP.md, "Arithmetic").
public struct Tip: Sendable, Hashable {
    /// The check amount, in cents.
    public var check: Money
    /// The tip percentage.
    public var percentage: Percentage
    /// The tip: check × percentage / 100, rounded half up on the cent.
    public var tip: Money
    /// The check plus the tip.
    public var total: Money

    /// Computes the tip on a check.
    ///
    /// NB: the product of a check (at most 10¹⁷ cents) and a percentage (at most 10⁷ ten-thousandths)
    /// needs 128 bits; the quotient (the tip, at most ten times the check) fits 64.
    /// - Parameters:
    ///   - check: the check amount (not negative, at most ``TipInput/maximumAmount``).
    ///   - percentage: the percentage (0 to ``Percentage/maximum``).
    public init(check: Money, percentage: Percentage) {
        precondition(check >= .zero && check <= TipInput.maximumAmount, "a check amount TipInput accepts")
        precondition(percentage.tenThousandths >= 0 && percentage <= .maximum, "a percentage TipInput accepts")
        self.check = check
        self.percentage = percentage
        let divisor: UInt64 = 1_000_000
        let product = UInt64(check.cents).multipliedFullWidth(by: UInt64(percentage.tenThousandths))
        let (quotient, remainder) = divisor.dividingFullWidth(product)
        // NB: half up: a remainder of half the divisor or more rounds up.
        let cents = quotient + (remainder * 2 >= divisor ? 1 : 0)
        self.tip = Money(cents: Int64(cents))
        self.total = check + self.tip
    }

    /// The total shared between `people` in whole cents: the first `total.cents % people` people pay one
    /// cent more, so the shares add up to the total exactly.
    /// - Parameter people: how many share, at least 1.
    /// - Returns: each person's share, in order (person 1 first).
    public func shares(_ people: Int) -> [Money] {
        self.total.split(people)
    }
}
