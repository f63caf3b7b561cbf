/// A square of the board: one of the ten banks or one of the two treasuries.
///
/// On the wire a square is a string: `"A1"` … `"A5"` and `"B1"` … `"B5"` for the banks (seat, then the
/// bank's number counted from the top of its column), `"top"` and `"bottom"` for the treasuries.
///
/// The squares form a ring (see docs/RULES.md): down the left column A1…A5, the bottom treasury,
/// up the right column B5…B1, the top treasury, and back to A1. ``ringIndex`` numbers the ring 0…11
/// in that order.
public enum Square: Sendable, Hashable, CustomStringConvertible {
    /// A bank: its owner and its number, 1 (top of the column) to 5 (bottom).
    case bank(Seat, Int)
    /// The treasury above the columns.
    case top
    /// The treasury below the columns.
    case bottom

    /// The ring position of the bottom treasury.
    static let bottomIndex = 5
    /// The ring position of the top treasury.
    static let topIndex = 11
    /// Squares on the ring.
    static let ringSize = 12

    /// The square at a ring position 0…11.
    init(ringIndex: Int) {
        switch ringIndex {
        case 0...4: self = .bank(.a, ringIndex + 1)
        case Self.bottomIndex: self = .bottom
        case 6...10: self = .bank(.b, 11 - ringIndex)
        case Self.topIndex: self = .top
        default: preconditionFailure("Invalid ring index \(ringIndex)")
        }
    }

    /// The square's position on the ring: A1…A5 are 0…4, bottom 5, B5…B1 are 6…10, top 11.
    /// - Returns: `nil` for a bank number outside 1…5.
    public var ringIndex: Int? {
        switch self {
        case .bank(let seat, let number):
            guard (1...5).contains(number) else { return nil }
            return seat == .a ? number - 1 : 11 - number
        case .bottom: return Self.bottomIndex
        case .top: return Self.topIndex
        }
    }

    /// The wire name, such as `"A3"` or `"top"`.
    public var description: String {
        switch self {
        case .bank(let seat, let number):
            // NB: a bank's name from the ring's, not text made anew: the host writes a square into nearly
            // every event. A number off the board (no ring position) is spelled as it is.
            guard let index = self.ringIndex else { return "\(seat.rawValue)\(number)" }
            return Self.names[index]
        case .top: return "top"
        case .bottom: return "bottom"
        }
    }

    /// The wire names, by ring position.
    private static let names = ["A1", "A2", "A3", "A4", "A5", "bottom", "B5", "B4", "B3", "B2", "B1", "top"]

    /// Reads a wire name.
    /// - Parameter name: `"A1"`…`"B5"`, `"top"` or `"bottom"`.
    public init?(_ name: String) {
        switch name {
        case "top": self = .top
        case "bottom": self = .bottom
        default:
            let utf8 = Array(name.utf8)
            guard utf8.count == 2, let seat = Seat(rawValue: String(name.prefix(1))),
                (UInt8(ascii: "1")...UInt8(ascii: "5")).contains(utf8[1])
            else { return nil }
            self = .bank(seat, Int(utf8[1] - UInt8(ascii: "0")))
        }
    }
}

extension Square: Codable {
    /// Reads a wire name; anything else is a `DecodingError.dataCorrupted`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let name = try container.decode(String.self)
        guard let square = Square(name) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "a square is \"A1\"…\"B5\", \"top\" or \"bottom\", not \"\(name)\"")
        }
        self = square
    }

    /// Writes the wire name.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
