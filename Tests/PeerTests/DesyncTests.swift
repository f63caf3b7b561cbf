import Lobby
import Logging
import Peer
import Protocol
import Synchronization
import TaxCollectionRules
import TestSupport
import Testing

/// A host that lies about a state is caught by the client's own rules engine.
@Suite("Client: desync detection against a lying host")
struct DesyncTests {
    @Test("a state that does not follow from its move is reported, logged, and repaired with sync")
    func lyingHostCaught() async throws {
        var played = GameState()
        _ = try played.apply(.sow(bank: 5, direction: .down))
        var other = GameState()
        _ = try other.apply(.sow(bank: 4, direction: .down))
        let (truth, lie, start) = (played, other, GameState())

        let host = try ScriptedHost()
        let received = Mutex<[String]>([])
        host.run { connection in
            let hello = try connection.receive()
            try connection.welcome(hello, host: "Liar", name: "Minh", player: "p-b")
            try connection.send(HostEnvelope(.state(Self.update(start, seq: 0))))
            // NB: the move says A5 down, the state is what A4 down gives, with that state's own hash.
            try connection.send(
                HostEnvelope(
                    .state(
                        Self.update(
                            lie, seq: 1,
                            last: PlayedMove(seat: "A", move: JSONValue.encoding(Move.sow(bank: 5, direction: .down)))))
                ))
            let sync = try connection.receive()
            received.withLock { $0.append(sync.message.type) }
            guard case .sync(let request) = sync.message, request.table == "t1" else { return }
            try connection.send(HostEnvelope(re: sync.id, .state(Self.update(truth, seq: 1))))
            // NB: with the true state, it is B's turn: the client moves from the state it synced.
            let move = try connection.receive()
            received.withLock { $0.append(move.message.type) }
            try connection.send(
                HostEnvelope(
                    .state(
                        Self.update(
                            truth, seq: 1, status: .over, result: MatchResult(winner: "A", reason: "resigned")))))
            _ = try? connection.receive()  // until the client hangs up
        }

        let log = LogCapture()
        let logger = Logger(label: "client") { _ in log }
        let outcome = try await ClientConnection.withConnection(
            host: "127.0.0.1", port: host.port, hello: Hello(name: "Minh")
        ) { connection in
            var player = SeatPlayer<TaxCollectionGame>(table: "t1", seat: "B", bot: "random", seed: 1)
            let result = try await connection.play(&player, logger: logger)
            return (result, player)
        }
        try await host.finish()

        #expect(received.withLock { $0 } == ["sync", "move"])
        #expect(outcome.1.desyncs.count == 1)
        #expect(outcome.1.desyncs.first?.contains(truth.stateHash) == true)
        #expect(outcome.1.desyncs.first?.contains(lie.stateHash) == true)
        #expect(outcome.1.mirror.state == truth, "the synced state was adopted")
        #expect(outcome.0 == MatchResult(winner: "A", reason: "resigned"))
        #expect(log.lines.contains { $0.contains("desync") && $0.contains(lie.stateHash) })
    }

    @Test("a sync state whose hash is not its own is refused too")
    func selfInconsistentState() {
        var mirror = MatchMirror<TaxCollectionGame>()
        var update = Self.update(GameState(), seq: 0)
        update.hash = String(repeating: "a", count: 64)
        guard case .desync(let reason) = mirror.receive(update) else {
            Issue.record("a state with a wrong hash was adopted")
            return
        }
        #expect(reason.contains("hashes to"))
        #expect(mirror.needsSync)
    }

    @Test("a gap in seq is a desync")
    func gap() throws {
        var mirror = MatchMirror<TaxCollectionGame>()
        #expect(mirror.receive(Self.update(GameState(), seq: 0)) == .adopted)
        var state = GameState()
        _ = try state.apply(.sow(bank: 1, direction: .up))
        _ = try state.apply(.sow(bank: 1, direction: .up))
        let skipped = Self.update(
            state, seq: 2, last: PlayedMove(seat: "B", move: JSONValue.encoding(Move.sow(bank: 1, direction: .up))))
        guard case .desync = mirror.receive(skipped) else {
            Issue.record("a missed state went unnoticed")
            return
        }
    }

    @Test("a move checked in place: the state it gives when the hashes agree, none after a desync, until a full one")
    func stateAfterMoves() throws {
        var mirror = MatchMirror<TaxCollectionGame>()
        let start = GameState()
        #expect(mirror.receive(Self.update(start, seq: 0)) == .adopted)
        let move = Move.sow(bank: 1, direction: .up)
        var next = start
        _ = try next.apply(move)
        let last = PlayedMove(seat: "A", move: JSONValue.encoding(move))
        #expect(mirror.receive(Self.update(next, seq: 1, last: last)) == .verified)
        #expect(mirror.state == next)
        #expect(mirror.seq == 1)
        // NB: the host claims another hash for the next move: the mirror no longer knows the state.
        var after = next
        let reply = Move.sow(bank: 1, direction: .up)
        _ = try after.apply(reply)
        var lie = Self.update(after, seq: 2, last: PlayedMove(seat: "B", move: JSONValue.encoding(reply)))
        lie.hash = String(start.stateHash.reversed())
        guard case .desync = mirror.receive(lie) else {
            Issue.record("a wrong hash went unnoticed")
            return
        }
        #expect(mirror.state == nil)
        #expect(mirror.needsSync)
        #expect(mirror.receive(Self.update(after, seq: 2)) == .adopted)
        #expect(mirror.state == after)
        #expect(!mirror.needsSync)
    }

    static func update(
        _ state: GameState, seq: Int, last: PlayedMove? = nil, status: TableStatus = .playing,
        result: MatchResult? = nil
    ) -> MatchUpdate {
        MatchUpdate(
            table: "t1", match: 1, seq: seq, turn: status == .over ? nil : state.turn.rawValue, status: status,
            state: JSONValue.encoding(state), hash: state.stateHash, last: last, result: result)
    }
}

/// Keeps what was logged, for assertions.
final class LogCapture: LogHandler, @unchecked Sendable {
    private let storage = Mutex<[String]>([])
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    var lines: [String] { self.storage.withLock { $0 } }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { self.metadata[key] }
        set { self.metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = self.metadata.merging(event.metadata ?? [:]) { $1 }
        let fields = merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        self.storage.withLock { $0.append("\(event.level) \(event.message) \(fields)") }
    }
}
