import CrapsRules
import Foundation
import GameKit
import Peer
import Protocol
import TestSupport
import Testing

/// `kill -9` of a real `tcnet host` while a Craps point is on: the restarted host replays the journal
/// and goes on with the same secret, so the dice rolled after the restart verify, with those rolled
/// before, against the commitment published before the crash.
@Suite("tcnet host: Craps across a crash")
struct CrapsCrashRecoveryTests {
    static func move(_ client: RawClient, _ move: CrapsMove, seq: Int, id: Int64) async throws -> MatchUpdate {
        try await client.send(
            ClientEnvelope(
                id: .number(id), .move(MoveRequest(table: "t1", seq: seq, move: JSONValue.encoding(move)))))
        while true {
            let message = try await client.readMessage()
            if message.re == .number(id) {
                guard let update = message.state else { throw CommandRunnerError.timedOut("a state for move \(id)") }
                return update
            }
        }
    }

    @Test("SIGKILL mid-point: the match comes back from the journal and the same dice come out")
    func killMidPoint() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tcnet-craps-crash-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let arguments = ["host", "--bind", "127.0.0.1", "--data", folder, "--no-advertise", "--no-web"]
        let first = try CommandRunner(arguments + ["--port", "0"])
        let port = try await first.hostPort()

        let client = try await RawClient.connect(port: port)
        guard case .welcome(let welcome) = try await client.hello(name: "Lan").message else {
            throw CommandRunnerError.timedOut("welcome")
        }
        try await client.send(ClientEnvelope(id: .number(1), .createTable(CreateTable(game: "craps", seats: 1))))
        try await client.send(ClientEnvelope(id: .number(2), .sit(Sit(table: "t1"))))
        try await client.send(ClientEnvelope(id: .number(3), .ready(TableRequest(table: "t1"))))
        var mirror = MatchMirror<CrapsGame>()
        while mirror.state == nil {
            if let update = try await client.readMessage().state {
                #expect(mirror.receive(update) == .adopted)
            }
        }
        let commitment = try #require(mirror.state).period.commitment

        // Roll until a point is set: the period's secret is then still the host's alone.
        var id: Int64 = 10
        while try #require(mirror.state).point == nil {
            let update = try await Self.move(client, .roll(nil), seq: mirror.seq, id: id)
            #expect(mirror.receive(update) == .verified)
            id += 1
            try #require(id < 200, "no point in 190 rolls")
        }
        let acknowledged = (seq: mirror.seq, period: try #require(mirror.state).period)
        #expect(acknowledged.period.commitment == commitment || acknowledged.period.number > 1)

        first.signal(SIGKILL)
        _ = try await first.waitForExit()
        let second = try CommandRunner(arguments + ["--port", "\(port)"])
        _ = try await second.hostPort()

        let resumed = try await RawClient.connect(port: port)
        try await resumed.send(ClientEnvelope(id: .number(1), .hello(Hello(name: "x", resume: welcome.resumeToken))))
        var restored: MatchUpdate?
        while restored == nil {
            restored = try await resumed.readMessage().state
        }
        let state = try #require(restored)
        #expect(state.seq == acknowledged.seq)
        #expect(mirror.receive(state) == .adopted)
        #expect(mirror.state?.period == acknowledged.period, "the same period, its commitment and rolls")

        // Roll on until the point is decided: the reveal must match the commitment made before the crash,
        // and give every roll of the period, those before the crash included.
        let period = acknowledged.period.number
        var revealed = false
        while !revealed {
            let update = try await Self.move(resumed, .roll(nil), seq: mirror.seq, id: id)
            #expect(mirror.receive(update) == .verified, "every roll checks out, the reveal included")
            if case .roll(let roll?) = try update.last.map({ try $0.move.decode(as: CrapsMove.self) }) {
                revealed = roll.reveal != nil
            }
            id += 1
            try #require(id < 400, "no decision in the rolls after the restart")
        }
        #expect(try #require(mirror.state).period.number == period + 1)
        #expect(!mirror.needsSync)

        second.signal(SIGTERM)
        #expect(try await second.waitForExit().status == 0)
    }
}
