/// A game the host offers, as listed in `welcome`.
public struct GameInfo: Codable, Sendable, Equatable {
    /// The game's stable id, e.g. "taxcollection".
    public var id: String
    /// The game's name for people.
    public var name: String
    /// The names of the seats, in order; a table of `n` seats uses the first `n`.
    public var seats: [String]
    /// The names of the rule sets a table may choose; the first is the default.
    public var ruleSets: [String]
    /// The fewest seats a table of this game may have.
    public var minSeats: Int
    /// The most seats a table of this game may have.
    public var maxSeats: Int
    /// The seats a table has when `create-table` does not say.
    public var defaultSeats: Int
    /// The teacher options `create-table` may set; absent when the game has none.
    public var options: [OptionInfo]?
    /// The bots that can take a seat (`sit` with `bot`); absent when the game has none.
    public var bots: [String]?
    /// Present and `true` when several seats may move in the same step (`state` lists them in `toAct`).
    public var simultaneous: Bool?

    /// Creates a description.
    public init(
        id: String, name: String, seats: [String], ruleSets: [String], minSeats: Int? = nil, maxSeats: Int? = nil,
        defaultSeats: Int? = nil, options: [OptionInfo]? = nil, bots: [String]? = nil, simultaneous: Bool? = nil
    ) {
        self.id = id
        self.name = name
        self.seats = seats
        self.ruleSets = ruleSets
        self.minSeats = minSeats ?? seats.count
        self.maxSeats = maxSeats ?? seats.count
        self.defaultSeats = defaultSeats ?? self.minSeats
        self.options = options
        self.bots = bots
        self.simultaneous = simultaneous
    }

    /// Reads a description; the seat counts default to every seat, as hosts before them meant.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.id = try container.decode(String.self, forKey: .id)
        self.name = try container.decode(String.self, forKey: .name)
        self.seats = try container.decode([String].self, forKey: .seats)
        self.ruleSets = try container.decode([String].self, forKey: .ruleSets)
        self.minSeats = try container.decodeIfPresent(Int.self, forKey: .minSeats) ?? self.seats.count
        self.maxSeats = try container.decodeIfPresent(Int.self, forKey: .maxSeats) ?? self.seats.count
        self.defaultSeats = try container.decodeIfPresent(Int.self, forKey: .defaultSeats) ?? self.minSeats
        self.options = try container.decodeIfPresent([OptionInfo].self, forKey: .options)
        self.bots = try container.decodeIfPresent([String].self, forKey: .bots)
        self.simultaneous = try container.decodeIfPresent(Bool.self, forKey: .simultaneous)
    }
}

/// A game's teacher option, as `welcome` describes it.
public struct OptionInfo: Codable, Sendable, Equatable {
    /// The option's name in `create-table`'s `options`.
    public var name: String
    /// What it does, for people.
    public var summary: String
    /// "integer", "toggle", "choice", "subset" or "library" (the name of content the host keeps, such as
    /// a word list: `values` lists the game's built-in names; the host may hold others).
    public var kind: String
    /// With "integer": the smallest value.
    public var min: Int?
    /// With "integer": the largest value.
    public var max: Int?
    /// With "integer": values are `min` plus a multiple of `step`.
    public var step: Int?
    /// With "choice" and "subset": the names to choose from; with "library": the built-in names.
    public var values: [String]?
    /// The value a table has when `create-table` does not give one.
    public var `default`: JSONValue

    /// Creates a description.
    public init(
        name: String, summary: String, kind: String, min: Int? = nil, max: Int? = nil, step: Int? = nil,
        values: [String]? = nil, default: JSONValue
    ) {
        self.name = name
        self.summary = summary
        self.kind = kind
        self.min = min
        self.max = max
        self.step = step
        self.values = values
        self.default = `default`
    }
}

/// The rate limit a host applies to each connection: a token bucket.
public struct RateLimit: Codable, Sendable, Equatable {
    /// Messages a connection may send at once after a quiet spell.
    public var burst: Int
    /// Messages per second the bucket refills.
    public var perSecond: Int

    /// Creates a rate limit.
    public init(burst: Int, perSecond: Int) {
        self.burst = burst
        self.perSecond = perSecond
    }
}

/// `welcome`: the host accepted `hello`.
public struct Welcome: Codable, Sendable, Equatable {
    /// The protocol version of the connection (key "protocol").
    public var protocolVersion: Int
    /// The host's name for people, e.g. "Room 12".
    public var host: String
    /// The largest frame payload, in bytes, the host accepts.
    public var maxFrame: Int
    /// Milliseconds of silence after which the host closes the connection.
    public var idleTimeoutMs: Int
    /// The per-connection rate limit.
    public var rateLimit: RateLimit
    /// The id the host gave this player.
    public var player: PlayerID
    /// The player's name as the host accepted it (trimmed).
    public var name: String
    /// The secret that resumes this player's session after a dropped connection.
    public var resumeToken: ResumeToken
    /// The games this host offers.
    public var games: [GameInfo] {
        get { self.gameList.infos }
        set { self.gameList = GameList(newValue) }
    }
    /// The games this host offers, with their text when the host wrote it once for every player
    /// (``GameList/written(_:)``).
    public var gameList: GameList
    /// Whether this session took back an earlier one with `hello.resume` or `hello.seatCode`.
    public var resumed: Bool
    /// The short code that takes this player's seat back from another machine (H-12); a secret, like
    /// the token. Absent from hosts that have none.
    public var seatCode: SeatCode?

    /// Creates a welcome.
    public init(
        protocolVersion: Int = ProtocolVersion.current, host: String, maxFrame: Int, idleTimeoutMs: Int,
        rateLimit: RateLimit, player: PlayerID, name: String, resumeToken: ResumeToken, games: [GameInfo],
        resumed: Bool = false, seatCode: SeatCode? = nil
    ) {
        self.resumed = resumed
        self.seatCode = seatCode
        self.protocolVersion = protocolVersion
        self.host = host
        self.maxFrame = maxFrame
        self.idleTimeoutMs = idleTimeoutMs
        self.rateLimit = rateLimit
        self.player = player
        self.name = name
        self.resumeToken = resumeToken
        self.gameList = GameList(games)
    }

    enum CodingKeys: String, CodingKey {
        case protocolVersion = "protocol"
        case gameList = "games"
        case host, maxFrame, idleTimeoutMs, rateLimit, player, name, resumeToken, resumed, seatCode
    }
}

/// `welcome.games`: the games, and their text when written once.
///
/// NB: a host sends the same list to every player who says `hello`; written through `Encodable` it cost
/// about 325 000 instructions a `welcome` with the classroom's four games. ``written(_:)`` writes it once
/// (the lobby's catalogue does), and `WireCodec.payload` then copies the text. Two lists are equal when
/// their games are, written or not.
public struct GameList: Codable, Sendable, Equatable {
    /// The games, in the order the host lists them.
    public let infos: [GameInfo]
    /// Their text, as `WireCodec.payload` writes the list.
    private let text: EncodedJSON?

    /// A list to be written when sent.
    public init(_ infos: [GameInfo]) {
        self.infos = infos
        self.text = nil
    }

    private init(infos: [GameInfo], text: EncodedJSON) {
        self.infos = infos
        self.text = text
    }

    /// A list written now, for every `welcome` that lists it.
    public static func written(_ infos: [GameInfo]) -> GameList {
        GameList(infos: infos, text: EncodedJSON(encoding: infos))
    }

    public init(from decoder: any Decoder) throws {
        self.init(try [GameInfo](from: decoder))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let text = self.text {
            try container.encode(text)
        } else {
            try container.encode(self.infos)
        }
    }

    public static func == (lhs: GameList, rhs: GameList) -> Bool {
        lhs.infos == rhs.infos
    }
}

/// `error`: a request failed, or the connection is about to close.
public struct ErrorMessage: Codable, Sendable, Equatable, Error {
    /// The stable code.
    public var code: ErrorCode
    /// A sentence for people.
    public var message: String
    /// Whether the host closes the connection right after this message.
    public var fatal: Bool
    /// With `unsupported-protocol`: the versions the host speaks.
    public var supported: [Int]?
    /// With `rate-limited`: milliseconds until the next message will be accepted.
    public var retryAfterMs: Int?
    /// With `illegal-move`: the game's code for the rule the move breaks, e.g. "refill-required".
    public var rule: String?
    /// With `stale-seq`: the sequence number the host expected.
    public var expected: Int?
    /// With `invalid-option`: the option's name.
    public var option: String?
    /// With `illegal-move`, when the game gives them: values that help correct the move, by name (e.g.
    /// Craps's `allowed`: the ante the rules would accept).
    public var details: [String: Int]?

    /// Creates an error message.
    public init(
        code: ErrorCode, message: String, fatal: Bool, supported: [Int]? = nil, retryAfterMs: Int? = nil,
        rule: String? = nil, expected: Int? = nil, option: String? = nil, details: [String: Int]? = nil
    ) {
        self.code = code
        self.message = message
        self.fatal = fatal
        self.supported = supported
        self.retryAfterMs = retryAfterMs
        self.rule = rule
        self.expected = expected
        self.option = option
        self.details = details
    }
}

/// `pong`: the answer to `ping`.
public struct Pong: Codable, Sendable, Equatable {
    /// Creates a pong.
    public init() {}
}

/// One connected player, as others see them.
public struct PlayerSummary: Codable, Sendable, Equatable {
    /// The player's id.
    public var id: PlayerID
    /// The player's name.
    public var name: String

    /// Creates a summary.
    public init(id: PlayerID, name: String) {
        self.id = id
        self.name = name
    }
}

/// `players`: the answer to a `players` request: every player, or one page of them (P-1, P-3).
public struct PlayerList: Codable, Sendable, Equatable {
    /// The connected players who completed the handshake, in the order they arrived.
    public var players: [PlayerSummary]
    /// Present when more players follow: send `players` again with this as `after`. Opaque.
    public var next: String?

    /// Creates the list.
    public init(players: [PlayerSummary], next: String? = nil) {
        self.players = players
        self.next = next
    }
}
