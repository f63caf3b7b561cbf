import GameKit
import Protocol

/// A table the host sets up and seats by itself, for a game a service beside the lobby arranged (a
/// tournament's game): the game, who sits in each seat, and when the match starts.
public struct TableAppointment: Sendable, Equatable {
    /// Who takes a seat.
    public enum Occupant: Sendable, Equatable {
        /// A player the lobby knows; moved from any table they sit at (a match under way there is resigned).
        case player(PlayerID)
        /// One of the game's bots.
        case bot(String)
        /// Held for a player who is not here yet: nobody may sit there until the host seats them.
        case held
    }

    public var game: String
    public var ruleSet: String?
    public var options: [String: JSONValue]?
    /// The table's grace period, and what happens when it ends during the match.
    public var graceSeconds: Int
    public var onTimeout: TimeoutPolicy
    /// One occupant per seat, in seat order: the table has this many seats.
    public var seats: [Occupant]
    /// When the match starts if the players have not all said `ready` by then (every seat taken).
    public var startsAt: LobbyTime

    /// Describes an appointment.
    public init(
        game: String, ruleSet: String? = nil, options: [String: JSONValue]? = nil, graceSeconds: Int,
        onTimeout: TimeoutPolicy = .forfeit, seats: [Occupant], startsAt: LobbyTime
    ) {
        self.game = game
        self.ruleSet = ruleSet
        self.options = options
        self.graceSeconds = graceSeconds
        self.onTimeout = onTimeout
        self.seats = seats
        self.startsAt = startsAt
    }
}

/// Why the lobby cannot set up an appointed table: the code a request would be refused with, and why.
public struct AppointmentRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    public var code: ErrorCode
    public var message: String
    /// With `invalid-option`: the option.
    public var option: String?

    public var description: String { self.message }
}

/// What a service beside the lobby reads of a table: its status, match and seats.
public struct TableSnapshot: Sendable, Equatable {
    public var id: TableID
    public var status: TableStatus
    /// The current or last match's number, and its result once over.
    public var match: Int
    public var result: MatchResult?
    /// The seats in order, with who holds them.
    public var seatOrder: [SeatName]
    public var players: [SeatName: PlayerID]
    public var bots: [SeatName: String]
}
