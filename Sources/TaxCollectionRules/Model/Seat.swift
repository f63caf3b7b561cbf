/// One of the two players. Player A owns the left column of banks, player B the right one.
///
/// On the wire a seat is the string `"A"` or `"B"`.
public enum Seat: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// The player on the left, who moves first.
    case a = "A"
    /// The player on the right.
    case b = "B"

    /// The other player.
    @inlinable
    public var opponent: Seat { self == .a ? .b : .a }

    /// `"A"` or `"B"`.
    public var description: String { rawValue }

    /// 0 for A, 1 for B: the seat's slot in per-seat storage.
    var index: Int { self == .a ? 0 : 1 }
}

/// The direction of a sowing, as the player swipes it on the screen.
///
/// On the wire a direction is `"up"` or `"down"`. "Down" from any bank goes toward the bottom treasury,
/// "up" toward the top one; the hand then keeps turning the same way around the ring.
public enum Direction: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// Toward the top treasury.
    case up
    /// Toward the bottom treasury.
    case down

    /// `"up"` or `"down"`.
    public var description: String { rawValue }

    /// Reads `"up"` or `"down"`; anything else is a `DecodingError.dataCorrupted` that says so.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let direction = Direction(rawValue: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "direction must be \"up\" or \"down\", not \"\(text)\"")
        }
        self = direction
    }
}

/// The state of play: whether the mover must refill, may sow, or the game has ended.
///
/// On the wire a phase is `"refill"`, `"sow"` or `"over"`.
public enum Phase: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// All the mover's banks are empty: the only legal move is ``Move/refill``.
    case refill
    /// The mover picks a non-empty bank of theirs and a direction.
    case sow
    /// The game has ended; no move is legal.
    case over

    /// The wire name.
    public var description: String { rawValue }
}

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
        switch text {
        case "A": self = .won(.a)
        case "B": self = .won(.b)
        case "draw": self = .draw
        default:
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "winner must be \"A\", \"B\" or \"draw\", not \"\(text)\"")
        }
    }

    /// Writes `"A"`, `"B"` or `"draw"`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
