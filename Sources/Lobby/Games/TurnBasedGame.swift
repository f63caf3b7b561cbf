import Protocol

/// Who a message is for, so a game can hide what that recipient may not see.
public enum Viewer: Sendable, Hashable {
    /// The player in this seat.
    case seat(String)
    /// Someone watching the table.
    case spectator
}

/// The rules refused a move.
public struct GameRuleViolation: Error, Sendable, Equatable {
    /// The game's stable code for the rule, e.g. "refill-required".
    public var code: String
    /// A sentence for people.
    public var message: String

    /// Creates a refusal.
    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }
}

/// The one protocol a game implements to be played at the lobby's tables.
///
/// The lobby knows nothing of any game: it seats players, orders their moves, keeps the journal and
/// tells everyone what happened. A game supplies its rules through these static requirements; the
/// lobby never keeps game state outside a value of `State`.
public protocol TurnBasedGame: Sendable {
    /// The whole state of one match; a value type.
    associatedtype State: Sendable & Codable
    /// One move, in the JSON shape the game documents.
    associatedtype Move: Sendable & Codable
    /// What a move did, for screens to animate, in the JSON shape the game documents.
    associatedtype Event: Sendable & Encodable

    /// The game's id, name, seats and rule sets, as `welcome` lists them.
    static var descriptor: GameDescriptor { get }

    /// The names of the bots that can play this game.
    static var bots: [String] { get }

    /// The starting state of a match.
    /// - Parameters:
    ///   - ruleSet: one of `descriptor.ruleSets`.
    ///   - firstSeat: the seat that moves first.
    /// - Returns: the state, or `nil` for an unknown rule set.
    static func start(ruleSet: String, firstSeat: String) -> State?

    /// The seat to move, or `nil` once the match is over.
    static func seatToMove(in state: State) -> String?

    /// Applies the mover's move.
    /// - Returns: the events, in order; or the rule the move breaks, with `state` unchanged.
    static func apply(_ move: Move, to state: inout State) -> Result<[Event], GameRuleViolation>

    /// The winning seat, or "draw", once the match is over by the rules; `nil` before.
    static func winner(of state: State) -> String?

    /// The state hash that clients check (docs/RULES.md for Tax Collection).
    static func hash(of state: State) -> String

    /// Whether ``view(of:for:)`` can show different viewers different things. A game that says
    /// `false` promises that both filters show everything to everyone, and the host builds each
    /// broadcast once for all its recipients instead of once per recipient.
    static var hidesInformation: Bool { get }

    /// The hidden-information filter: what a viewer may see of a state.
    static func view(of state: State, for viewer: Viewer) -> State

    /// The hidden-information filter for events; `nil` hides the event from that viewer.
    static func view(of event: Event, for viewer: Viewer) -> Event?

    /// A bot's choice of move; `nil` when the bot is unknown or the match is over.
    static func botMove(bot: String, in state: State, seed: UInt64) -> Move?
}

extension TurnBasedGame {
    /// NB: `true` unless a game says otherwise: a filter cannot be checked for being the identity.
    public static var hidesInformation: Bool { true }

    /// Games without hidden information show everything to everyone.
    public static func view(of state: State, for viewer: Viewer) -> State { state }

    /// Games without hidden information show every event to everyone.
    public static func view(of event: Event, for viewer: Viewer) -> Event? { event }
}
