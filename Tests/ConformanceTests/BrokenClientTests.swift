import Classroom
import Conformance
import Craps
import CrapsRules
import Foundation
import GameKit
import Protocol
import TaxCollection
import TaxCollectionRules
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Every client case must be able to fail: each runs against a client with one defect that breaks
/// what it checks, and must end FAILED there (the client-side twin of ``BrokenHostTests``).
@Suite("Conformance: broken clients")
struct BrokenClientTests {
    /// One defect each.
    enum Defect: String, CaseIterable, CustomTestStringConvertible {
        case pingFirst = "ping-first"
        case clientNotString = "client-not-string"
        case typelessFrame = "typeless-frame"
        case oneReadPerMessage = "one-read-per-message"
        case closesOnUnknownType = "closes-on-unknown-type"
        case afterInvented = "after-invented"
        case readyWrongTable = "ready-wrong-table"
        case moveWrongSeq = "move-wrong-seq"
        case syncWrongTable = "sync-wrong-table"
        case quitsMidMatch = "quits-mid-match"
        /// A Craps client that checks every state's hash but never the dice.
        case trustsDice = "trusts-dice"
        /// A Craps client that checks each revealed secret against its commitment, but not the rolls.
        case checksCommitmentOnly = "checks-commitment-only"
        /// A client that never sits and never syncs: the suite shows it a whole Craps match it watches.
        case watchesSilently = "watches-silently"

        var testDescription: String { self.rawValue }

        /// The cases this defect must fail.
        var fails: [String] {
            switch self {
            case .pingFirst: ["client.hello"]
            case .clientNotString: ["client.hello-names-software"]
            case .typelessFrame: ["client.frames-valid"]
            case .oneReadPerMessage: ["client.split-welcome"]
            case .closesOnUnknownType: ["client.unknown-message"]
            case .afterInvented: ["client.follows-next"]
            case .readyWrongTable: ["client.sits-and-readies"]
            case .moveWrongSeq: ["client.moves"]
            case .syncWrongTable: ["client.desync-sync"]
            case .quitsMidMatch: ["client.full-match"]
            case .trustsDice: ["client.lying-dice", "client.loaded-dice"]
            case .checksCommitmentOnly: ["client.loaded-dice"]
            case .watchesSilently: ["client.lying-dice", "client.loaded-dice"]
            }
        }

        /// The game whose match the defect is shown in.
        var fixture: GameFixture {
            switch self {
            case .trustsDice, .checksCommitmentOnly, .watchesSilently: CrapsFixture.fixture
            default: TaxCollectionFixture.fixture
            }
        }
    }

    @Test("every client case is failed by some defect")
    func coverage() {
        let failed = Set(Defect.allCases.flatMap(\.fails))
        #expect(failed == Set(ClientSuite.classroom.map(\.id)))
    }

    @Test("each case fails against its broken client", arguments: Defect.allCases)
    func broken(defect: Defect) async throws {
        let listener = try ClientSuite.Listener(port: 0)
        async let results = ClientSuite.run(listener: listener, fixture: defect.fixture, connectTimeout: .seconds(10))
        // NB: a broken client's own errors (the suite closing on it) are expected; the verdicts judge it.
        try? await Self.run(defect, port: listener.port)
        let verdicts = await results
        for id in defect.fails {
            let verdict = try #require(verdicts.first { $0.info.id == id }?.verdict)
            #expect(verdict.outcome == .failed, "\(id) against \(defect.rawValue): \(verdict)")
        }
    }

    // MARK: The broken clients

    private static func run(_ defect: Defect, port: Int) async throws {
        if defect == .oneReadPerMessage {
            try await Self.oneReadPerMessage(port: port)
            return
        }
        let client = try await RawClient.connect(port: port)
        defer { client.disconnect() }
        switch defect {
        case .pingFirst:
            try await client.send(json: #"{"type":"ping","id":1}"#)
            _ = try? await client.readFrame(timeout: .seconds(5))
            return
        case .clientNotString:
            try await client.send(json: #"{"type":"hello","id":1,"protocol":1,"name":"Broken","client":7}"#)
        default:
            try await client.send(
                ClientEnvelope(
                    id: .number(1), .hello(Hello(name: defect.rawValue, client: "broken-\(defect.rawValue)"))))
        }
        _ = try await client.readFrame()  // welcome
        switch defect {
        case .typelessFrame:
            try await client.send(json: #"{"id":2}"#)
            _ = try? await client.readUntilClosed(timeout: .seconds(5))
        case .closesOnUnknownType:
            let next = try await client.readFrame()
            guard case .object(let members) = try JSONDecoder().decode(JSONValue.self, from: Data(next)),
                case .string(let type)? = members["type"], ["pong", "state", "table", "tables", "error"].contains(type)
            else { return }  // NB: the defect: anything unknown ends the session
            _ = try? await client.readUntilClosed(timeout: .seconds(5))
        case .afterInvented:
            // NB: the defect: the next page asked for after the last table's id, not after `next`.
            try await client.send(ClientEnvelope(id: .number(2), .tables(TablesRequest())))
            var last: TableID?
            while last == nil {
                if case .success(let envelope) = WireCodec.decodeHost(try await client.readFrame()),
                    case .tables(let list) = envelope.message
                {
                    last = list.tables.last?.id ?? ""
                }
            }
            try await client.send(ClientEnvelope(id: .number(3), .tables(TablesRequest(after: last))))
            _ = try? await client.readUntilClosed(timeout: .seconds(5))
        case .readyWrongTable, .moveWrongSeq, .syncWrongTable, .quitsMidMatch:
            try await Self.play(client, defect: defect)
        case .trustsDice, .checksCommitmentOnly:
            try await Self.playCraps(client, defect: defect)
        case .watchesSilently:
            _ = try? await client.readUntilClosed(timeout: .seconds(60))
        default:
            _ = try? await client.readUntilClosed(timeout: .seconds(5))
        }
    }

    /// Sits at t1, readies, and plays the first legal move whenever seat A is to move.
    private static func play(_ client: RawClient, defect: Defect) async throws {
        try await client.send(ClientEnvelope(id: .number(2), .sit(Sit(table: "t1"))))
        try await client.send(
            ClientEnvelope(id: .number(3), .ready(TableRequest(table: defect == .readyWrongTable ? "t2" : "t1"))))
        var moves = 0
        while true {
            guard case .success(let envelope) = WireCodec.decodeHost(try await client.readFrame()),
                case .state(let update) = envelope.message
            else { continue }
            guard update.status == .playing else { return }
            guard update.turn == "A" else { continue }
            if defect == .syncWrongTable, moves == 1 {
                try await client.send(ClientEnvelope(id: .number(99), .sync(TableRequest(table: "t9"))))
                _ = try? await client.readUntilClosed(timeout: .seconds(5))
                return
            }
            if defect == .quitsMidMatch, moves == 2 { return }
            let state = try update.state.decode(as: GameState.self)
            let seq = update.seq + (defect == .moveWrongSeq ? 1 : 0)
            try await client.send(
                ClientEnvelope(
                    id: .number(Int64(10 + moves)),
                    .move(MoveRequest(table: "t1", seq: seq, move: JSONValue.encoding(state.legalMoves[0])))))
            moves += 1
        }
    }

    /// Sits at t1 as P1 and rolls whenever it holds the dice. Every state is checked against its own hash
    /// (a lying hash gets sync); with ``Defect/checksCommitmentOnly`` each revealed secret is also checked
    /// against the commitment held, but neither defect recomputes the rolls.
    private static func playCraps(_ client: RawClient, defect: Defect) async throws {
        try await client.send(ClientEnvelope(id: .number(2), .sit(Sit(table: "t1"))))
        try await client.send(ClientEnvelope(id: .number(3), .ready(TableRequest(table: "t1"))))
        var commitment: String?
        var id: Int64 = 10
        while true {
            guard case .success(let envelope) = WireCodec.decodeHost(try await client.readFrame()),
                case .state(let update) = envelope.message
            else { continue }
            let state = try update.state.decode(as: CrapsState.self)
            var lying = CrapsGame.hash(of: state) != update.hash
            if defect == .checksCommitmentOnly, let held = commitment, let last = update.last,
                case .roll(let roll?) = try last.move.decode(as: CrapsMove.self), let reveal = roll.reveal
            {
                lying = lying || DiceDerivation.commitment(ofSecret: reveal) != held
            }
            id += 1
            if lying {
                try await client.send(ClientEnvelope(id: .number(id), .sync(TableRequest(table: "t1"))))
                continue
            }
            commitment = state.period.commitment
            guard update.status == .playing else { return }
            if state.shooter == "P1", update.toAct?.contains("P1") ?? (update.turn == "P1") {
                let roll = JSONValue.encoding(CrapsMove.roll(nil))
                try await client.send(
                    ClientEnvelope(id: .number(id), .move(MoveRequest(table: "t1", seq: update.seq, move: roll))))
            }
        }
    }

    /// The classic socket bug: one `recv` taken for one whole message. The welcome arrives a byte
    /// at a time, the first read holds a piece of it, and the client gives up and closes.
    private static func oneReadPerMessage(port: Int) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            Thread.detachNewThread {
                continuation.resume(with: Result { try Self.oneReadPerMessageBlocking(port: port) })
            }
        }
    }

    private static func oneReadPerMessageBlocking(port: Int) throws {
        let fd = try RawClient.connectedSocket(port: port)
        defer { Glibc.close(fd) }
        let hello = WireCodec.frame(
            ClientEnvelope(id: .number(1), .hello(Hello(name: "one-read-per-message", client: "broken"))))
        _ = hello.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, 10_000) > 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = buffer.withUnsafeMutableBytes { Glibc.recv(fd, $0.baseAddress, $0.count, 0) }
        guard count >= 4 else { return }
        let length = buffer[0..<4].reduce(0) { $0 << 8 | Int($1) }
        guard count == 4 + length else { return }  // NB: the defect: a partial read ends the session
        _ = poll(&poller, 1, 5_000)
    }
}
