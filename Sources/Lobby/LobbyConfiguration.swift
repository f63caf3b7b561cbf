import Protocol

/// What the lobby tells every player in `welcome`, fixed for the host's lifetime.
public struct LobbyConfiguration: Sendable, Equatable {
    /// The host's name for people.
    public var hostName: String
    /// The largest frame payload the transport accepts.
    public var maxFrame: Int
    /// Milliseconds of silence after which the transport closes a connection.
    public var idleTimeoutMs: Int
    /// The transport's per-connection rate limit.
    public var rateLimit: RateLimit
    /// The games this host offers.
    public var games: [GameDescriptor]

    /// Creates a configuration.
    public init(hostName: String, maxFrame: Int, idleTimeoutMs: Int, rateLimit: RateLimit, games: [GameDescriptor]) {
        self.hostName = hostName
        self.maxFrame = maxFrame
        self.idleTimeoutMs = idleTimeoutMs
        self.rateLimit = rateLimit
        self.games = games
    }
}
