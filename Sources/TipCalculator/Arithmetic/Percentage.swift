/// A tip percentage, exact: a whole number of ten-thousandths of a percent (18.5% is 185 000).
public struct Percentage: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Decimal places a percentage may have.
    public static let maxDecimals = 4
    /// The largest percentage accepted: 1000%.
    public static let maximum = Percentage(tenThousandths: 1000 * 10_000)

    /// The percentage × 10 000.
    public var tenThousandths: Int64

    /// A percentage of ten-thousandths of a percent.
    public init(tenThousandths: Int64) {
        self.tenThousandths = tenThousandths
    }

    /// A whole percentage.
    public init(percent: Int64) {
        self.tenThousandths = percent * 10_000
    }

    /// The percentage with at least two decimals and no trailing zero beyond them: "18.00", "18.125".
    public var description: String {
        let whole = self.tenThousandths / 10_000
        var fraction = String(self.tenThousandths % 10_000)
        fraction = String(repeating: "0", count: 4 - fraction.count) + fraction
        while fraction.count > 2, fraction.last == "0" { fraction.removeLast() }
        return "\(whole).\(fraction)"
    }

    /// The shortest form, for labels: "18", "18.5".
    public var short: String {
        var text = self.description
        while text.last == "0" { text.removeLast() }
        if text.last == "." { text.removeLast() }
        return text
    }

    public static func < (lhs: Percentage, rhs: Percentage) -> Bool { lhs.tenThousandths < rhs.tenThousandths }
}
