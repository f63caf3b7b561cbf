import Classroom
import GameKit
import Lobby
import Protocol
import TaxCollectionRules
import TestSupport
import Testing

/// Drives a `Lobby` as the transport would, so tests read as stories: people connect, say things,
/// and the test reads what each of them was sent.
struct LobbyHarness {
    var lobby: Lobby
    var now = LobbyTime(milliseconds: 0)
    private var nextConnection: UInt64 = 1
    /// Everything the lobby journalled, in order.
    var journal: [JournalEntry] = []
    /// What each connection was sent, oldest first; tests take from the front.
    var inbox: [ConnectionID: [Delivery]] = [:]
    var tokens: [ConnectionID: ResumeToken] = [:]
    var playerIDs: [ConnectionID: PlayerID] = [:]

    init(catalog: GameCatalog = .classroom, grace: Int = 120) {
        self.lobby = Lobby(configuration: Self.configuration(catalog: catalog, grace: grace))
    }

    /// The lobby's secret in tests: fixed, so matches draw the same values every run.
    static let secret = [UInt8](repeating: 9, count: 32)

    static func configuration(catalog: GameCatalog = .classroom, grace: Int = 120) -> LobbyConfiguration {
        LobbyConfiguration(
            hostName: "Room 12", maxFrame: 65_536, idleTimeoutMs: 60_000,
            rateLimit: RateLimit(burst: 50, perSecond: 20), catalog: catalog, secret: Self.secret,
            defaultGraceSeconds: grace, botDelayMs: 500)
    }

    private mutating func record(_ outcome: LobbyOutcome) {
        self.journal += outcome.journal
        for delivery in outcome.deliveries {
            self.inbox[delivery.connection, default: []].append(delivery)
        }
    }

    /// Opens a connection and greets it; returns the connection.
    /// - Parameters:
    ///   - name: the name in `hello`.
    ///   - resume: the token to resume with.
    ///   - hostLikeID: give the player an id shaped as the host's (`p-` and 12 hex digits) instead of
    ///     one that shows the name.
    @discardableResult
    mutating func connect(
        _ name: String, resume: ResumeToken? = nil, seatCode: SeatCode? = nil, hostLikeID: Bool = false
    ) -> ConnectionID {
        let connection = ConnectionID(self.nextConnection)
        self.nextConnection += 1
        let hex = String(connection.rawValue, radix: 16)
        let outcome = self.lobby.greet(
            Hello(name: name, resume: resume, seatCode: seatCode), re: .number(0), on: connection, now: self.now,
            player: PlayerID(
                rawValue: hostLikeID
                    ? "p-" + String(repeating: "0", count: 12 - hex.count) + hex
                    : "p-\(name.lowercased())-\(connection.rawValue)"),
            resumeToken: ResumeToken(rawValue: "token-\(connection.rawValue)"))
        self.record(outcome)
        if case .welcome(let welcome) = self.inbox[connection]?.first?.envelope.message {
            self.tokens[connection] = welcome.resumeToken
            self.playerIDs[connection] = welcome.player
        }
        return connection
    }

    /// Sends a message; returns the id it carried.
    @discardableResult
    mutating func send(_ message: ClientMessage, from connection: ConnectionID, id: Int64 = 7) -> RequestID {
        self.record(self.lobby.receive(ClientEnvelope(id: .number(id), message), from: connection, now: self.now))
        return .number(id)
    }

    mutating func disconnect(_ connection: ConnectionID) {
        self.record(self.lobby.disconnect(connection, now: self.now))
    }

    /// Carries out a teacher's request from the console; returns the answer's lines.
    mutating func teacher(_ request: TeacherRequest, newToken: String = "token-teacher") -> [String] {
        let (outcome, answer) = self.lobby.teacher(request, now: self.now, resumeToken: ResumeToken(rawValue: newToken))
        self.record(outcome)
        return answer
    }

    /// The host's disk filled: it can no longer write its journal.
    mutating func diskFilled() {
        self.record(self.lobby.diskFilled(now: self.now))
    }

    /// The host can write its journal again.
    mutating func diskFreed() {
        self.record(self.lobby.diskFreed(now: self.now))
    }

    mutating func advance(seconds: Int) {
        self.advance(milliseconds: Int64(seconds) * 1000)
    }

    mutating func advance(milliseconds: Int64) {
        self.now = self.now.adding(milliseconds: milliseconds)
        self.record(self.lobby.tick(now: self.now))
    }

    /// The journal so far, as a restarted host reads it back (the latest record of each table).
    var snapshot: JournalSnapshot {
        var snapshot = JournalSnapshot()
        for entry in self.journal {
            switch entry {
            case .player(let record):
                snapshot.players.removeAll { $0.id == record.id }
                snapshot.players.append(record)
            case .forgetPlayer(let id):
                snapshot.players.removeAll { $0.id == id }
            case .table(let record):
                snapshot.tables.removeAll { $0.id == record.id }
                snapshot.tables.append(record)
                snapshot.moves.removeAll { $0.table == record.id && $0.match < record.match }
            case .move(let record):
                snapshot.moves.append(record)
            case .archive(let archive):
                // NB: as the store sums the archive up: each person's best and games, per board.
                for score in BoardScore.scores(of: archive) {
                    let index = snapshot.boards.firstIndex { $0.board == score.board && $0.name == score.name }
                    if let index {
                        snapshot.boards[index].best = max(snapshot.boards[index].best, score.best)
                        snapshot.boards[index].games += 1
                    } else {
                        snapshot.boards.append(score)
                    }
                }
            case .tournament(let record):
                snapshot.tournaments.removeAll { $0.id == record.id }
                snapshot.tournaments.append(record)
            }
        }
        return snapshot
    }

    /// Takes everything sent to a connection so far.
    mutating func take(_ connection: ConnectionID) -> [HostEnvelope] {
        defer { self.inbox[connection] = [] }
        return (self.inbox[connection] ?? []).map(\.envelope)
    }

    /// Takes everything sent to a connection, as deliveries (to see closes).
    mutating func takeDeliveries(_ connection: ConnectionID) -> [Delivery] {
        defer { self.inbox[connection] = [] }
        return self.inbox[connection] ?? []
    }

    /// The last `state` a connection was sent, taking its inbox.
    mutating func lastState(_ connection: ConnectionID) -> MatchUpdate? {
        self.take(connection).compactMap { envelope -> MatchUpdate? in
            if case .state(let update) = envelope.message { return update }
            return nil
        }.last
    }

    /// Creates a Tax Collection table and seats two players, ready; returns their connections.
    mutating func startMatch(
        grace: Int? = nil, onTimeout: TimeoutPolicy? = nil, ruleSet: String? = nil
    ) -> (table: TableID, a: ConnectionID, b: ConnectionID) {
        let a = self.connect("Lan")
        let b = self.connect("Minh")
        self.send(
            .createTable(
                CreateTable(game: "taxcollection", ruleSet: ruleSet, graceSeconds: grace, onTimeout: onTimeout)),
            from: a)
        let table = "t1"
        self.send(.sit(Sit(table: table, seat: "A")), from: a)
        self.send(.sit(Sit(table: table, seat: "B")), from: b)
        self.send(.ready(TableRequest(table: table)), from: a)
        self.send(.ready(TableRequest(table: table)), from: b)
        _ = self.take(a)
        _ = self.take(b)
        return (table, a, b)
    }

    /// The current match's state, read through the wire form.
    func gameState(_ update: MatchUpdate) throws -> GameState {
        try update.state.decode(as: GameState.self)
    }
}

/// A move as JSON.
func wire(_ move: TaxCollectionRules.Move) -> JSONValue {
    JSONValue.encoding(move)
}
