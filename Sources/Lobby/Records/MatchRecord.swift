import GameKit
import Protocol

/// A finished match, as the host's store keeps it for good: the game, who played under which name, the
/// structured result and the game's own summary. Journalled when a match ends, whatever the game; high
/// scores and progress reports are read from these.
public struct MatchRecord: Sendable, Equatable, Codable {
    /// The game's id.
    public var game: String
    /// The high-score board the match counts for: the game, its rule set and its options (``boardKey``).
    public var board: String
    public var table: TableID
    public var match: Int
    public var ruleSet: String
    /// The table's options.
    public var options: [String: JSONValue]
    /// When the match started and ended, in wall-clock milliseconds since 1970.
    public var startedAt: Int64
    public var endedAt: Int64
    /// Why it ended ("time-up", "out-of-lives", "finished", "resigned", ...).
    public var reason: String
    /// Every seat: who played it, their score and rank.
    public var players: [MatchPlayer]
    /// The game's own JSON (``GameKit/Game/summary(of:)``).
    public var summary: JSONValue

    /// Creates a record.
    public init(
        game: String, board: String, table: TableID, match: Int, ruleSet: String, options: [String: JSONValue],
        startedAt: Int64, endedAt: Int64, reason: String, players: [MatchPlayer], summary: JSONValue
    ) {
        self.game = game
        self.board = board
        self.table = table
        self.match = match
        self.ruleSet = ruleSet
        self.options = options
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.reason = reason
        self.players = players
        self.summary = summary
    }

    /// The board of a game, rule set and options: `game ruleSet {options as sorted JSON}`.
    public static func boardKey(game: String, ruleSet: String, options: [String: JSONValue]) -> String {
        "\(game) \(ruleSet) " + String(decoding: WireCodec.payload(options), as: UTF8.self)
    }
}

/// One seat of a finished match.
public struct MatchPlayer: Sendable, Equatable, Codable {
    public var seat: String
    /// The player's name (a bot's: "steady bot").
    public var name: String
    /// The bot that played the seat, if one did.
    public var bot: String?
    public var score: Int
    public var rank: Int

    /// Creates a seat's record.
    public init(seat: String, name: String, bot: String? = nil, score: Int, rank: Int) {
        self.seat = seat
        self.name = name
        self.bot = bot
        self.score = score
        self.rank = rank
    }
}

/// A name's best score on a board, as the store sums its records up.
public struct BoardScore: Sendable, Equatable, Codable {
    public var board: String
    public var name: String
    public var best: Int
    public var games: Int

    /// Creates an entry.
    public init(board: String, name: String, best: Int, games: Int) {
        self.board = board
        self.name = name
        self.best = best
        self.games = games
    }
}
