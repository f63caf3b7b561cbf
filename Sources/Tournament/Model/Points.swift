/// A number of points, exactly, in tenths: a win is usually 10, a draw 5.
///
/// NB: tenths, as the FIDE report file writes them ("2.5") and as Dutch-system engines count; no
/// floating point anywhere, so sums and comparisons are exact.
public struct Points: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The value in tenths of a point.
    public var tenths: Int

    /// Creates a value.
    /// - Parameter tenths: tenths of a point.
    public init(tenths: Int) {
        self.tenths = tenths
    }

    /// No points.
    public static let zero = Points(tenths: 0)

    /// Reads points as people write them: "1", "0.5", "2.5", "1/2", "½", "3,5".
    /// - Parameter text: the text.
    /// - Returns: the value, or `nil` when it is not a number of tenths from 0 to 999.9.
    public static func parse(_ text: String) -> Points? {
        let trimmed = text.trimmingSpaces
        switch trimmed {
        case "1/2", "½", ".5": return Points(tenths: 5)
        default: break
        }
        let normalized = trimmed.replacingComma
        let parts = normalized.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let whole = Int(parts[0]), whole >= 0, whole < 1000,
            parts[0].allSatisfy(\.isASCIIDigit)
        else { return nil }
        var tenths = whole * 10
        if parts.count == 2 {
            guard parts[1].count == 1, let digit = Int(parts[1]), parts[1].allSatisfy(\.isASCIIDigit) else {
                return nil
            }
            tenths += digit
        }
        return Points(tenths: tenths)
    }

    /// The value for people: "3", "2.5", "-0.5".
    public var description: String {
        let sign = self.tenths < 0 ? "-" : ""
        let magnitude = abs(self.tenths)
        return magnitude % 10 == 0 ? "\(sign)\(magnitude / 10)" : "\(sign)\(magnitude / 10).\(magnitude % 10)"
    }

    /// The value with one decimal, as the report file writes it: "3.0", "2.5".
    public var withOneDecimal: String {
        let sign = self.tenths < 0 ? "-" : ""
        let magnitude = abs(self.tenths)
        return "\(sign)\(magnitude / 10).\(magnitude % 10)"
    }

    public static func < (lhs: Points, rhs: Points) -> Bool { lhs.tenths < rhs.tenths }
    public static func + (lhs: Points, rhs: Points) -> Points { Points(tenths: lhs.tenths + rhs.tenths) }
    public static func - (lhs: Points, rhs: Points) -> Points { Points(tenths: lhs.tenths - rhs.tenths) }
    public static func += (lhs: inout Points, rhs: Points) { lhs.tenths += rhs.tenths }
}

extension Points: Codable {
    /// Points are written as text ("2.5"), exact and readable.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let value = Points.parse(text) else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath, debugDescription: "not a number of points: \(text)"))
        }
        self = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(self.description)
    }
}

extension StringProtocol {
    var trimmingSpaces: String {
        String(self.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }

    var replacingComma: String { String(self.map { $0 == "," ? "." : $0 }) }
}

extension Character {
    var isASCIIDigit: Bool { self >= "0" && self <= "9" }
}
