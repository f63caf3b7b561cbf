import CrapsRules
import GameKit
import Lobby
import Peer
import Protocol
import TestSupport
import Testing

/// Craps through a real host over real TCP: one shooter rolls for everyone, every client checks every
/// state with its own rules, and every roll of a period when the period's secret is revealed.
@Suite("Host: Craps over TCP")
struct CrapsOverTCPTests {
    static let catalog = GameCatalog([CrapsGame.self])

    /// What one player saw by the end.
    struct Seen: Sendable {
        var bankrupt = false
        var resetAfterBankrupt = false
        var shooters: [String] = []
        var desyncs: [String] = []
        var verifiedPeriods = 0
        var rolls = 0
    }

    /// One player: sits, bets everything at every come-out (to go bankrupt quickly), rolls when it is
    /// the shooter, resets when bankrupt, until `done` says stop; then leaves.
    static func play(
        port: Int, name: String, table: TableID, seat: String, done: @escaping @Sendable (Seen) -> Bool
    ) async throws -> Seen {
        try await ClientConnection.withConnection(
            host: "127.0.0.1", port: port, hello: Hello(name: name, client: "tests")
        ) { connection in
            let seated = try await connection.request(.sit(Sit(table: table, seat: seat)))
            guard case .table = seated.message else { throw ClientConnection.Failure.closed }
            try await connection.send(.ready(TableRequest(table: table)))
            var mirror = MatchMirror<CrapsGame>()
            var seen = Seen()
            var sentAt: Int?
            let deadline = ContinuousClock.now + .seconds(120)
            while ContinuousClock.now < deadline, let envelope = try await connection.next() {
                switch envelope.message {
                case .error(let error) where error.code == .staleSeq || error.code == .notYourTurn:
                    sentAt = nil
                    continue
                case .error(let error):
                    Issue.record("\(name): the host refused: \(error.code): \(error.message)")
                    sentAt = nil
                    continue
                case .state(let update) where update.table == table:
                    if case .desync(let reason) = mirror.receive(update) {
                        seen.desyncs.append(reason)
                        try await connection.send(.sync(TableRequest(table: table)))
                        continue
                    }
                    if let last = update.last, let move = try? last.move.decode(as: CrapsMove.self),
                        case .roll(let prepared?) = move
                    {
                        seen.rolls += 1
                        if prepared.reveal != nil { seen.verifiedPeriods += 1 }
                    }
                default:
                    continue
                }
                guard let state = mirror.state, let me = state.player(seat) else { continue }
                if let shooter = state.shooter, seen.shooters.last != shooter { seen.shooters.append(shooter) }
                if me.isBankrupt { seen.bankrupt = true }
                if seen.bankrupt, me.resets > 0 { seen.resetAfterBankrupt = true }
                if done(seen) || state.isOver { break }
                guard sentAt != mirror.seq, state.toAct.contains(seat) else { continue }
                let move: CrapsMove?
                if me.isBankrupt {
                    move = .reset
                } else if state.point == nil, me.ante != me.balance {
                    move = .ante(me.balance)
                } else if state.shooter == seat {
                    move = .roll(nil)
                } else {
                    move = nil
                }
                guard let move else { continue }
                sentAt = mirror.seq
                try await connection.send(
                    .move(MoveRequest(table: table, seq: mirror.seq, move: JSONValue.encoding(move))))
            }
            try await connection.send(.leave(TableRequest(table: table)))
            return seen
        }
    }

    static func createTable(port: Int, seats: Int) async throws -> TableID {
        try await ClientConnection.withConnection(
            host: "127.0.0.1", port: port, hello: Hello(name: "Teacher", client: "tests")
        ) { connection in
            let answer = try await connection.request(.createTable(CreateTable(game: "craps", seats: seats)))
            guard case .table(let update) = answer.message else { throw ClientConnection.Failure.closed }
            return update.table.id
        }
    }

    @Test("one player against the dice: every roll verified, bankrupt, reset")
    func onePlayer() async throws {
        try await withHost(catalog: Self.catalog) { host in
            let table = try await Self.createTable(port: host.port, seats: 1)
            let seen = try await Self.play(port: host.port, name: "Lan", table: table, seat: "P1") {
                $0.resetAfterBankrupt
            }
            #expect(seen.desyncs.isEmpty, "\(seen.desyncs)")
            #expect(seen.bankrupt && seen.resetAfterBankrupt)
            #expect(seen.verifiedPeriods >= 1, "a decision revealed its secret and every roll of it checked out")
            #expect(seen.shooters == ["P1"])
        }
    }

    @Test("three players at one table: one shooter, the dice pass on a seven-out, bankrupt and reset")
    func threePlayers() async throws {
        try await withHost(catalog: Self.catalog) { host in
            let table = try await Self.createTable(port: host.port, seats: 3)
            // NB: each stops once it has seen the dice pass and itself go bankrupt and reset.
            let enough: @Sendable (Seen) -> Bool = { $0.resetAfterBankrupt && $0.shooters.count >= 2 }
            async let lan = Self.play(port: host.port, name: "Lan", table: table, seat: "P1", done: enough)
            async let minh = Self.play(port: host.port, name: "Minh", table: table, seat: "P2", done: enough)
            async let hoa = Self.play(port: host.port, name: "Hoa", table: table, seat: "P3", done: enough)
            let seen = try await [lan, minh, hoa]
            for (name, player) in zip(["Lan", "Minh", "Hoa"], seen) {
                #expect(player.desyncs.isEmpty, "\(name): \(player.desyncs)")
                #expect(player.verifiedPeriods >= 1, "\(name) verified the dice of at least one period")
            }
            #expect(seen.contains { $0.resetAfterBankrupt }, "someone went bankrupt and reset")
            #expect(seen.contains { $0.shooters.count >= 2 }, "the dice passed to another seat")
        }
    }
}
