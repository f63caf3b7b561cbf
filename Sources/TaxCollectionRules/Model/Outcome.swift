/// The result of a finished game: a winner or a draw.
///
/// On the wire an outcome is `"A"`, `"B"` or `"draw"` (and the state's `"winner"` is `null` while playing).
public enum Outcome: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The seat with the higher score won.
    case won(Seat)
    /// Both scores are equal.
    case draw

    /// `"A"`, `"B"` or `"draw"`.
    public var description: String {
        switch self {
        case .won(let seat): seat.rawValue
        case .draw: "draw"
        }
    }

    /// Reads `"A"`, `"B"` or `"draw"`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let outcome = Outcome(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "winner must be \"A\", \"B\" or \"draw\", not \"\(text)\"")
        }
        self = outcome
    }

    /// Reads a winner's wire name: `"A"`, `"B"` or `"draw"`.
    init?(_ name: String) {
        switch name {
        case "A": self = .won(.a)
        case "B": self = .won(.b)
        case "draw": self = .draw
        default: return nil
        }
    }

    /// Writes `"A"`, `"B"` or `"draw"`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
