/// A seat's name at a table ("A", "B", "P1", ...), as a game's descriptor lists it.
public typealias SeatName = String

/// Who a message is for, so a game can hide what that recipient may not see.
public enum Viewer: Sendable, Hashable {
    /// The player in this seat.
    case seat(SeatName)
    /// Someone watching the table.
    case spectator
}

/// Who makes a move: a seated player, or the host itself (a deadline passed, a seat left).
public enum Mover: Sendable, Hashable, CustomStringConvertible {
    /// The player in this seat.
    case seat(SeatName)
    /// The host, on behalf of the table (``HostCause``).
    case host

    /// The seat's name, or "host".
    public var description: String {
        switch self {
        case .seat(let seat): seat
        case .host: "host"
        }
    }

    /// The seat, when a player moves.
    public var seat: SeatName? {
        if case .seat(let seat) = self { return seat }
        return nil
    }
}

/// Why the host asks a game for a move of its own.
public enum HostCause: Sendable, Hashable {
    /// The time the game asked to be woken at (``Game/deadline(of:)``) has come.
    case deadline
    /// A seat left the match for good: its player resigned or left, or forfeited when the grace
    /// period for their dropped connection ended.
    case seatLeft(SeatName, LeaveReason)
}

/// How a seat left a match.
public enum LeaveReason: String, Sendable, Hashable, Codable {
    /// The player resigned, or left the table during the match.
    case resigned
    /// The player's connection dropped and the table's grace period ended with its policy "forfeit".
    case forfeit
}

/// The rules refused a move.
public struct GameRuleViolation: Error, Sendable, Equatable, CustomStringConvertible {
    /// The game's stable kebab-case code for the rule, e.g. "refill-required".
    public var code: String
    /// A sentence for people that says what to do instead.
    public var message: String
    /// Values that help the player correct the move (e.g. the ante the rules accept).
    public var details: [String: Int]

    /// Creates a refusal.
    public init(code: String, message: String, details: [String: Int] = [:]) {
        self.code = code
        self.message = message
        self.details = details
    }

    /// `code: message`.
    public var description: String { "\(self.code): \(self.message)" }
}
