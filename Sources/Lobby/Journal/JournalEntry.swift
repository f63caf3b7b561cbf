import GameKit
import Protocol

/// A durable change to the lobby, committed to the journal before the messages it causes are sent.
///
/// NB: a table's record and an archive are `indirect`: inline (240 and 168 bytes), every entry was 240
/// bytes, copied with `memmove` as a turn's entries were made and written, where a move's record is 81.
public enum JournalEntry: Sendable, Equatable {
    /// A player who holds a seat (so may resume after a restart); inserted or replaced.
    case player(PlayerRecord)
    /// A player who holds no seat any more and is not connected.
    case forgetPlayer(PlayerID)
    /// A table's durable facts; inserted or replaced.
    indirect case table(TableRecord)
    /// An accepted move.
    case move(MoveRecord)
    /// A match that ended: kept, with its moves, in the archive (until the teacher prunes it).
    indirect case archive(MatchArchive)
    /// A tournament's whole state, as its desk keeps it; inserted or replaced.
    case tournament(TournamentRecord)
}

/// A tournament as the journal keeps it: the lobby stores it and does not read it.
public struct TournamentRecord: Sendable, Equatable, Codable {
    /// The tournament's id ("T1").
    public var id: String
    /// Its number, for the order of creation.
    public var number: Int
    /// Its state, in the desk's own shape.
    public var state: JSONValue

    /// Creates a record.
    public init(id: String, number: Int, state: JSONValue) {
        self.id = id
        self.number = number
        self.state = state
    }
}

/// A player as the journal keeps them.
public struct PlayerRecord: Sendable, Equatable, Codable {
    public var id: PlayerID
    public var name: String
    public var token: ResumeToken

    /// Creates a record.
    public init(id: PlayerID, name: String, token: ResumeToken) {
        self.id = id
        self.name = name
        self.token = token
    }
}

/// A table as the journal keeps it. Ready flags, offers and spectators are not kept.
public struct TableRecord: Sendable, Equatable, Codable {
    public var id: TableID
    public var number: Int
    public var game: String
    public var ruleSet: String
    public var graceSeconds: Int
    public var onTimeout: TimeoutPolicy
    public var status: TableStatus
    public var match: Int
    public var firstSeat: String
    /// The seated players, by seat.
    public var seats: [String: PlayerID]
    /// How the current match ended, when it did.
    public var result: MatchResult?
    /// The table's seat count; the game's default when absent (records written before GameKit).
    public var seatCount: Int?
    /// The table's game options; the game's defaults when absent.
    public var options: [String: JSONValue]?
    /// Seats the host's bots play: the bot's name, by seat.
    public var bots: [String: String]?
    /// The current match's secret, as hex: the host's randomness is derived from it, so a replay draws
    /// the same values. Absent in records written before GameKit (Tax Collection draws nothing).
    public var secret: String?
    /// When the current match started, in wall-clock milliseconds since 1970 (deadlines count from it).
    public var startedAt: Int64?
    /// The content the table's library options name (a word list), by option name, as it was when the
    /// table was created; absent when they name only built-in content.
    public var content: [String: GameContent]?
    /// For a table the host seated (a tournament's game): when its match starts even if not everyone
    /// is ready, in wall-clock milliseconds since 1970.
    public var startsAt: Int64?
    /// Seats held for a player the host seats later.
    public var reserved: [String]?

    /// Creates a record.
    public init(
        id: TableID, number: Int, game: String, ruleSet: String, graceSeconds: Int, onTimeout: TimeoutPolicy,
        status: TableStatus, match: Int, firstSeat: String, seats: [String: PlayerID], result: MatchResult?,
        seatCount: Int? = nil, options: [String: JSONValue]? = nil, bots: [String: String]? = nil,
        secret: String? = nil, startedAt: Int64? = nil, content: [String: GameContent]? = nil,
        startsAt: Int64? = nil, reserved: [String]? = nil
    ) {
        self.startsAt = startsAt
        self.reserved = reserved
        self.id = id
        self.number = number
        self.game = game
        self.ruleSet = ruleSet
        self.graceSeconds = graceSeconds
        self.onTimeout = onTimeout
        self.status = status
        self.match = match
        self.firstSeat = firstSeat
        self.seats = seats
        self.result = result
        self.seatCount = seatCount
        self.options = options
        self.bots = bots
        self.secret = secret
        self.startedAt = startedAt
        self.content = content
    }
}

/// An accepted move as the journal keeps it.
public struct MoveRecord: Sendable, Equatable, Codable {
    public var table: TableID
    public var match: Int
    /// The state's `seq` after the move (1 for a match's first move).
    public var seq: Int
    /// The seat that moved; absent for the host's own moves (a deadline, a seat that left).
    public var seat: String?
    /// The prepared move: with what the host decided for it, so a replay draws nothing.
    public var move: JSONValue {
        get { self.writtenMove.value }
        set { self.writtenMove = EncodedJSON(encoding: newValue) }
    }
    /// The prepared move, written (the host writes each move once: ``EncodedJSON/move(_:of:)``).
    public var writtenMove: EncodedJSON
    /// The full state's hash after the move, checked when the journal is replayed.
    public var hash: String
    /// When the host accepted it, in wall-clock milliseconds since 1970 (absent in journals before 0.2).
    public var at: Int64?

    /// Creates a record.
    public init(
        table: TableID, match: Int, seq: Int, seat: String?, move: JSONValue, hash: String, at: Int64? = nil
    ) {
        self.init(
            table: table, match: match, seq: seq, seat: seat, writtenMove: EncodedJSON(encoding: move), hash: hash,
            at: at)
    }

    /// Creates a record of a move written already.
    public init(
        table: TableID, match: Int, seq: Int, seat: String?, writtenMove: EncodedJSON, hash: String,
        at: Int64? = nil
    ) {
        self.table = table
        self.match = match
        self.seq = seq
        self.seat = seat
        self.writtenMove = writtenMove
        self.hash = hash
        self.at = at
    }

    enum CodingKeys: String, CodingKey {
        case table, match, seq, seat, hash, at
        case writtenMove = "move"
    }
}

extension MoveRecord: JSONTextWritable {
    /// Writes the record as its `Encodable` form does, members in key order: one is journalled per move.
    public func writeJSON(to json: inout JSONTextWriter) {
        json.beginObject()
        if let at = self.at { json.member("at", Int(at)) }
        json.member("hash", self.hash)
        json.member("match", self.match)
        json.member("move", self.writtenMove)
        if let seat = self.seat { json.member("seat", seat) }
        json.member("seq", self.seq)
        json.member("table", self.table)
        json.endObject()
    }
}

/// Everything the journal holds, as read back at start-up.
public struct JournalSnapshot: Sendable, Equatable {
    public var players: [PlayerRecord]
    public var tables: [TableRecord]
    /// The moves of each table's current match, in order.
    public var moves: [MoveRecord]
    /// Each name's best score on each board of high scores, summed up from the match records.
    public var boards: [BoardScore]
    /// The tournaments, in order of creation.
    public var tournaments: [TournamentRecord]

    /// Creates a snapshot.
    public init(
        players: [PlayerRecord] = [], tables: [TableRecord] = [], moves: [MoveRecord] = [], boards: [BoardScore] = [],
        tournaments: [TournamentRecord] = []
    ) {
        self.players = players
        self.tables = tables
        self.moves = moves
        self.boards = boards
        self.tournaments = tournaments
    }
}
