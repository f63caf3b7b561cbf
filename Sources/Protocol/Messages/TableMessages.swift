import GameKit

/// A table's id, assigned by the host ("t1", "t2", ...).
public typealias TableID = String

/// `create-table`: opens a table for a game.
public struct CreateTable: Codable, Sendable, Equatable {
    /// The game's id, one of `welcome.games[].id`.
    public var game: String
    /// The rule set's name; the game's first (default) rule set when absent.
    public var ruleSet: String?
    /// Seconds a dropped player's seat is held (default 120, at most 3600).
    public var graceSeconds: Int?
    /// What happens when the grace period ends during a match: "pause" (default) or "forfeit".
    public var onTimeout: TimeoutPolicy?
    /// How many seats the table has, within the game's `minSeats`...`maxSeats`; `defaultSeats` when absent.
    public var seats: Int?
    /// The game's teacher options, by name (`welcome.games[].options`); defaults for those not given.
    public var options: [String: JSONValue]?

    /// Creates the request.
    public init(
        game: String, ruleSet: String? = nil, graceSeconds: Int? = nil, onTimeout: TimeoutPolicy? = nil,
        seats: Int? = nil, options: [String: JSONValue]? = nil
    ) {
        self.game = game
        self.ruleSet = ruleSet
        self.graceSeconds = graceSeconds
        self.onTimeout = onTimeout
        self.seats = seats
        self.options = options
    }
}

/// What a table does when a dropped player's grace period ends during a match.
public enum TimeoutPolicy: String, Codable, Sendable, Equatable, CaseIterable {
    /// The match waits, paused, until the player comes back: the classroom default.
    case pause
    /// The absent player loses the match.
    case forfeit
}

/// `tables`: asks for the list of tables, or one page of it (P-3).
public struct TablesRequest: Codable, Sendable, Equatable {
    /// The `next` of the previous page: the list continues after it. The first page when absent.
    public var after: String?
    /// The most tables the reply may list (at least 1); as many as fit in a frame when absent.
    public var limit: Int?

    /// Creates the request.
    /// - Parameters:
    ///   - after: the previous page's `next`.
    ///   - limit: the most entries wanted.
    public init(after: String? = nil, limit: Int? = nil) {
        self.after = after
        self.limit = limit
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: PageRequestKey.self)
        let after = try container.decodeIfPresent(String.self, forKey: .after)
        self.init(after: after, limit: try PageRequestKey.limit(container))
    }
}

/// `sit`: takes a seat at a table.
public struct Sit: Codable, Sendable, Equatable {
    /// The table.
    public var table: TableID
    /// The seat wanted ("A", "B", ...); any free seat when absent.
    public var seat: String?
    /// Seats one of the game's bots (`welcome.games[].bots`) instead of the player who asks.
    public var bot: String?

    /// Creates the request.
    public init(table: TableID, seat: String? = nil, bot: String? = nil) {
        self.table = table
        self.seat = seat
        self.bot = bot
    }
}

/// The requests that name only a table: `ready`, `leave`, `watch`, `sync`, `resign`, `offer-draw`,
/// `rematch`.
public struct TableRequest: Codable, Sendable, Equatable {
    /// The table.
    public var table: TableID

    /// Creates the request.
    public init(table: TableID) {
        self.table = table
    }
}

extension TableRequest {
    /// The payload of a request that names only a table (`ready`, `rematch`, ...), written member by
    /// member: a client sends a `ready` or a `rematch` every game. The same bytes as `WireCodec.payload`'s
    /// general path (`WirePayloadTests.tableRequestWriting`).
    func payload(id: RequestID?, type: String) -> [UInt8] {
        var json = JSONTextWriter(capacity: 64)
        json.beginObject()
        if let id { json.member("id", id) }
        json.member("table", self.table)
        json.member("type", type)
        json.endObject()
        return json.bytes
    }
}

/// `move`: the mover's move at a table.
public struct MoveRequest: Codable, Sendable, Equatable {
    /// The table.
    public var table: TableID
    /// The sequence number of the state the move was chosen on (the `seq` of the last `state`).
    public var seq: Int
    /// The move, in the game's own shape (for Tax Collection: docs/RULES.md).
    public var move: JSONValue {
        get { self.moveJSON.value }
        set { self.moveJSON = DeferredJSON(newValue) }
    }
    /// The move as a value, or as the client's game wrote it (``EncodedJSON/move(_:of:)``).
    var moveJSON: DeferredJSON

    /// Creates the request.
    public init(table: TableID, seq: Int, move: JSONValue) {
        self.table = table
        self.seq = seq
        self.moveJSON = DeferredJSON(move)
    }

    /// Creates the request for a move the client's game wrote (``EncodedJSON/move(_:of:)``), spliced
    /// into the message as it is.
    public init(table: TableID, seq: Int, writtenMove: EncodedJSON) {
        self.table = table
        self.seq = seq
        self.moveJSON = DeferredJSON(writtenMove)
    }

    /// A request read from the wire, its move kept as checked text when it is an object or an array.
    init(table: TableID, seq: Int, moveJSON: DeferredJSON) {
        self.table = table
        self.seq = seq
        self.moveJSON = moveJSON
    }

    /// The move as a game's move, read as ``PlayedMove/decodeMove(of:)`` reads a `state`'s.
    /// - Throws: when the game cannot read it.
    public func decodeMove<G: Game>(of game: G.Type) throws -> G.Move {
        try self.moveJSON.decodeMove(of: G.self)
    }

    enum CodingKeys: String, CodingKey {
        case table, seq
        case moveJSON = "move"
    }
}

extension MoveRequest {
    /// The `move` message's payload, written member by member: a client writes one for each of its
    /// moves. The same bytes as `WireCodec.payload`'s general path (`WirePayloadTests.moveWriting`).
    func payload(id: RequestID?) -> [UInt8] {
        var json = JSONTextWriter(capacity: 128)
        json.beginObject()
        if let id { json.member("id", id) }
        json.member("move", self.moveJSON)
        json.member("seq", self.seq)
        json.member("table", self.table)
        json.member("type", "move")
        json.endObject()
        return json.bytes
    }

    /// A `move` message as clients write it, read member by member as it is parsed: the host's most
    /// frequent message, without `Decodable`; and so are the requests that name only a table
    /// (`ready`, `rematch`, `leave`, `watch`, `sync`, `resign`, `offer-draw`: a client's next most
    /// frequent, a rematch after every game). `nil` leaves the message to the general path, which reads
    /// it or says what is wrong with it.
    ///
    /// NB: it takes only what `Decodable` reads the same way (WirePayloadTests.moveReading and
    /// tableRequestReading hold the two to the same result): `type`, `table`, and `seq` and `move` for a
    /// move only, and an `id` that needs no check beyond its kind and size; a name that repeats counts
    /// with its last value, as in the general reading. The move is built at once, without a tree to
    /// convert.
    static func envelope(scanning payload: [UInt8]) -> ClientEnvelope? {
        var id: RequestID?
        var table: TableID?
        var seq: Int?
        var move: DeferredJSON?
        var request: ScannedRequest?
        let read = JSONParser.readObject(of: payload, deferring: true) { parser, name in
            switch name.count {
            // NB: plain values read in place (``JSONParser/plainString()``); a string with an escape, or a
            // number written otherwise, is the general path's.
            case 2 where name.isNamed("id"):
                if let number = RequestID.scannedNumber(&parser) {
                    id = number
                } else {
                    guard let text = parser.plainString(), (1...RequestID.maxStringLength).contains(text.utf8.count)
                    else { return false }
                    id = .string(text)
                }
            case 3 where name.isNamed("seq"):
                guard let number = parser.plainInteger() else { return false }
                seq = Int(number)
            case 4 where name.isNamed("move"):
                // NB: kept as its checked text, as a `state`'s move; the game finds or reads it in the lobby
                // (``decodeMove(of:)``).
                guard let value = parser.gameValue(depth: 1) else { return false }
                move = value
            case 4 where name.isNamed("type"):
                guard let type = parser.plainStringBytes(), let known = ScannedRequest(type: type) else { return false }
                request = known
            case 5 where name.isNamed("table"):
                guard let name = parser.plainString() else { return false }
                table = name
            default:
                return false
            }
            return true
        }
        guard read, let request, let table else { return nil }
        if let message = request.message(TableRequest(table: table)) {
            // NB: a request about a table has no `seq` or `move`; the general path says what it makes of one.
            guard seq == nil, move == nil else { return nil }
            return ClientEnvelope(id: id, message)
        }
        guard let seq, let move else { return nil }
        return ClientEnvelope(id: id, .move(MoveRequest(table: table, seq: seq, moveJSON: move)))
    }
}

/// The client messages ``MoveRequest/envelope(scanning:)`` reads, by their `type`.
private enum ScannedRequest: String {
    case move, ready, rematch, leave, watch, sync, resign
    case offerDraw = "offer-draw"

    /// The request of that type; `nil` for any other.
    ///
    /// NB: a move, by far the most frequent, first: matched against every name, a type cost a string
    /// switch over eight (2 % of a move's decoding in the profile).
    init?(type: UnsafeBufferPointer<UInt8>) {
        if type.isNamed("move") { self = .move } else { self.init(rawValue: String(decoding: type, as: UTF8.self)) }
    }

    /// The message, for a request that names only a table; `nil` for a move.
    func message(_ request: TableRequest) -> ClientMessage? {
        switch self {
        case .move: nil
        case .ready: .ready(request)
        case .rematch: .rematch(request)
        case .leave: .leave(request)
        case .watch: .watch(request)
        case .sync: .sync(request)
        case .resign: .resign(request)
        case .offerDraw: .offerDraw(request)
        }
    }
}

// MARK: - Host to client

/// One seat of a table as everyone sees it.
public struct SeatInfo: Codable, Sendable, Equatable {
    /// The seat's name ("A", "B", ...).
    public var seat: String
    /// The seated player, absent when the seat is free.
    public var player: PlayerID?
    /// The seated player's name.
    public var name: String?
    /// Whether the seated player is ready to start.
    public var ready: Bool
    /// Whether the seated player's connection dropped and their seat is being held.
    public var away: Bool
    /// When the host's bot plays this seat: the bot's name (then `player` is absent).
    public var bot: String?

    /// Creates a seat description.
    public init(
        seat: String, player: PlayerID? = nil, name: String? = nil, ready: Bool = false, away: Bool = false,
        bot: String? = nil
    ) {
        self.seat = seat
        self.player = player
        self.name = name
        self.ready = ready
        self.away = away
        self.bot = bot
    }
}

/// A table's phase.
public enum TableStatus: String, Codable, Sendable, Equatable, CaseIterable {
    /// Seats are being filled, or players are getting ready.
    case waiting
    /// A match is under way.
    case playing
    /// A match is under way but waits for a player whose grace period ended.
    case paused
    /// The last match ended; a rematch may follow.
    case over
}

/// Why a match is `paused` (T-7). Unknown reasons decode fine: a client shows the status.
public struct PauseReason: WireString, CustomStringConvertible {
    public let rawValue: String

    /// Creates a reason from its wire form.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// A player's grace period ended and they have not come back (R-4).
    public static let away = PauseReason(rawValue: "away")
    /// The host cannot write its journal: its disk is full (L-10). The match goes on by itself once
    /// the host can write again.
    public static let diskFull = PauseReason(rawValue: "disk-full")

    public var description: String { self.rawValue }
}

/// A table as everyone sees it.
public struct TableInfo: Codable, Sendable, Equatable {
    public var id: TableID
    public var game: String
    public var ruleSet: String
    public var status: TableStatus
    public var seats: [SeatInfo]
    public var spectators: Int
    public var graceSeconds: Int
    public var onTimeout: TimeoutPolicy
    /// The number of the current (or last) match at this table; 0 before the first.
    public var match: Int
    /// The table's game options, every declared option with its value; absent when the game has none.
    public var options: [String: JSONValue]?
    /// Why the match waits, when the status is `paused`; absent otherwise.
    public var pausedBy: PauseReason?

    /// Creates a table description.
    public init(
        id: TableID, game: String, ruleSet: String, status: TableStatus, seats: [SeatInfo], spectators: Int,
        graceSeconds: Int, onTimeout: TimeoutPolicy, match: Int, options: [String: JSONValue]? = nil,
        pausedBy: PauseReason? = nil
    ) {
        self.id = id
        self.game = game
        self.ruleSet = ruleSet
        self.status = status
        self.seats = seats
        self.spectators = spectators
        self.graceSeconds = graceSeconds
        self.onTimeout = onTimeout
        self.match = match
        self.options = options
        self.pausedBy = pausedBy
    }
}

/// `table`: a table's description, as a reply and whenever it changes.
public struct TableUpdate: Codable, Sendable, Equatable {
    public var table: TableInfo

    /// Creates the message.
    public init(table: TableInfo) {
        self.table = table
    }
}

/// `tables`: the answer to `tables`: every table, or one page of them (P-2, P-3).
public struct TableList: Codable, Sendable, Equatable {
    public var tables: [TableInfo]
    /// Present when more tables follow: send `tables` again with this as `after`. Opaque.
    public var next: String?

    /// Creates the message.
    public init(tables: [TableInfo], next: String? = nil) {
        self.tables = tables
        self.next = next
    }
}

/// How a match ended.
public struct MatchResult: Codable, Sendable, Equatable {
    /// The winning seat, or "draw" when every seat shares the first place; absent at a one-seat table
    /// and when only some seats share it.
    public var winner: String?
    /// Why it ended: "finished" (by the rules), "resigned", "draw-agreed", "forfeit", or a reason the
    /// game documents.
    public var reason: String
    /// Every seat's score and rank (1 is best, ties share a rank), best first.
    public var standings: [Standing]?

    /// Creates a result.
    public init(winner: String?, reason: String, standings: [Standing]? = nil) {
        self.winner = winner
        self.reason = reason
        self.standings = standings
    }
}

/// One seat's place in a result.
public struct Standing: Codable, Sendable, Equatable {
    /// The seat.
    public var seat: String
    /// Its score, in the game's units.
    public var score: Int
    /// 1 for the best; tied seats share a rank.
    public var rank: Int

    /// Creates a standing.
    public init(seat: String, score: Int, rank: Int) {
        self.seat = seat
        self.score = score
        self.rank = rank
    }
}

/// The last move of a `state` message.
public struct PlayedMove: Codable, Sendable, Equatable {
    /// The seat that played it; absent when the host moved for the table (a deadline, a seat that left).
    public var seat: String?
    /// The move, in the game's shape, as this recipient may see it.
    public var move: JSONValue {
        get { self.moveJSON.value }
        set { self.moveJSON = DeferredJSON(newValue) }
    }
    /// The move as a value, or as the host wrote it (spliced into each `state` as it is).
    var moveJSON: DeferredJSON

    /// Creates the description.
    public init(seat: String?, move: JSONValue) {
        self.seat = seat
        self.moveJSON = DeferredJSON(move)
    }

    /// Creates the description of a move the host wrote once (``EncodedJSON/move(_:of:)``).
    public init(seat: String?, writtenMove: EncodedJSON) {
        self.seat = seat
        self.moveJSON = DeferredJSON(writtenMove)
    }

    /// A move read from a `state`: an object or array kept as its checked text.
    init(seat: String?, moveJSON: DeferredJSON) {
        self.seat = seat
        self.moveJSON = moveJSON
    }

    /// The move as a game's move: when it came as text, the game's kept move of that text or its reader's
    /// (``JSONTextObjectReader``), else as ``JSONValue/decodeMove(of:)`` reads it
    /// (``DeferredJSON/decodeMove(of:)``).
    /// - Throws: when the game cannot read it.
    public func decodeMove<G: Game>(of game: G.Type) throws -> G.Move {
        try self.moveJSON.decodeMove(of: G.self)
    }

    enum CodingKeys: String, CodingKey {
        case seat
        case moveJSON = "move"
    }
}

/// `state`: a match's state after a move, or in full on request.
///
/// NB: its members live in one object of their own, copied before a change while another value shares
/// it: a `state` is made after every move, put in a message, copied out of it to be written, and read by
/// every client; inline, the message was 321 bytes, moved with `memmove` and copied member by member (a
/// retain and a release for each reference) at each step.
public struct MatchUpdate: Codable, Sendable, Equatable, CustomReflectable {
    private var fields: Fields

    public var table: TableID {
        get { self.fields.table }
        set { self.unique().table = newValue }
    }
    /// The match number at this table.
    public var match: Int {
        get { self.fields.match }
        set { self.unique().match = newValue }
    }
    /// The number of moves applied in this match.
    public var seq: Int {
        get { self.fields.seq }
        set { self.unique().seq = newValue }
    }
    /// The seat to move, when exactly one seat may move; absent when the match is over, and when
    /// several seats may move (then `toAct` lists them).
    public var turn: String? {
        get { self.fields.turn }
        set { self.unique().turn = newValue }
    }
    /// The seats that may move, when several may (games with `simultaneous`).
    public var toAct: [String]? {
        get { self.fields.toAct }
        set { self.unique().toAct = newValue }
    }
    /// Milliseconds until the game's deadline (a clock the game runs, e.g. two minutes to spell), when
    /// it has one.
    public var timeLeftMs: Int? {
        get { self.fields.timeLeftMs }
        set { self.unique().timeLeftMs = newValue }
    }
    /// The table's status.
    public var status: TableStatus {
        get { self.fields.status }
        set { self.unique().status = newValue }
    }
    /// The game's state, in the game's shape, as this recipient may see it.
    ///
    /// NB: read from the wire, it is built from the message's text on each call (``DeferredJSON``).
    public var state: JSONValue {
        get { self.stateJSON.value }
        set { self.stateJSON = DeferredJSON(newValue) }
    }
    /// The state hash, as the game defines it (for Tax Collection: docs/RULES.md).
    public var hash: String {
        get { self.fields.hash }
        set { self.unique().hash = newValue }
    }
    /// The move that led to this state; absent for the first state and for `sync`.
    public var last: PlayedMove? {
        get { self.fields.last }
        set { self.unique().last = newValue }
    }
    /// What the move did, in order, in the game's shape; empty for the first state and `sync`.
    ///
    /// NB: read from the wire, it is built from the message's text on each call, as ``state`` is.
    public var events: [JSONValue] {
        get { self.eventsJSON.items }
        set { self.eventsJSON = DeferredJSONList(newValue) }
    }
    /// How the match ended, once it has.
    public var result: MatchResult? {
        get { self.fields.result }
        set { self.unique().result = newValue }
    }
    /// The word the game speaks to this recipient now (hear and type), as audio; never as text.
    public var sound: SoundClip? {
        get { self.fields.sound }
        set { self.unique().sound = newValue }
    }
    /// Once the match is over, for a game that keeps high scores: the board and this recipient's place.
    public var board: HighScores? {
        get { self.fields.board }
        set { self.unique().board = newValue }
    }
    private(set) var stateJSON: DeferredJSON {
        get { self.fields.stateJSON }
        set { self.unique().stateJSON = newValue }
    }
    private(set) var eventsJSON: DeferredJSONList {
        get { self.fields.eventsJSON }
        set { self.unique().eventsJSON = newValue }
    }

    /// Decodes the reported state as the game's type, straight from the message's text when it came
    /// from the wire.
    public func decodeState<T: Decodable>(as type: T.Type) throws -> T {
        try self.stateJSON.decode(as: type)
    }

    /// Decodes the reported state as a game's, read by the game itself from the message's text when it
    /// came from the wire and the game reads its states (``Game/readState(_:)``), else as
    /// ``decodeState(as:)`` reads it.
    public func decodeState<G: Game>(of game: G.Type) throws -> G.State {
        if let text = self.stateJSON.text, let state = text.state(of: G.self) { return state }
        return try self.stateJSON.decode(as: G.State.self)
    }

    /// Creates the message.
    public init(
        table: TableID, match: Int, seq: Int, turn: String?, status: TableStatus, state: JSONValue, hash: String,
        last: PlayedMove? = nil, events: [JSONValue] = [], result: MatchResult? = nil, toAct: [String]? = nil,
        timeLeftMs: Int? = nil, sound: SoundClip? = nil, board: HighScores? = nil
    ) {
        self.init(
            table: table, match: match, seq: seq, turn: turn, status: status, stateJSON: DeferredJSON(state),
            hash: hash, last: last, eventsJSON: DeferredJSONList(events), result: result, toAct: toAct,
            timeLeftMs: timeLeftMs, sound: sound, board: board)
    }

    /// Creates the message with a state, and events, the host has written already (see ``EncodedJSON``).
    /// - Parameter encodedEvents: the events as one JSON array; none when `nil`.
    public init(
        table: TableID, match: Int, seq: Int, turn: String?, status: TableStatus, encodedState: EncodedJSON,
        hash: String, last: PlayedMove? = nil, encodedEvents: EncodedJSON? = nil, result: MatchResult? = nil,
        toAct: [String]? = nil, timeLeftMs: Int? = nil, sound: SoundClip? = nil, board: HighScores? = nil
    ) {
        // NB: no events as written text too (a match's first `state`, a `sync`), so ``payload(re:)`` writes
        // such a message as it writes the others, not through the general path.
        self.init(
            table: table, match: match, seq: seq, turn: turn, status: status, stateJSON: DeferredJSON(encodedState),
            hash: hash, last: last, eventsJSON: DeferredJSONList(encodedEvents ?? Self.noEvents), result: result,
            toAct: toAct, timeLeftMs: timeLeftMs, sound: sound, board: board)
    }

    /// Sets each member once (the lobby makes a `state` after every move), not a `null` state and an empty
    /// list of events made first and replaced.
    private init(
        table: TableID, match: Int, seq: Int, turn: String?, status: TableStatus, stateJSON: DeferredJSON,
        hash: String, last: PlayedMove?, eventsJSON: DeferredJSONList, result: MatchResult?, toAct: [String]?,
        timeLeftMs: Int?, sound: SoundClip?, board: HighScores?
    ) {
        self.fields = Fields(
            table: table, match: match, seq: seq, turn: turn, toAct: toAct, timeLeftMs: timeLeftMs, status: status,
            stateJSON: stateJSON, hash: hash, last: last, eventsJSON: eventsJSON, result: result, sound: sound,
            board: board)
    }

    public init(from decoder: any Decoder) throws {
        self.fields = try Fields(from: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
        try self.fields.encode(to: encoder)
    }

    public static func == (first: MatchUpdate, second: MatchUpdate) -> Bool {
        first.fields === second.fields || first.fields.equals(second.fields)
    }

    /// Its members, as a struct's are shown (`print`, `dump`, a test's failure), not the object holding them.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "table": self.table, "match": self.match, "seq": self.seq, "turn": self.turn as Any,
                "toAct": self.toAct as Any, "timeLeftMs": self.timeLeftMs as Any, "status": self.status,
                "state": self.stateJSON, "hash": self.hash, "last": self.last as Any, "events": self.eventsJSON,
                "result": self.result as Any, "sound": self.sound as Any, "board": self.board as Any,
            ],
            displayStyle: .struct)
    }

    /// The members, this value's alone from here on (copied first while another value shares them).
    private mutating func unique() -> Fields {
        if !isKnownUniquelyReferenced(&self.fields) { self.fields = self.fields.copy() }
        return self.fields
    }

    /// An empty list of events, written.
    private static let noEvents = EncodedJSON(encoding: [JSONValue]())

    /// The members of a `state`, in one object that values share until one of them changes.
    ///
    /// NB: `@unchecked Sendable`: changed only through ``MatchUpdate/unique()``, by the one value that holds
    /// it, as a value's members would be.
    private final class Fields: Codable, @unchecked Sendable {
        // NB: no run-time exclusivity check (one a member read, 3 % of `bench lobby`'s instructions): only the
        // value that holds the object alone changes it.
        @exclusivity(unchecked) var table: TableID
        @exclusivity(unchecked) var match: Int
        @exclusivity(unchecked) var seq: Int
        @exclusivity(unchecked) var turn: String?
        @exclusivity(unchecked) var toAct: [String]?
        @exclusivity(unchecked) var timeLeftMs: Int?
        @exclusivity(unchecked) var status: TableStatus
        @exclusivity(unchecked) var stateJSON: DeferredJSON
        @exclusivity(unchecked) var hash: String
        @exclusivity(unchecked) var last: PlayedMove?
        @exclusivity(unchecked) var eventsJSON: DeferredJSONList
        @exclusivity(unchecked) var result: MatchResult?
        @exclusivity(unchecked) var sound: SoundClip?
        @exclusivity(unchecked) var board: HighScores?

        enum CodingKeys: String, CodingKey {
            case table, match, seq, turn, toAct, timeLeftMs, status, hash, last, result, sound, board
            case stateJSON = "state"
            case eventsJSON = "events"
        }

        init(
            table: TableID, match: Int, seq: Int, turn: String?, toAct: [String]?, timeLeftMs: Int?,
            status: TableStatus, stateJSON: DeferredJSON, hash: String, last: PlayedMove?,
            eventsJSON: DeferredJSONList, result: MatchResult?, sound: SoundClip?, board: HighScores?
        ) {
            self.table = table
            self.match = match
            self.seq = seq
            self.turn = turn
            self.toAct = toAct
            self.timeLeftMs = timeLeftMs
            self.status = status
            self.stateJSON = stateJSON
            self.hash = hash
            self.last = last
            self.eventsJSON = eventsJSON
            self.result = result
            self.sound = sound
            self.board = board
        }

        func copy() -> Fields {
            Fields(
                table: self.table, match: self.match, seq: self.seq, turn: self.turn, toAct: self.toAct,
                timeLeftMs: self.timeLeftMs, status: self.status, stateJSON: self.stateJSON, hash: self.hash,
                last: self.last, eventsJSON: self.eventsJSON, result: self.result, sound: self.sound,
                board: self.board)
        }

        func equals(_ other: Fields) -> Bool {
            self.table == other.table && self.match == other.match && self.seq == other.seq
                && self.turn == other.turn && self.toAct == other.toAct && self.timeLeftMs == other.timeLeftMs
                && self.status == other.status && self.stateJSON == other.stateJSON && self.hash == other.hash
                && self.last == other.last && self.eventsJSON == other.eventsJSON && self.result == other.result
                && self.sound == other.sound && self.board == other.board
        }
    }
}

extension MatchUpdate {
    /// The `state` message's payload, written member by member in the order of their keys, when the host
    /// wrote its state and events already and it carries no sound (every `state` after a move, the last
    /// one of a match with its result and board); `nil` otherwise, for `WireCodec.payload`'s general path.
    ///
    /// NB: the same bytes as the general path (`WirePayloadTests` holds the two together).
    func payload(re: RequestID?) -> [UInt8]? {
        self.payloadWithoutRe().map { $0.inserting(re) }
    }

    /// ``payload(re:)`` without `re`, and where `re` goes: the text a broadcast's recipients share
    /// (``BroadcastPayloads``).
    func payloadWithoutRe() -> StatePayload? {
        guard self.sound == nil, let state = self.stateJSON.encodedBytes,
            let events = self.eventsJSON.json.encodedBytes
        else { return nil }
        // NB: room for the members around the state and events, a hash, a table's id and a last move; a
        // match's last `state`, with its result and board, may outgrow it.
        var reAt = 0
        let capacity = state.count + events.count + 448
        let bytes = JSONTextWriter.array(capacity: capacity) { json in
            json.beginObject()
            // NB: a match's last `state` in a game that keeps high scores: written here too, not by the
            // general path, which cost a whole `Encoder` walk of the message once a match.
            if let board = self.board { json.member("board", board) }
            json.key("events")
            json.raw(events)
            json.member("hash", self.hash)
            if let last = self.last {
                json.key("last")
                json.beginObject()
                json.member("move", last.moveJSON)
                if let seat = last.seat { json.member("seat", seat) }
                json.endObject()
            }
            json.member("match", self.match)
            // NB: `re` sorts between `match`, which every `state` has, and the members after it.
            reAt = json.byteCount
            if let result = self.result { json.member("result", result) }
            json.member("seq", self.seq)
            json.key("state")
            json.raw(state)
            json.member("status", self.status.rawValue)
            json.member("table", self.table)
            if let timeLeftMs = self.timeLeftMs { json.member("timeLeftMs", timeLeftMs) }
            if let toAct = self.toAct { json.member("toAct", toAct) }
            if let turn = self.turn { json.member("turn", turn) }
            json.member("type", "state")
            json.endObject()
        }
        return StatePayload(bytes: bytes, reAt: reAt)
    }
}

/// A `state` message's payload without `re`, and where `re` goes in it (right after `match`).
struct StatePayload {
    let bytes: [UInt8]
    let reAt: Int

    /// The payload with `re`, or as it is without one, in an array of its own.
    func inserting(_ re: RequestID?) -> [UInt8] {
        guard let re else { return self.bytes }
        return self.withParts(re) { head, member, tail in
            var payload: [UInt8] = []
            payload.reserveCapacity(head.count + member.count + tail.count)
            payload.append(contentsOf: head)
            payload.append(contentsOf: member)
            payload.append(contentsOf: tail)
            return payload
        }
    }

    /// Hands `body` the payload with `re` in three parts, one after another: the text before `re`'s
    /// member, the member `,"re":<id>`, and the rest of the text; each read where it is.
    ///
    /// NB: a number's member (clients number their requests) is written on the stack, a string's in an
    /// array: the host frames the mover's copy of every `state` from these parts
    /// (``OutgoingPayload/withParts(_:)``), with no text of its own.
    func withParts<Result>(
        _ re: RequestID, _ body: (UnsafeRawBufferPointer, UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> Result
    ) -> Result {
        self.bytes.withUnsafeBytes { text in
            let head = UnsafeRawBufferPointer(rebasing: text[..<self.reAt])
            let tail = UnsafeRawBufferPointer(rebasing: text[self.reAt...])
            guard case .number(let number) = re else {
                var member: [UInt8] = [UInt8(ascii: ",")]
                Self.appendMember(re, to: &member)
                return member.withUnsafeBytes { body(head, $0, tail) }
            }
            return JSONText.withInteger(number) { digits in
                // NB: `,` and the key, then the digits.
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 6 + digits.count) { scratch in
                    let member = UnsafeMutableRawBufferPointer(scratch)
                    member[0] = UInt8(ascii: ",")
                    Self.key.withUTF8Buffer { key in
                        let room = UnsafeMutableRawBufferPointer(rebasing: member[1..<6])
                        room.copyMemory(from: UnsafeRawBufferPointer(key))
                    }
                    UnsafeMutableRawBufferPointer(rebasing: member[6...]).copyMemory(from: digits)
                    return body(head, UnsafeRawBufferPointer(member), tail)
                }
            }
        }
    }

    /// The key of `re`'s member, written before its value.
    private static let key: StaticString = #""re":"#

    /// The member `"re":<id>`, as a message writes it (``BroadcastPayloads`` splices it into others).
    static func member(_ re: RequestID) -> [UInt8] {
        var member: [UInt8] = []
        member.reserveCapacity(32)
        Self.appendMember(re, to: &member)
        return member
    }

    /// Appends `"re":<id>` as `RequestID.writeJSON` writes the id (`WirePayloadTests`).
    static func appendMember(_ re: RequestID, to output: inout [UInt8]) {
        Self.key.withUTF8Buffer { output.append(contentsOf: $0) }
        switch re {
        case .number(let number):
            JSONText.appendInteger(number, to: &output)
        case .string(let string):
            JSONText.appendString(string, to: &output)
        }
    }
}

extension MatchUpdate {
    /// A `state` message read member by member as it is parsed, when it is as a host writes one after a
    /// move (its state, events, last move and result as checked text, numbers as integers, no sound,
    /// board, repeated name or member this reader does not know); `nil` for anything else, which
    /// `WireCodec.decodeHost` reads as any other message and, when it must, refuses.
    ///
    /// NB: a client reads a `state` after every move; the general path decodes it through `Decodable`,
    /// a container per object. `WirePayloadTests` holds the two readings to the same results.
    static func envelope(scanning payload: [UInt8]) -> HostEnvelope? {
        guard let (re, update) = Self.scanning(payload) else { return nil }
        return HostEnvelope(re: re, .state(update))
    }

    /// ``envelope(scanning:)``'s message and `re`, not put in a ``HostMessage`` (a box on the heap, which
    /// a reader copies the message out of): `tcnet bench net`'s seats read each `state` so.
    package static func scanning(_ payload: [UInt8]) -> (re: RequestID?, update: MatchUpdate)? {
        // NB: made here, not copied from a blank one made once (a retain for each of its members, and its
        // enums copied out member by member: about 550 instructions a message).
        var update = MatchUpdate(
            table: "", match: 0, seq: 0, turn: nil, status: .playing, stateJSON: DeferredJSON(JSONValue.null),
            hash: "", last: nil, eventsJSON: DeferredJSONList([JSONValue]()), result: nil, toAct: nil,
            timeLeftMs: nil, sound: nil, board: nil)
        var re: RequestID?
        // NB: the names seen, one bit each: a name that repeats leaves the message to the general path,
        // which counts its last value.
        var seen: UInt16 = 0
        let read = JSONParser.readObject(of: payload, deferring: true) { parser, name in
            guard let member = StateMember(name), seen & member.bit == 0 else { return false }
            seen |= member.bit
            switch member {
            case .last:
                guard let last = Self.playedMove(&parser) else { return false }
                update.last = last
            case .result:
                guard let result = MatchResult.reading(&parser) else { return false }
                update.result = result
            case .state, .events, .toAct:
                guard let node = parser.memberValue() else { return false }
                return Self.read(member, node, into: &update)
            default:
                return Self.readPlain(member, at: &parser, into: &update, re: &re)
            }
            return true
        }
        guard read, seen & StateMember.required == StateMember.required else { return nil }
        // NB: moved out, not copied (a retain and a release for each of its references).
        return (re, consume update)
    }

    /// Takes a member's plain value (a string, an integer or `null`) into `update`, read at the parser
    /// without a ``ParsedJSON`` made for it; `false` for anything else, which the general path judges
    /// (an escape in a string too: it reads the message again from the start).
    ///
    /// NB: with a value built for each, switched over and dropped, a `state` took 13 800 instructions to
    /// read, 11 840 so (callgrind, `tcnet bench lobby`; docs/BENCHMARKS.md, thirtieth round).
    private static func readPlain(
        _ member: StateMember, at parser: inout JSONParser, into update: inout MatchUpdate, re: inout RequestID?
    ) -> Bool {
        switch member {
        case .type:
            return parser.plainStringBytes()?.isNamed("state") == true
        case .re:
            re = RequestID.scannedNumber(&parser)
            return re != nil
        case .table:
            // NB: a `table` message's `table` is an object: it is left at once to TableUpdate's reader.
            guard let table = parser.plainString() else { return false }
            update.table = table
        case .match:
            guard let match = parser.plainInteger() else { return false }
            update.match = Int(match)
        case .seq:
            guard let seq = parser.plainInteger() else { return false }
            update.seq = Int(seq)
        case .hash:
            guard let hash = parser.plainString() else { return false }
            update.hash = hash
        case .status:
            // NB: `playing`, in all but a match's last `state`, compared first: a string switch over the four
            // names cost about 230 instructions a message.
            guard let name = parser.plainStringBytes() else { return false }
            if name.isNamed("playing") {
                update.status = .playing
            } else {
                guard let status = TableStatus(rawValue: String(decoding: name, as: UTF8.self)) else { return false }
                update.status = status
            }
        case .turn:
            if parser.takeNull() { return true }
            guard let turn = parser.plainString() else { return false }
            update.turn = turn
        case .timeLeftMs:
            if parser.takeNull() { return true }
            guard let left = parser.plainInteger() else { return false }
            update.timeLeftMs = Int(left)
        case .state, .events, .toAct, .last, .result:
            return false
        }
        return true
    }

    /// Takes a container member's value (its checked text) into `update`; `false` for a value the general
    /// path must judge.
    private static func read(_ member: StateMember, _ node: ParsedJSON, into update: inout MatchUpdate) -> Bool {
        switch (member, node) {
        case (.toAct, .null): break
        case (.toAct, .deferred(let text)) where text.isArray:
            guard case .array(let items) = text.built else { return false }
            var seats: [String] = []
            for item in items {
                guard case .string(let seat) = item else { return false }
                seats.append(seat)
            }
            update.toAct = seats
        case (.state, .deferred(let text)) where !text.wroteWholeAsFraction:
            update.stateJSON = DeferredJSON(text)
        case (.events, .deferred(let text)) where text.isArray && !text.wroteWholeAsFraction:
            update.eventsJSON = DeferredJSONList(DeferredJSON(text))
        default:
            return false
        }
        return true
    }

    /// `last` as a host writes it, read at the parser: `move`, and `seat` unless the host moved; `nil`
    /// for anything else (a name that repeats too).
    ///
    /// NB: the move is kept as its checked text, as the state is: a client reads it with its game's reader
    /// (``PlayedMove/decodeMove(of:)``), without a tree.
    private static func playedMove(_ parser: inout JSONParser) -> PlayedMove? {
        var move: DeferredJSON?
        var seat: String?
        var seatSeen = false
        let read = parser.readMembers(depth: 2) { parser, name in
            if name.isNamed("move"), move == nil {
                move = parser.gameValue(depth: 2)
                return move != nil
            }
            guard name.isNamed("seat"), !seatSeen else { return false }
            seatSeen = true
            // NB: a seat written plainly, or `null` (the host moved); an escaped one is the general path's.
            if parser.takeNull() { return true }
            seat = parser.plainString()
            return seat != nil
        }
        guard read, let move else { return nil }
        return PlayedMove(seat: seat, moveJSON: move)
    }
}

/// The members a `state` after a move has, as ``MatchUpdate/envelope(scanning:)`` reads them.
private enum StateMember: UInt16 {
    case type, re, table, match, seq, hash, status, turn, timeLeftMs, toAct, state, events, last, result

    /// Type, table, match, seq, hash, status, state and events.
    static let required: UInt16 = ([.type, .table, .match, .seq, .hash, .status, .state, .events] as [Self])
        .reduce(0) { $0 | $1.bit }

    var bit: UInt16 { 1 << self.rawValue }

    /// The member of that name, written without escapes; `nil` for any other name.
    init?(_ name: UnsafeBufferPointer<UInt8>) {
        // NB: by length first, then the bytes: no `String` made for a name.
        switch name.count {
        case 2 where name.isNamed("re"): self = .re
        case 3 where name.isNamed("seq"): self = .seq
        case 4 where name.isNamed("type"): self = .type
        case 4 where name.isNamed("hash"): self = .hash
        case 4 where name.isNamed("turn"): self = .turn
        case 4 where name.isNamed("last"): self = .last
        case 5 where name.isNamed("table"): self = .table
        case 5 where name.isNamed("match"): self = .match
        case 5 where name.isNamed("state"): self = .state
        case 5 where name.isNamed("toAct"): self = .toAct
        case 6 where name.isNamed("status"): self = .status
        case 6 where name.isNamed("events"): self = .events
        case 6 where name.isNamed("result"): self = .result
        case 10 where name.isNamed("timeLeftMs"): self = .timeLeftMs
        default: return nil
        }
    }
}

/// `away` and `back`: a seated player's connection dropped, or came back.
public struct PresenceNotice: Codable, Sendable, Equatable {
    public var table: TableID
    public var seat: String
    public var player: PlayerID
    public var name: String
    /// With `away`: milliseconds the seat is held before the table's policy applies.
    public var graceMs: Int?

    /// Creates the message.
    public init(table: TableID, seat: String, player: PlayerID, name: String, graceMs: Int? = nil) {
        self.table = table
        self.seat = seat
        self.player = player
        self.name = name
        self.graceMs = graceMs
    }
}

/// `draw-offered` and `rematch-offered`: a seated player offered a draw or a rematch.
public struct OfferNotice: Codable, Sendable, Equatable {
    public var table: TableID
    public var seat: String

    /// Creates the message.
    public init(table: TableID, seat: String) {
        self.table = table
        self.seat = seat
    }
}
