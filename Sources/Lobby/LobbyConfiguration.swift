import GameKit
import Protocol

/// What the lobby announces and the games it offers, fixed for the host's lifetime.
public struct LobbyConfiguration: Sendable {
    /// The host's name for people.
    public var hostName: String
    /// The largest frame payload the transport accepts.
    public var maxFrame: Int
    /// Milliseconds of silence after which the transport closes a connection.
    public var idleTimeoutMs: Int
    /// The transport's per-connection rate limit.
    public var rateLimit: RateLimit
    /// The games this host offers.
    public var catalog: GameCatalog
    /// The grace period of a table whose creator does not choose one.
    public var defaultGraceSeconds: Int
    /// The longest grace period a table may ask for.
    public var maxGraceSeconds: Int
    /// The host's secret for this run: each match's secret (its randomness) is derived from it, the
    /// table and the time, then kept in the journal. At least 16 bytes; the transport draws it.
    public var secret: [UInt8]
    /// How long the host's bots wait before they move, so people can follow the game.
    public var botDelayMs: Int64
    /// Deliberate protocol violations, for the conformance suite's broken hosts only.
    public var faults: Set<HostFault> = []
    /// The teachers' content (word lists) that tables may name.
    public var library = GameLibrary.empty
    /// How the host speaks words; without one, tables whose game needs speech are refused.
    public var voice = Voice.none("this host has no voice configured")

    /// Creates a configuration.
    public init(
        hostName: String, maxFrame: Int, idleTimeoutMs: Int, rateLimit: RateLimit, catalog: GameCatalog,
        secret: [UInt8], defaultGraceSeconds: Int = 120, maxGraceSeconds: Int = 3600, botDelayMs: Int64 = 700
    ) {
        precondition(secret.count >= 16, "the lobby's secret has at least 16 bytes")
        self.secret = secret
        self.botDelayMs = botDelayMs
        self.hostName = hostName
        self.maxFrame = maxFrame
        self.idleTimeoutMs = idleTimeoutMs
        self.rateLimit = rateLimit
        self.catalog = catalog
        self.defaultGraceSeconds = defaultGraceSeconds
        self.maxGraceSeconds = maxGraceSeconds
    }
}
