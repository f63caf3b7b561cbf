/// An amount of money in whole cents: exact, never binary floating point.
///
/// Craps balances and antes, WhichBill's prices and bills, and the tip calculator all count in it.
/// Text is written with a leading dollar sign and two decimals ("$12.34", "-$0.05"); ``init(parsing:)``
/// reads the same form back, exactly.
public struct Money: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The amount in cents.
    public var cents: Int64

    /// An amount in cents.
    public init(cents: Int64) {
        self.cents = cents
    }

    /// A whole number of dollars.
    public init(dollars: Int64) {
        self.cents = dollars * 100
    }

    /// Nothing.
    public static let zero = Money(cents: 0)

    /// Reads an amount: an optional minus sign, an optional "$", digits, and at most two decimals
    /// ("12", "12.3", "$12.34", "-$0.05", "$.50"). Nothing else is accepted: no spaces, no thousands
    /// separators, no exponent; the issue of what else a person may type belongs to the screen that
    /// reads it.
    /// - Parameter text: the text.
    /// - Returns: the amount, or `nil` when the text is not one, or is beyond ±92 quadrillion dollars.
    public init?(parsing text: String) {
        var bytes = Substring(text).utf8[...]
        var negative = false
        if bytes.first == UInt8(ascii: "-") {
            negative = true
            bytes = bytes.dropFirst()
        }
        if bytes.first == UInt8(ascii: "$") { bytes = bytes.dropFirst() }
        let dot = bytes.firstIndex(of: UInt8(ascii: "."))
        let whole = dot.map { bytes[bytes.startIndex..<$0] } ?? bytes
        let fraction = dot.map { bytes[bytes.index(after: $0)...] } ?? Substring("").utf8[...]
        guard !whole.isEmpty || !fraction.isEmpty, fraction.count <= 2, dot == nil || !fraction.isEmpty else {
            return nil
        }
        guard whole.allSatisfy(Self.isDigit), fraction.allSatisfy(Self.isDigit) else { return nil }
        var cents: Int64 = 0
        for digit in whole {
            let (times, overflow) = cents.multipliedReportingOverflow(by: 10)
            let (plus, overflow2) = times.addingReportingOverflow(Int64(digit - UInt8(ascii: "0")))
            guard !overflow, !overflow2 else { return nil }
            cents = plus
        }
        var hundredths: Int64 = 0
        for (index, digit) in fraction.enumerated() {
            hundredths += Int64(digit - UInt8(ascii: "0")) * (index == 0 ? 10 : 1)
        }
        let (scaled, overflow) = cents.multipliedReportingOverflow(by: 100)
        let (total, overflow2) = scaled.addingReportingOverflow(hundredths)
        guard !overflow, !overflow2 else { return nil }
        self.cents = negative ? -total : total
    }

    /// "$12.34", "-$0.05": a leading dollar sign and exactly two decimals.
    public var description: String {
        let magnitude = self.cents.magnitude
        let fraction = magnitude % 100
        let sign = self.cents < 0 ? "-" : ""
        return "\(sign)$\(magnitude / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// The whole dollars when the amount is a whole number of dollars.
    public var wholeDollars: Int64? {
        self.cents % 100 == 0 ? self.cents / 100 : nil
    }

    /// This amount times a percentage given in hundredths of a percent (1850 for 18.5%), rounded half
    /// up on the cent (away from zero for negative amounts).
    /// - Parameter basisPoints: the percentage × 100.
    /// - Returns: the share, or `nil` when it does not fit.
    public func percentage(basisPoints: Int64) -> Money? {
        let (product, overflow) = self.cents.multipliedReportingOverflow(by: basisPoints)
        guard !overflow else { return nil }
        let divisor: Int64 = 10_000
        let quotient = product / divisor
        let remainder = product % divisor
        // NB: half up, on the magnitude: 0.5 cent and more rounds away from zero.
        let adjust: Int64 = remainder.magnitude * 2 >= divisor ? (product < 0 ? -1 : 1) : 0
        return Money(cents: quotient + adjust)
    }

    /// Splits the amount between `count` people in whole cents: the first `cents % count` shares get
    /// one cent more, so the shares add up exactly.
    /// - Parameter count: how many shares, at least 1.
    /// - Returns: the shares, largest first.
    public func split(_ count: Int) -> [Money] {
        precondition(count > 0, "split needs at least one share")
        let base = self.cents / Int64(count)
        let extra = Int(self.cents % Int64(count))
        return (0..<count).map { Money(cents: base + ($0 < extra.magnitude ? (extra < 0 ? -1 : 1) : 0)) }
    }

    public static func + (lhs: Money, rhs: Money) -> Money { Money(cents: lhs.cents + rhs.cents) }
    public static func - (lhs: Money, rhs: Money) -> Money { Money(cents: lhs.cents - rhs.cents) }
    public static func += (lhs: inout Money, rhs: Money) { lhs.cents += rhs.cents }
    public static func -= (lhs: inout Money, rhs: Money) { lhs.cents -= rhs.cents }
    public static func < (lhs: Money, rhs: Money) -> Bool { lhs.cents < rhs.cents }

    /// Encodes as the number of cents.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(self.cents)
    }

    /// Decodes from a number of cents.
    public init(from decoder: any Decoder) throws {
        self.cents = try decoder.singleValueContainer().decode(Int64.self)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
