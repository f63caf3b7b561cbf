import CrapsRules
import GameKit
import Logging
import Peer
import Protocol
import Synchronization
import TestSupport
import Testing

/// A host that lies about its dice is caught by the client's own Craps rules: the secret it reveals
/// at a decision must be the one it committed to, and must give every roll of the period.
@Suite("Client: lying dice are caught")
struct CrapsDesyncTests {
    /// The types of the messages the scripted host received.
    final class Received: Sendable {
        let types = Mutex<[String]>([])
    }

    static let secret = String(repeating: "5a", count: 32)
    static let otherSecret = String(repeating: "a5", count: 32)

    static func update(
        _ state: CrapsState, seq: Int, last: PlayedMove? = nil, status: TableStatus = .playing,
        result: MatchResult? = nil
    ) -> MatchUpdate {
        let viewed = state.viewed
        return MatchUpdate(
            table: "t1", match: 1, seq: seq, turn: state.toAct.count == 1 ? state.toAct[0] : nil, status: status,
            state: JSONValue.encoding(viewed), hash: CrapsGame.hash(of: viewed), last: last, result: result,
            toAct: state.toAct)
    }

    /// A scripted host that plays the dice honestly from its secret, except that the first deciding roll
    /// reveals `revealed` instead (the lie, when it is not the committed secret).
    static func lyingHost(revealing revealed: String, events: Received) throws -> ScriptedHost {
        let host = try ScriptedHost()
        host.run { connection in
            let hello = try connection.receive()
            try connection.welcome(hello, host: "Liar", name: "Lan")
            var state = CrapsState(seats: ["P1"], shooter: "P1", secret: Self.secret)!
            var seq = 0
            try connection.send(HostEnvelope(.state(Self.update(state, seq: seq))))
            var lied = false
            while seq < 200 {
                let message = try connection.receive()
                events.types.withLock { $0.append(message.message.type) }
                switch message.message {
                case .move(let request):
                    let move = try request.move.decode(as: CrapsMove.self)
                    var random = HostRandom(secret: Array(repeating: 3, count: 32), step: UInt64(seq + 1))
                    let prepared = CrapsGame.prepare(move, by: .seat("P1"), in: state, random: &random)
                    guard case .success = CrapsGame.apply(prepared, by: .seat("P1"), to: &state) else { return }
                    seq += 1
                    var shown = prepared.viewed
                    if !lied, case .roll(var roll?) = shown, roll.reveal != nil {
                        roll.reveal = revealed
                        shown = .roll(roll)
                        lied = true
                    }
                    let last = PlayedMove(seat: "P1", move: JSONValue.encoding(shown))
                    try connection.send(HostEnvelope(re: message.id, .state(Self.update(state, seq: seq, last: last))))
                    guard lied else { continue }
                    // NB: the decision was shown; a client that caught the lie asks for sync first.
                    let next = try connection.receive()
                    events.types.withLock { $0.append(next.message.type) }
                    if case .sync = next.message {
                        try connection.send(HostEnvelope(re: next.id, .state(Self.update(state, seq: seq))))
                    }
                    try connection.send(
                        HostEnvelope(
                            .state(
                                Self.update(
                                    state, seq: seq, status: .over, result: MatchResult(winner: nil, reason: "resigned")
                                ))))
                    while (try? connection.receive()) != nil {}
                    return
                default:
                    continue
                }
            }
        }
        return host
    }

    static func playAgainst(_ host: ScriptedHost) async throws -> SeatPlayer<CrapsGame> {
        let logger = Logger(label: "client") { _ in SwiftLogNoOpLogHandler() }
        return try await ClientConnection.withConnection(
            host: "127.0.0.1", port: host.port, hello: Hello(name: "Lan")
        ) { connection in
            var player = SeatPlayer<CrapsGame>(table: "t1", seat: "P1", bot: "steady", seed: 1)
            _ = try await connection.play(&player, logger: logger)
            return player
        }
    }

    @Test("a revealed secret that does not match the commitment is a desync, and the client asks for sync")
    func wrongRevealCaught() async throws {
        let events = Received()
        let host = try Self.lyingHost(revealing: Self.otherSecret, events: events)
        let player = try await Self.playAgainst(host)
        try await host.finish()
        #expect(player.desyncs.count == 1)
        #expect(player.desyncs.first?.contains("commitment-mismatch") == true, "\(player.desyncs)")
        let types = events.types.withLock { $0 }
        #expect(types.last == "sync", "\(types)")
    }

    @Test("the same host revealing its true secret is verified: no desync")
    func honestRevealVerified() async throws {
        let events = Received()
        let host = try Self.lyingHost(revealing: Self.secret, events: events)
        let player = try await Self.playAgainst(host)
        try await host.finish()
        #expect(player.desyncs.isEmpty, "\(player.desyncs)")
        let types = events.types.withLock { $0 }
        #expect(!types.contains("sync"), "\(types)")
    }
}
