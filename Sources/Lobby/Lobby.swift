import GameKit
import Protocol

/// The lobby's state and rules, with no sockets, clocks or randomness.
///
/// The transport feeds it events (a greeting, a message, a disconnect, the passing of time) with
/// the current ``LobbyTime``, commits the journal entries of the ``LobbyOutcome`` it returns, then
/// sends its deliveries in order.
public struct Lobby: Sendable {
    struct Player: Sendable {
        var id: PlayerID
        var name: String
        var token: ResumeToken
        var connection: ConnectionID?
        var table: TableID?
        /// Orders the `players` list by arrival.
        var arrival: UInt64

        var record: PlayerRecord { PlayerRecord(id: self.id, name: self.name, token: self.token) }
        var seatCode: SeatCode { SeatCode(token: self.token) }
    }

    /// The fixed facts the lobby announces, and its games.
    public let configuration: LobbyConfiguration
    /// How the lobby referees (the documented host's rules).
    let referee: Referee
    var players: [PlayerID: Player] = [:]
    var playerByConnection: [ConnectionID: PlayerID] = [:]
    var playerByToken: [ResumeToken: PlayerID] = [:]
    var playerByNameKey: [String: PlayerID] = [:]
    var arrivals: UInt64 = 0
    var tables = TableSet()
    var tableNumbers: Int = 0
    /// The host-wide limit on wrong seat codes.
    var seatCodeGuard = SeatCodeGuard()
    /// The time of the event being handled.
    var now = LobbyTime(milliseconds: 0)
    /// The high scores of the games that keep them.
    var boards = HighScoreBoards()
    /// Whether the host cannot write its journal (its disk is full): see ``diskFilled(now:)``.
    public internal(set) var isDiskFull = false

    /// Creates an empty lobby.
    /// - Parameter configuration: what `welcome` announces, and the games.
    public init(configuration: LobbyConfiguration) {
        self.configuration = configuration
        self.referee = Referee(faults: configuration.faults)
    }

    /// The number of connected players who completed the handshake.
    public var playerCount: Int { self.playerByConnection.count }

    /// The player greeted on a connection, if any.
    public func player(on connection: ConnectionID) -> PlayerID? {
        self.playerByConnection[connection]
    }

    /// A player's name, for the host's log.
    public func name(of player: PlayerID) -> String? {
        self.players[player]?.name
    }

    /// The earliest time at which ``tick(now:)`` has something to do.
    public var nextDeadline: LobbyTime? {
        // NB: asked after every event; the set keeps it as tables change (``TableSet``).
        self.tables.nextDeadline
    }

    // MARK: Greeting

    /// Takes a `hello` whose protocol version the transport already accepted.
    /// - Parameters:
    ///   - hello: the greeting.
    ///   - re: the request id to answer.
    ///   - connection: the connection it came on; not yet greeted.
    ///   - now: the current time.
    ///   - player: a fresh player id, used if this is a new player.
    ///   - resumeToken: a fresh secret, used if this is a new player.
    /// - Returns: `welcome` or an `error`; with `greeted` set when accepted.
    public mutating func greet(
        _ hello: Hello, re: RequestID?, on connection: ConnectionID, now: LobbyTime, player: PlayerID,
        resumeToken: ResumeToken
    ) -> LobbyOutcome {
        precondition(self.playerByConnection[connection] == nil, "connection \(connection) greeted twice")
        self.now = now
        var outcome = LobbyOutcome()
        if let token = hello.resume {
            guard let id = self.playerByToken[token] ?? self.anyPlayerUnlessTokensChecked else {
                outcome.refuse(
                    .badResumeToken, "that resume token matches no session on this host; say hello without it",
                    to: connection, re: re)
                return self.sent(outcome)
            }
            self.resume(id, on: connection, re: re, into: &outcome)
            return self.sent(outcome)
        }
        if let code = hello.seatCode {
            self.resume(seatCode: code, on: connection, re: re, into: &outcome)
            return self.sent(outcome)
        }
        let name: String
        switch self.referee.validatesNames ? PlayerName.validate(hello.name) : .success(hello.name) {
        case .success(let valid):
            name = valid
        case .failure(let refusal):
            outcome.send(.error(refusal), to: connection, re: re)
            return self.sent(outcome)
        }
        if self.referee.countsNamesInBytes, name.utf8.count > PlayerName.maxCharacters {
            outcome.refuse(.invalidName, "too long", to: connection, re: re)
            return self.sent(outcome)
        }
        guard !self.isTaken(name) else {
            self.refuseTakenName(name, to: connection, re: re, into: &outcome)
            return self.sent(outcome)
        }
        self.arrivals += 1
        self.players[player] = Player(
            id: player, name: name, token: resumeToken, connection: connection, table: nil, arrival: self.arrivals)
        self.playerByConnection[connection] = player
        self.playerByToken[resumeToken] = player
        self.playerByNameKey[PlayerName.uniquenessKey(name)] = player
        outcome.greeted = player
        outcome.send(.welcome(self.welcome(for: self.players[player]!, resumed: false)), to: connection, re: re)
        return self.sent(outcome)
    }

    /// Whether a name is another player's (compared without case, H-6).
    private func isTaken(_ name: String) -> Bool {
        guard self.referee.namesIgnoreCase else { return self.players.values.contains { $0.name == name } }
        return self.playerByNameKey[PlayerName.uniquenessKey(name)] != nil
    }

    /// A referee that does not check resume tokens resumes the latest player with any token.
    private var anyPlayerUnlessTokensChecked: PlayerID? {
        self.referee.checksResumeTokens ? nil : self.players.values.max { $0.arrival < $1.arrival }?.id
    }

    /// An outcome on its way out: faults that change only what is sent apply here.
    func sent(_ outcome: LobbyOutcome) -> LobbyOutcome {
        OutcomeFaults.distort(outcome, self.configuration.faults)
    }

    func welcome(for player: Player, resumed: Bool) -> Welcome {
        var welcome = Welcome(
            host: self.configuration.hostName, maxFrame: self.configuration.maxFrame,
            idleTimeoutMs: self.configuration.idleTimeoutMs, rateLimit: self.configuration.rateLimit,
            player: player.id, name: player.name, resumeToken: player.token, games: [], resumed: resumed,
            seatCode: player.seatCode)
        welcome.gameList = self.configuration.catalog.gameList
        return welcome
    }

    // MARK: Requests

    /// Takes a message from a greeted player.
    /// - Parameters:
    ///   - envelope: the message.
    ///   - connection: a greeted connection.
    ///   - now: the current time.
    /// - Returns: what to journal and send.
    public mutating func receive(_ envelope: ClientEnvelope, from connection: ConnectionID, now: LobbyTime)
        -> LobbyOutcome
    {
        var outcome = LobbyOutcome()
        self.take(envelope, from: connection, now: now, into: &outcome)
        return self.sent(outcome)
    }

    /// Takes a message from a greeted player, adding what to journal and send after what `outcome`
    /// holds: a host collects a batch's messages in one outcome, without one of its own for each to
    /// make, join and drop.
    /// - Parameters:
    ///   - envelope: the message.
    ///   - connection: a greeted connection.
    ///   - now: the current time.
    ///   - outcome: the outcome the message's part is added to.
    public mutating func receive(
        _ envelope: ClientEnvelope, from connection: ConnectionID, now: LobbyTime, into outcome: inout LobbyOutcome
    ) {
        guard self.configuration.faults.isEmpty else {
            // NB: a fault distorts the message's own outcome, as it comes alone.
            return outcome.merge(self.receive(envelope, from: connection, now: now))
        }
        self.take(envelope, from: connection, now: now, into: &outcome)
    }

    private mutating func take(
        _ envelope: ClientEnvelope, from connection: ConnectionID, now: LobbyTime, into outcome: inout LobbyOutcome
    ) {
        guard let player = self.playerByConnection[connection] else {
            preconditionFailure("message from ungreeted connection \(connection)")
        }
        self.now = now
        // NB: what fell due before this message happens first: a move after a game's deadline finds the
        // match over, whether or not the transport's timer has fired yet.
        self.runDue(into: &outcome)
        if self.isDiskFull {
            self.handleUnlessItWrites(envelope, from: player, on: connection, into: &outcome)
        } else {
            self.handle(envelope, from: player, on: connection, into: &outcome)
        }
    }

    /// Carries out a greeted player's request.
    mutating func handle(
        _ envelope: ClientEnvelope, from player: PlayerID, on connection: ConnectionID,
        into outcome: inout LobbyOutcome
    ) {
        let re = envelope.id
        switch envelope.message {
        case .hello:
            if self.referee.refusesSecondHello {
                outcome.refuse(.unexpectedMessage, "this connection has already said hello", to: connection, re: re)
            }
        case .ping:
            outcome.send(.pong(Pong()), to: connection, re: re)
        case .players(let request):
            let listed = self.players.values.filter { $0.connection != nil || !self.referee.listsOnlyConnectedPlayers }
            let connected = listed.sorted { $0.arrival < $1.arrival }
            let list = connected.map { (position: $0.arrival, entry: PlayerSummary(id: $0.id, name: $0.name)) }
            self.sendPage(list, after: request.after, limit: request.limit, to: connection, re: re, into: &outcome) {
                .players(PlayerList(players: $0, next: $1))
            }
        case .tables(let request):
            let sorted = self.tables.values.sorted { $0.number < $1.number }
            let list = sorted.map { (position: UInt64($0.number), entry: self.info(of: $0)) }
            self.sendPage(list, after: request.after, limit: request.limit, to: connection, re: re, into: &outcome) {
                .tables(TableList(tables: $0, next: $1))
            }
        case .createTable(let request):
            self.createTable(request, by: connection, re: re, into: &outcome)
        case .sit(let request):
            self.sit(player, request, on: connection, re: re, into: &outcome)
        case .ready(let request):
            self.withTable(request.table, connection, re, &outcome) { lobby, table, outcome in
                lobby.ready(player, at: &table, on: connection, re: re, into: &outcome)
            }
        case .leave(let request):
            self.withTable(request.table, connection, re, &outcome) { lobby, table, outcome in
                lobby.leave(player, from: &table, on: connection, re: re, into: &outcome)
            }
        case .watch(let request):
            self.withTable(request.table, connection, re, &outcome) { lobby, table, outcome in
                lobby.watch(&table, on: connection, re: re, into: &outcome)
            }
        case .move(let request):
            self.withTable(request.table, connection, re, &outcome) { lobby, table, outcome in
                lobby.move(request, by: player, at: &table, on: connection, re: re, into: &outcome)
            }
        case .sync(let request):
            self.withTable(request.table, connection, re, &outcome) { lobby, table, outcome in
                lobby.sync(table, for: player, on: connection, re: re, into: &outcome)
            }
        case .resign(let request):
            self.withTable(request.table, connection, re, &outcome) { lobby, table, outcome in
                lobby.resign(player, at: &table, on: connection, re: re, into: &outcome)
            }
        case .offerDraw(let request):
            self.withTable(request.table, connection, re, &outcome) { lobby, table, outcome in
                lobby.offerDraw(player, at: &table, on: connection, re: re, into: &outcome)
            }
        case .rematch(let request):
            self.withTable(request.table, connection, re, &outcome) { lobby, table, outcome in
                lobby.rematch(player, at: &table, on: connection, re: re, into: &outcome)
            }
        case .teacher, .tournaments, .tournament:
            // NB: the host's tournament desk takes these before the lobby; a lobby alone runs none.
            outcome.refuse(.unexpectedMessage, "this host runs no tournaments", to: connection, re: re)
        }
    }

    /// Runs a request on a table, refusing with `no-such-table` when there is none.
    private mutating func withTable(
        _ id: TableID, _ connection: ConnectionID, _ re: RequestID?, _ outcome: inout LobbyOutcome,
        _ body: (inout Lobby, inout Table, inout LobbyOutcome) -> Void
    ) {
        guard var table = self.tables.removeValue(forKey: id) else {
            outcome.refuse(.noSuchTable, "there is no table \(id); send tables for the list", to: connection, re: re)
            return
        }
        body(&self, &table, &outcome)
        // NB: `consume`: without it the table was copied into the set and the local destroyed after.
        self.tables.store(consume table)
    }
}
