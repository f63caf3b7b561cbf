import GameKit
import Foundation
import Protocol
import TaxCollectionRules
import TestSupport
import Testing

/// `kill -9` of a real `tcnet host` mid-match, then a restart on the same data folder.
@Suite("tcnet host: crash recovery")
struct CrashRecoveryTests {
    struct Player {
        var client: RawClient
        var token: ResumeToken
    }

    static func greet(_ port: Int, _ name: String) async throws -> Player {
        let client = try await RawClient.connect(port: port)
        guard case .welcome(let welcome) = try await client.hello(name: name).message else {
            throw CommandRunnerError.timedOut("welcome for \(name)")
        }
        return Player(client: client, token: welcome.resumeToken)
    }

    static func next(_ client: RawClient, where matches: (HostEnvelope) -> Bool) async throws -> HostEnvelope {
        while true {
            let message = try await client.readMessage()
            if matches(message) { return message }
        }
    }

    @Test("SIGKILL mid-match loses no acknowledged move: tables come back and players resume with their tokens")
    func killAndRestart() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tcnet-crash-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = try CommandRunner(
            ["host", "--bind", "127.0.0.1", "--port", "0", "--data", folder, "--no-advertise"])
        let port = try await first.hostPort()

        let lan = try await Self.greet(port, "Lan")
        let minh = try await Self.greet(port, "Minh")
        try await lan.client.send(
            ClientEnvelope(id: .number(1), .createTable(CreateTable(game: "taxcollection", graceSeconds: 60))))
        _ = try await Self.next(lan.client) { $0.re == .number(1) }
        for (player, seat) in [(lan, "A"), (minh, "B")] {
            try await player.client.send(ClientEnvelope(id: .number(2), .sit(Sit(table: "t1", seat: seat))))
            try await player.client.send(ClientEnvelope(id: .number(3), .ready(TableRequest(table: "t1"))))
        }
        for player in [lan, minh] {
            _ = try await Self.next(player.client) { $0.state?.seq == 0 }
        }

        var local = GameState()
        var rng = SplitMix64(seed: 11)
        var acknowledged = ""
        for seq in 0..<10 where !local.isOver {
            let mover = local.turn == .a ? lan : minh
            let move = local.legalMoves[rng.nextIndex(below: local.legalMoves.count)]
            _ = try local.apply(move)
            let request = MoveRequest(table: "t1", seq: seq, move: JSONValue.encoding(move))
            try await mover.client.send(ClientEnvelope(id: .number(Int64(100 + seq)), .move(request)))
            let answer = try await Self.next(mover.client) { $0.re == .number(Int64(100 + seq)) }
            acknowledged = try #require(answer.state).hash
            #expect(acknowledged == local.stateHash)
        }

        first.signal(SIGKILL)
        let killed = try await first.waitForExit()
        #expect(killed.status != 0)

        let second = try CommandRunner(
            ["host", "--bind", "127.0.0.1", "--port", "\(port)", "--data", folder, "--no-advertise"])
        let log = try await second.waitForStandardError(containing: CommandRunner.listeningLine)
        #expect(log.contains("journal replayed"))

        var resumed: [RawClient] = []
        for player in [lan, minh] {
            let client = try await RawClient.connect(port: port)
            try await client.send(ClientEnvelope(id: .number(1), .hello(Hello(name: "x", resume: player.token))))
            guard case .welcome(let welcome) = try await client.readMessage().message else {
                Issue.record("no welcome on resume after the restart")
                return
            }
            #expect(welcome.resumed)
            let update = try await Self.next(client) { $0.state != nil }
            let state = try #require(update.state)
            #expect(state.hash == acknowledged)
            #expect(state.seq == 10)
            #expect(try state.state.decode(as: GameState.self) == local)
            resumed.append(client)
        }

        // The match goes on from where it was.
        let mover = local.turn == .a ? resumed[0] : resumed[1]
        let move = local.legalMoves[0]
        _ = try local.apply(move)
        try await mover.send(
            ClientEnvelope(id: .number(500), .move(MoveRequest(table: "t1", seq: 10, move: JSONValue.encoding(move)))))
        let answer = try await Self.next(mover) { $0.re == .number(500) }
        #expect(answer.state?.hash == local.stateHash)

        second.signal(SIGTERM)
        #expect(try await second.waitForExit().status == 0)
    }
}
