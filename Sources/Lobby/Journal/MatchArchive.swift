import Protocol

/// A finished match as the archive keeps it: who played, how it was set up, how it ended, and its
/// final state. Its moves (with their times) are the journal's move records of the match.
///
/// NB: a game's progress records (WhichBill's rounds, a spelling game's score) and a tournament's
/// results are read from here, by the game's own code: the lobby keeps the facts, not their meaning.
public struct MatchArchive: Sendable, Equatable, Codable {
    /// One seat of the match.
    public struct Seat: Sendable, Equatable, Codable {
        public var seat: String
        /// The player's id and name, when a person held the seat.
        public var player: PlayerID?
        public var name: String?
        /// The host's bot, when one held the seat.
        public var bot: String?

        /// Describes a seat.
        public init(seat: String, player: PlayerID? = nil, name: String? = nil, bot: String? = nil) {
            self.seat = seat
            self.player = player
            self.name = name
            self.bot = bot
        }
    }

    public var table: TableID
    public var match: Int
    public var game: String
    public var ruleSet: String
    public var options: [String: JSONValue]
    public var seats: [Seat]
    /// When the match started and ended, in wall-clock milliseconds since 1970.
    public var startedAt: Int64
    public var endedAt: Int64
    public var result: MatchResult
    /// The host's full state at the start, in the game's shape: with the moves, the whole match.
    public var startState: EncodedJSON
    /// The host's full state at the end, in the game's shape, and its hash.
    public var finalState: EncodedJSON
    public var finalHash: String
    /// Moves applied.
    public var moves: Int

    /// Creates an archive record.
    public init(
        table: TableID, match: Int, game: String, ruleSet: String, options: [String: JSONValue], seats: [Seat],
        startedAt: Int64, endedAt: Int64, result: MatchResult, startState: EncodedJSON, finalState: EncodedJSON,
        finalHash: String, moves: Int
    ) {
        self.startState = startState
        self.table = table
        self.match = match
        self.game = game
        self.ruleSet = ruleSet
        self.options = options
        self.seats = seats
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.result = result
        self.finalState = finalState
        self.finalHash = finalHash
        self.moves = moves
    }
}

/// An archived match with its moves, as read back.
public struct ArchivedMatch: Sendable, Equatable {
    /// The archive's own number for it.
    public var id: Int64
    public var archive: MatchArchive
    /// The match's moves, in order.
    public var moves: [MoveRecord]

    /// Creates one.
    public init(id: Int64, archive: MatchArchive, moves: [MoveRecord]) {
        self.id = id
        self.archive = archive
        self.moves = moves
    }
}
