import Arbiter
import Classroom
import GameKit
import Lobby
import Protocol
import TestSupport

/// Drives a ``Lobby`` and a ``TournamentDesk`` together as the host's service does: the desk takes its
/// requests first, follows every outcome, and ticks at the earlier of the two deadlines.
struct DeskHarness {
    static let code = TeacherCode(rawValue: "K7QM4-XRT2B")
    var lobby: Lobby
    var desk: TournamentDesk
    var now = LobbyTime(milliseconds: 1_000_000)
    private var nextConnection: UInt64 = 1
    var journal: [JournalEntry] = []
    var inbox: [ConnectionID: [HostEnvelope]] = [:]
    var names: [ConnectionID: String] = [:]
    var tokens: [ConnectionID: ResumeToken] = [:]

    init(catalog: GameCatalog = .classroom) {
        self.lobby = Lobby(configuration: Self.configuration(catalog))
        self.desk = TournamentDesk(configuration: TournamentDesk.Configuration(teacherCode: Self.code))
    }

    static func configuration(_ catalog: GameCatalog) -> LobbyConfiguration {
        LobbyConfiguration(
            hostName: "Room 12", maxFrame: 65_536, idleTimeoutMs: 60_000,
            rateLimit: RateLimit(burst: 50, perSecond: 20),
            catalog: catalog, secret: [UInt8](repeating: 7, count: 32), defaultGraceSeconds: 120, botDelayMs: 500)
    }

    /// The same host after a restart: the lobby and the desk rebuilt from the journal so far.
    func restarted() throws -> DeskHarness {
        var copy = self
        let snapshot = Self.snapshot(self.journal)
        copy.lobby = try Lobby(restoring: snapshot, configuration: Self.configuration(.classroom), now: self.now)
        copy.desk = try TournamentDesk(
            restoring: snapshot.tournaments, configuration: TournamentDesk.Configuration(teacherCode: Self.code))
        copy.inbox = [:]
        return copy
    }

    static func snapshot(_ journal: [JournalEntry]) -> JournalSnapshot {
        var snapshot = JournalSnapshot()
        for entry in journal {
            switch entry {
            case .player(let record):
                snapshot.players.removeAll { $0.id == record.id }
                snapshot.players.append(record)
            case .forgetPlayer(let id): snapshot.players.removeAll { $0.id == id }
            case .table(let record):
                snapshot.tables.removeAll { $0.id == record.id }
                snapshot.tables.append(record)
                snapshot.moves.removeAll { $0.table == record.id && $0.match < record.match }
            case .move(let record): snapshot.moves.append(record)
            case .archive: break
            case .tournament(let record):
                snapshot.tournaments.removeAll { $0.id == record.id }
                snapshot.tournaments.append(record)
            }
        }
        return snapshot
    }

    private mutating func perform(_ outcome: LobbyOutcome) {
        var outcome = outcome
        self.desk.follow(&outcome, lobby: &self.lobby, now: self.now)
        self.record(outcome)
    }

    /// Keeps what an outcome journals and sends, as the service commits and delivers it.
    private mutating func record(_ outcome: LobbyOutcome) {
        self.journal += outcome.journal
        for delivery in outcome.deliveries { self.inbox[delivery.connection, default: []].append(delivery.envelope) }
    }

    @discardableResult
    mutating func connect(_ name: String, resume: ResumeToken? = nil) -> ConnectionID {
        let connection = ConnectionID(self.nextConnection)
        self.nextConnection += 1
        self.perform(
            self.lobby.greet(
                Hello(name: name, resume: resume), re: .number(0), on: connection, now: self.now,
                player: PlayerID(rawValue: "p-\(name.lowercased())-\(connection.rawValue)"),
                resumeToken: ResumeToken(rawValue: "token-\(name)-\(connection.rawValue)")))
        self.names[connection] = name
        if case .welcome(let welcome)? = self.inbox[connection]?.first?.message {
            self.tokens[connection] = welcome.resumeToken
        }
        return connection
    }

    mutating func disconnect(_ connection: ConnectionID) {
        self.desk.disconnect(connection)
        self.perform(self.lobby.disconnect(connection, now: self.now))
    }

    /// Sends a message as the service would route it; returns the answer to it (by `re`).
    @discardableResult
    mutating func send(_ message: ClientMessage, from connection: ConnectionID, id: Int64 = 7) -> HostEnvelope? {
        let envelope = ClientEnvelope(id: .number(id), message)
        if let outcome = self.desk.receive(envelope, from: connection, lobby: &self.lobby, now: self.now) {
            self.perform(outcome)
        } else {
            self.perform(self.lobby.receive(envelope, from: connection, now: self.now))
        }
        return self.inbox[connection]?.last { $0.re == .number(id) }
    }

    /// Sends messages as one batch, as the service takes what came in during one turn: one outcome,
    /// each message's part followed by the desk as it comes (``TournamentDesk/take(_:from:lobby:now:into:)``).
    mutating func sendBatch(_ messages: [(ClientMessage, from: ConnectionID)]) {
        var outcome = LobbyOutcome()
        for (index, (message, connection)) in messages.enumerated() {
            let envelope = ClientEnvelope(id: .number(Int64(100 + index)), message)
            self.desk.take(envelope, from: connection, lobby: &self.lobby, now: self.now, into: &outcome)
        }
        self.record(outcome)
    }

    /// A teacher's connection, already shown the code.
    mutating func teacher(_ name: String = "Teacher") -> ConnectionID {
        let connection = self.connect(name)
        self.send(.teacher(TeacherHello(code: Self.code)), from: connection)
        return connection
    }

    mutating func advance(seconds: Int) {
        let target = self.now.adding(seconds: seconds)
        // NB: one step per deadline, as the service wakes at each.
        while let next = [self.lobby.nextDeadline, self.desk.nextDeadline].compactMap({ $0 }).min(), next <= target {
            self.now = max(self.now, next)
            self.perform(self.lobby.tick(now: self.now))
            self.perform(self.desk.tick(lobby: &self.lobby, now: self.now))
        }
        self.now = target
    }

    mutating func take(_ connection: ConnectionID) -> [HostEnvelope] {
        defer { self.inbox[connection] = [] }
        return self.inbox[connection] ?? []
    }

    /// The last `tournament` description a connection was sent.
    func tournament(seenBy connection: ConnectionID) -> TournamentInfo? {
        (self.inbox[connection] ?? []).compactMap { envelope -> TournamentInfo? in
            if case .tournament(let update) = envelope.message { return update.tournament }
            return nil
        }.last
    }

    /// The `go-to-table` calls a connection was sent.
    func calls(_ connection: ConnectionID) -> [TableCall] {
        (self.inbox[connection] ?? []).compactMap { envelope -> TableCall? in
            if case .goToTable(let call) = envelope.message { return call }
            return nil
        }
    }
}
