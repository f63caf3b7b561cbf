/// The one protocol a game implements to be played at the lobby's tables, refereed by the host and
/// re-checked by every client.
///
/// The lobby knows nothing of any game: it seats players, orders their moves, keeps the journal and
/// tells everyone what happened. A game supplies its rules through these static requirements, as
/// pure functions of values: no I/O, no clock, no randomness of its own.
///
/// A move goes through two steps:
/// 1. ``prepare(_:by:in:random:)``, on the host only: the game completes the move with what the host
///    decides for it (the dice of a roll, the next word, a fresh secret), drawn from ``HostRandom``.
///    The prepared move is what the journal keeps, so a restart replays it exactly.
/// 2. ``apply(_:by:to:)``, on the host and on every client: the rules, deterministic given the
///    prepared move. A client applies the move as it may see it (``view(of:for:)-(Move,_)``) to the
///    state as it may see it, and compares hashes: a game that hides information promises that
///    viewing commutes with applying (`apply(view(m), view(s)) == view(apply(m, s))`).
public protocol Game: Sendable {
    /// The whole state of one match; a value type.
    associatedtype State: Sendable & Codable
    /// One move, in the JSON shape the game documents.
    associatedtype Move: Sendable & Codable
    /// What a move did, for screens to animate, in the JSON shape the game documents.
    associatedtype Event: Sendable & Codable

    /// The game's id, name, seats, rule sets, options and bots.
    static var descriptor: GameDescriptor { get }

    /// Relations between options that their declarations cannot say (each option's own range is
    /// checked by the host first).
    /// - Parameters:
    ///   - options: the checked options.
    ///   - seats: the table's seat count.
    /// - Returns: why the combination is refused, naming an option; `nil` to accept it.
    static func refusal(of options: GameOptions, seats: Int) -> OptionRefusal?

    /// The starting state of a match.
    /// - Parameters:
    ///   - setup: rule set, seats, first seat, options and start time.
    ///   - random: the host's randomness for the start (step 0).
    /// - Returns: the state, or `nil` for an unknown rule set.
    static func start(_ setup: MatchSetup, random: inout HostRandom) -> State?

    /// The seats that may move now, in seat order; empty once the match is over.
    static func toAct(in state: State) -> [SeatName]

    /// Completes a move with what the host decides for it. Host only; the default returns the move.
    /// - Parameters:
    ///   - move: the move as the mover sent it.
    ///   - mover: who moves.
    ///   - state: the full state before the move.
    ///   - random: the host's randomness for this step.
    /// - Returns: the move to apply, journal and (viewed) send.
    static func prepare(_ move: Move, by mover: Mover, in state: State, random: inout HostRandom) -> Move

    /// The rules: applies a prepared move.
    /// - Returns: the events, in order; or the rule the move breaks, with `state` unchanged.
    static func apply(_ move: Move, by mover: Mover, to state: inout State) -> Result<[Event], GameRuleViolation>

    /// The rules for the state alone: applies a prepared move as ``apply(_:by:to:)`` does, without its
    /// events (a client checking the host's move needs only the state after it). Supplied:
    /// ``apply(_:by:to:)``, its events dropped.
    static func advance(_ move: Move, by mover: Mover, to state: inout State) -> Result<Void, GameRuleViolation>

    /// How the match ended by the rules; `nil` while it goes on.
    static func result(of state: State) -> GameResult?

    /// Each seat's score now, for a result the lobby has to make when a match ends from outside the
    /// rules (a draw agreed, a resignation, a forfeit).
    static func scores(in state: State) -> [(seat: SeatName, score: Int)]

    /// When the host must wake the game, on the wall clock; `nil` for never. When the time comes,
    /// the host asks for ``hostMove(_:in:)`` with ``HostCause/deadline`` and journals it.
    static func deadline(of state: State) -> GameTime?

    /// A move the host makes for the table: at a deadline, or when a seat leaves the match.
    /// Returning `nil` for a seat that leaves ends the match (the default): the seat ranks last.
    static func hostMove(_ cause: HostCause, in state: State) -> Move?

    /// What the host needs beyond the rules for a table with these options (a voice for spoken words);
    /// a host that lacks one refuses the table, saying why.
    static func features(for options: GameOptions) -> Set<HostFeature>

    /// Text the host speaks to a viewer now and never shows as text (a spelling word to hear); `nil` for
    /// none. The host sends the sound with each `state` that viewer gets.
    static func speech(in state: State, for viewer: Viewer) -> String?

    /// The state hash that clients check.
    static func hash(of state: State) -> String

    /// Whether `state`'s hash is `hash`: ``hash(of:)`` compared with it (the default), or the same
    /// answer without making the hash's text (a client checks a state after every move).
    static func state(_ state: State, hashesTo hash: String) -> Bool

    /// Whether the `view` filters can show different viewers different things. A game that says
    /// `false` promises that they show everything to everyone, and the host builds each broadcast
    /// once for all its recipients.
    static var hidesInformation: Bool { get }

    /// What a viewer may see of a state.
    static func view(of state: State, for viewer: Viewer) -> State

    /// What a viewer may see of an event; `nil` hides the event from that viewer.
    static func view(of event: Event, for viewer: Viewer) -> Event?

    /// What a viewer may see of a prepared move.
    static func view(of move: Move, for viewer: Viewer) -> Move

    /// A bot's choice of move for a seat.
    /// - Parameters:
    ///   - bot: one of `descriptor.bots`.
    ///   - seat: the seat it plays.
    ///   - state: the state as that seat sees it.
    ///   - seed: the bot's randomness.
    /// - Returns: the move, or `nil` when the bot is unknown or has nothing to do.
    static func botMove(bot: String, seat: SeatName, in state: State, seed: UInt64) -> Move?

    /// A move read from a JSON object's members without a `Decoder`, or `nil` to leave the object to
    /// `Decodable`. Supplied: a move that is a ``FlatJSONObject`` reads itself; any other, `nil`.
    ///
    /// NB: not for a game to write. Chosen once, when the game conforms, so the host and the clients do
    /// not ask at run time, for every move, whether the move reads itself.
    static func readMove(_ object: some JSONObjectReader) -> Move?

    /// A move's members written without an `Encoder`, or `nil` to write it through `Encodable`.
    /// Supplied, as ``readMove(_:)`` is.
    static func moveMembers(_ move: Move) -> [(key: String, value: JSONScalar)]?

    /// A move's sorted JSON, as its `Encodable` form writes it, or `nil` to write it from
    /// ``moveMembers(_:)`` or through `Encodable`. Supplied: `nil`.
    ///
    /// NB: for a game with few moves, which can keep each one's text: the host writes the move of every
    /// `move` message into its journal and its `state` messages, and each client writes its own.
    static func moveText(_ move: Move) -> [UInt8]?

    /// The move whose kept text (``moveText(_:)``) is exactly `text`, or `nil` to read the move from its
    /// members. Supplied: `nil`.
    ///
    /// NB: for a game that keeps its moves' texts: a client that writes its moves as the game does (ours
    /// all do) sends those texts, and the host reads every `move` message's move, and each client the
    /// move of every `state`, by finding its text, without listing its members first.
    static func keptMove(_ text: UnsafeRawBufferPointer) -> Move?

    /// A state's sorted JSON written by the state itself, or `nil` to write it through `Encodable`.
    /// Supplied: a state that is ``JSONTextWritable`` writes itself; any other, `nil`.
    ///
    /// NB: not for a game to write. Chosen once, when the game conforms, as ``readMove(_:)`` is: asking a
    /// state at run time whether it writes itself (`as? any JSONTextWritable`) cost about 800 instructions
    /// each time, twice a move.
    static func stateText(_ state: State) -> [UInt8]?

    /// A list of events' sorted JSON written by the events themselves, or `nil` to write it through
    /// `Encodable`. Supplied, as ``stateText(_:)`` is.
    static func eventsText(_ events: [Event]) -> [UInt8]?

    /// A state read from its JSON text without a `Decoder`, or `nil` to leave the text to `Decodable`.
    /// Supplied: a state that is ``JSONTextReadable`` reads itself; any other, `nil`. Chosen once, as
    /// ``stateText(_:)`` is.
    static func readState(_ json: inout JSONTextReader) -> State?
}

extension Game {
    public static func refusal(of options: GameOptions, seats: Int) -> OptionRefusal? { nil }

    public static func prepare(_ move: Move, by mover: Mover, in state: State, random: inout HostRandom) -> Move {
        move
    }

    public static func advance(
        _ move: Move, by mover: Mover, to state: inout State
    ) -> Result<Void, GameRuleViolation> {
        Self.apply(move, by: mover, to: &state).map { _ in () }
    }

    public static func deadline(of state: State) -> GameTime? { nil }

    public static func hostMove(_ cause: HostCause, in state: State) -> Move? { nil }

    public static func features(for options: GameOptions) -> Set<HostFeature> { [] }

    public static func speech(in state: State, for viewer: Viewer) -> String? { nil }

    public static func state(_ state: State, hashesTo hash: String) -> Bool { Self.hash(of: state) == hash }

    /// NB: `true` unless a game says otherwise: a filter cannot be checked for being the identity.
    public static var hidesInformation: Bool { true }

    public static func view(of state: State, for viewer: Viewer) -> State { state }

    public static func view(of event: Event, for viewer: Viewer) -> Event? { event }

    public static func view(of move: Move, for viewer: Viewer) -> Move { move }

    public static func readMove(_ object: some JSONObjectReader) -> Move? { nil }

    public static func moveMembers(_ move: Move) -> [(key: String, value: JSONScalar)]? { nil }

    public static func moveText(_ move: Move) -> [UInt8]? { nil }

    public static func keptMove(_ text: UnsafeRawBufferPointer) -> Move? { nil }

    public static func stateText(_ state: State) -> [UInt8]? { nil }

    public static func eventsText(_ events: [Event]) -> [UInt8]? { nil }

    public static func readState(_ json: inout JSONTextReader) -> State? { nil }

    /// The standings of a match that ends from outside the rules.
    /// - Parameters:
    ///   - state: the state when it ended.
    ///   - reason: why.
    ///   - last: seats that rank after everyone else (a resigner, a forfeiter).
    ///   - draw: every seat shares the first rank (a draw agreed).
    /// - Returns: the result.
    public static func endedResult(
        of state: State, reason: String, last: Set<SeatName> = [], draw: Bool = false
    ) -> GameResult {
        let scores = Self.scores(in: state)
        if draw {
            return GameResult(
                reason: reason, standings: scores.map { SeatStanding(seat: $0.seat, score: $0.score, rank: 1) })
        }
        return GameResult.ranking(scores, reason: reason, last: last)
    }
}

extension Game where Move: FlatJSONObject {
    public static func readMove(_ object: some JSONObjectReader) -> Move? {
        Move(readingObject: object)
    }

    public static func moveMembers(_ move: Move) -> [(key: String, value: JSONScalar)]? {
        move.jsonMembers
    }
}

extension Game where State: JSONTextWritable {
    public static func stateText(_ state: State) -> [UInt8]? {
        state.jsonText
    }
}

extension Game where State: JSONTextReadable {
    public static func readState(_ json: inout JSONTextReader) -> State? {
        State(readingJSON: &json)
    }
}

extension Game where Event: JSONTextWritable {
    public static func eventsText(_ events: [Event]) -> [UInt8]? {
        events.jsonText
    }
}
