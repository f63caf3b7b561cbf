/// A game the host offers, as listed in `welcome`.
public struct GameDescriptor: Codable, Sendable, Equatable {
    /// The game's stable id, e.g. "taxcollection".
    public var id: String
    /// The game's name for people.
    public var name: String
    /// The seats of a table of this game, in order.
    public var seats: [String]
    /// The names of the rule sets a table may choose; the first is the default.
    public var ruleSets: [String]

    /// Creates a descriptor.
    public init(id: String, name: String, seats: [String], ruleSets: [String]) {
        self.id = id
        self.name = name
        self.seats = seats
        self.ruleSets = ruleSets
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
    public var games: [GameDescriptor]
    /// Whether this session took back an earlier one with `hello.resume`.
    public var resumed: Bool

    /// Creates a welcome.
    public init(
        protocolVersion: Int = ProtocolVersion.current, host: String, maxFrame: Int, idleTimeoutMs: Int,
        rateLimit: RateLimit, player: PlayerID, name: String, resumeToken: ResumeToken, games: [GameDescriptor],
        resumed: Bool = false
    ) {
        self.resumed = resumed
        self.protocolVersion = protocolVersion
        self.host = host
        self.maxFrame = maxFrame
        self.idleTimeoutMs = idleTimeoutMs
        self.rateLimit = rateLimit
        self.player = player
        self.name = name
        self.resumeToken = resumeToken
        self.games = games
    }

    enum CodingKeys: String, CodingKey {
        case protocolVersion = "protocol"
        case host, maxFrame, idleTimeoutMs, rateLimit, player, name, resumeToken, games, resumed
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

    /// Creates an error message.
    public init(
        code: ErrorCode, message: String, fatal: Bool, supported: [Int]? = nil, retryAfterMs: Int? = nil,
        rule: String? = nil, expected: Int? = nil
    ) {
        self.code = code
        self.message = message
        self.fatal = fatal
        self.supported = supported
        self.retryAfterMs = retryAfterMs
        self.rule = rule
        self.expected = expected
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
