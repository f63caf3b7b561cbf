import Protocol

/// The lobby's state and rules, with no sockets, clocks or randomness.
///
/// The transport feeds it events (a greeting, a message, a disconnect) and carries out the
/// ``Delivery`` values it returns, in order.
public struct Lobby: Sendable {
    /// The outcome of a `hello`.
    public struct Greeting: Sendable, Equatable {
        /// The player id, when the greeting was accepted.
        public var player: PlayerID?
        /// What to send: `welcome`, or the `error` that refused the name.
        public var deliveries: [Delivery]
    }

    /// The fixed facts the lobby announces.
    public let configuration: LobbyConfiguration
    private var roster = PlayerRoster()

    /// Creates an empty lobby.
    /// - Parameter configuration: what `welcome` announces.
    public init(configuration: LobbyConfiguration) {
        self.configuration = configuration
    }

    /// The number of players who completed the handshake.
    public var playerCount: Int { self.roster.count }

    /// The player greeted on a connection, if any.
    /// - Parameter connection: the connection.
    /// - Returns: the player's id, or `nil` before a successful `hello`.
    public func player(on connection: ConnectionID) -> PlayerID? {
        self.roster.entry(on: connection)?.id
    }

    /// Takes a `hello` whose protocol version the transport already accepted.
    /// - Parameters:
    ///   - hello: the greeting.
    ///   - re: the request id to answer.
    ///   - connection: the connection it came on; not yet greeted.
    ///   - player: a fresh player id for the newcomer.
    ///   - resumeToken: a fresh secret for the newcomer.
    /// - Returns: the player id if accepted, and the `welcome` or `error` to send.
    public mutating func greet(
        _ hello: Hello, re: RequestID?, on connection: ConnectionID, player: PlayerID, resumeToken: ResumeToken
    ) -> Greeting {
        precondition(self.roster.entry(on: connection) == nil, "connection \(connection) greeted twice")
        let name: String
        switch PlayerName.validate(hello.name) {
        case .success(let valid):
            name = valid
        case .failure(let refusal):
            return Greeting(player: nil, deliveries: [Delivery(to: connection, HostEnvelope(re: re, .error(refusal)))])
        }
        if self.roster.isNameTaken(name) {
            let refusal = ErrorMessage(
                code: .nameTaken, message: "Someone here is already called \(name); please choose another name.",
                fatal: false)
            return Greeting(player: nil, deliveries: [Delivery(to: connection, HostEnvelope(re: re, .error(refusal)))])
        }
        self.roster.add(.init(id: player, name: name, connection: connection))
        let welcome = Welcome(
            host: self.configuration.hostName, maxFrame: self.configuration.maxFrame,
            idleTimeoutMs: self.configuration.idleTimeoutMs, rateLimit: self.configuration.rateLimit,
            player: player, name: name, resumeToken: resumeToken, games: self.configuration.games)
        return Greeting(player: player, deliveries: [Delivery(to: connection, HostEnvelope(re: re, .welcome(welcome)))])
    }

    /// Takes a message from a greeted player.
    /// - Parameters:
    ///   - envelope: the message; never `hello`, which the transport handles.
    ///   - connection: a greeted connection.
    /// - Returns: what to send.
    public mutating func receive(_ envelope: ClientEnvelope, from connection: ConnectionID) -> [Delivery] {
        guard self.roster.entry(on: connection) != nil else {
            preconditionFailure("message from ungreeted connection \(connection)")
        }
        switch envelope.message {
        case .players:
            let list = PlayerList(players: self.roster.entries.map { PlayerSummary(id: $0.id, name: $0.name) })
            return [Delivery(to: connection, HostEnvelope(re: envelope.id, .players(list)))]
        case .ping:
            return [Delivery(to: connection, HostEnvelope(re: envelope.id, .pong(Pong())))]
        case .hello:
            let refusal = ErrorMessage(
                code: .unexpectedMessage, message: "this connection has already said hello", fatal: false)
            return [Delivery(to: connection, HostEnvelope(re: envelope.id, .error(refusal)))]
        }
    }

    /// Forgets a connection that closed.
    /// - Parameter connection: the connection, greeted or not.
    /// - Returns: what to send to the others.
    public mutating func disconnect(_ connection: ConnectionID) -> [Delivery] {
        self.roster.remove(connection: connection)
        return []
    }
}
