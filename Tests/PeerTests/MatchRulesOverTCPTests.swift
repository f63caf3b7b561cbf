import Lobby
import Peer
import Protocol
import TaxCollectionRules
import TestSupport
import Testing

/// Refusals, spectators, dropped players and pauses, over real loopback TCP with raw clients.
@Suite("Host: refereeing over TCP")
struct MatchRulesOverTCPTests {
    /// Two raw clients seated at t1 and ready, the first `state` read by both.
    struct Seated {
        var a: RawClient
        var b: RawClient
        var tokenA: ResumeToken
    }

    static func seat(port: Int, grace: Int = 120, onTimeout: TimeoutPolicy = .pause) async throws -> Seated {
        let a = try await RawClient.connect(port: port)
        guard case .welcome(let welcome) = try await a.hello(name: "Lan").message else {
            throw RawClient.Failure.timedOut(waitingFor: "welcome")
        }
        let b = try await RawClient.greeted(port: port, name: "Minh")
        try await a.send(
            ClientEnvelope(
                id: .number(2),
                .createTable(CreateTable(game: "taxcollection", graceSeconds: grace, onTimeout: onTimeout))))
        _ = try await a.readUntil { $0.tableInfo != nil }
        for (client, seat) in [(a, "A"), (b, "B")] {
            try await client.send(ClientEnvelope(id: .number(3), .sit(Sit(table: "t1", seat: seat))))
            _ = try await client.readUntil { $0.re == .number(3) }
        }
        for client in [a, b] {
            try await client.send(ClientEnvelope(id: .number(4), .ready(TableRequest(table: "t1"))))
        }
        for client in [a, b] {
            _ = try await client.readUntil { $0.state?.seq == 0 }
        }
        return Seated(a: a, b: b, tokenA: welcome.resumeToken)
    }

    static func move(_ move: Move, seq: Int, id: Int64) -> ClientEnvelope {
        ClientEnvelope(id: .number(id), .move(MoveRequest(table: "t1", seq: seq, move: JSONValue.encoding(move))))
    }

    @Test("every refusal has its code, answers the request id, and changes nothing")
    func refusals() async throws {
        try await withHost { host in
            let seated = try await Self.seat(port: host.port)
            let (a, b) = (seated.a, seated.b)
            let cases: [(RawClient, ClientEnvelope, ErrorCode)] = [
                (b, Self.move(.sow(bank: 1, direction: .up), seq: 0, id: 10), .notYourTurn),
                (a, Self.move(.refill, seq: 0, id: 11), .illegalMove),
                (a, Self.move(.sow(bank: 1, direction: .up), seq: 7, id: 12), .staleSeq),
                (
                    a, ClientEnvelope(id: .number(13), .move(MoveRequest(table: "t1", seq: 0, move: .string("A1")))),
                    .invalidMessage
                ),
                (
                    a, ClientEnvelope(id: .number(14), .move(MoveRequest(table: "t9", seq: 0, move: .null))),
                    .noSuchTable
                ),
            ]
            for (client, request, code) in cases {
                try await client.send(request)
                let answer = try await client.readMessage()
                #expect(answer.error?.code == code, "\(request)")
                #expect(answer.re == request.id)
            }
            try await a.send(Self.move(.sow(bank: 1, direction: .up), seq: 0, id: 20))
            #expect(try await a.readMessage().state?.seq == 1, "the refusals changed nothing: seq 0 was still current")
            #expect(try await b.readMessage().state?.seq == 1)
            try await a.send(Self.move(.sow(bank: 1, direction: .up), seq: 0, id: 21))
            let repeated = try await a.readMessage()
            #expect(repeated.error?.code == .staleSeq)
            #expect(repeated.error?.expected == 1)
        }
    }

    @Test("a spectator follows the match and cannot move; a table without a match refuses moves")
    func spectatorAndNotPlaying() async throws {
        try await withHost { host in
            let seated = try await Self.seat(port: host.port)
            let viewer = try await RawClient.greeted(port: host.port, name: "Viewer")
            try await viewer.send(ClientEnvelope(id: .number(1), .watch(TableRequest(table: "t1"))))
            let reply1 = try await viewer.readUntil { $0.state != nil }
            #expect(reply1.state?.seq == 0)
            try await viewer.send(Self.move(.sow(bank: 1, direction: .up), seq: 0, id: 2))
            let reply2 = try await viewer.readUntil { $0.re == .number(2) }
            #expect(reply2.error?.code == .notAPlayer)

            try await seated.a.send(Self.move(.sow(bank: 1, direction: .up), seq: 0, id: 3))
            let reply3 = try await viewer.readUntil { $0.state != nil }
            #expect(reply3.state?.seq == 1)

            try await viewer.send(ClientEnvelope(id: .number(4), .createTable(CreateTable(game: "taxcollection"))))
            _ = try await viewer.readUntil { $0.re == .number(4) }
            try await viewer.send(ClientEnvelope(id: .number(5), .sit(Sit(table: "t2"))))
            _ = try await viewer.readUntil { $0.re == .number(5) }
            try await viewer.send(ClientEnvelope(id: .number(6), .move(MoveRequest(table: "t2", seq: 0, move: .null))))
            let reply4 = try await viewer.readUntil { $0.re == .number(6) }
            #expect(reply4.error?.code == .notPlaying)
        }
    }

    @Test("a dropped player resumes inside the grace period: seat, state and opponent's notice")
    func dropAndResume() async throws {
        try await withHost { host in
            let seated = try await Self.seat(port: host.port, grace: 30)
            let b = seated.b
            try await seated.a.send(Self.move(.sow(bank: 2, direction: .down), seq: 0, id: 5))
            let moved = try await b.readUntil { $0.state != nil }
            let afterMove = try #require(moved.state)
            seated.a.disconnect()
            let away = try await b.readUntil { $0.message.type == "away" }
            guard case .away(let notice) = away.message else { return }
            #expect(notice.seat == "A")
            #expect(notice.graceMs == 30_000)

            let back = try await RawClient.connect(port: host.port)
            try await back.send(ClientEnvelope(id: .number(1), .hello(Hello(name: "whatever", resume: seated.tokenA))))
            guard case .welcome(let welcome) = try await back.readMessage().message else {
                Issue.record("no welcome on resume")
                return
            }
            #expect(welcome.resumed)
            #expect(welcome.name == "Lan")
            let state = try await back.readUntil { $0.state != nil }.state
            #expect(state?.seq == 1)
            #expect(state?.hash == afterMove.hash)
            _ = try await b.readUntil { $0.message.type == "back" }
            let legal = try afterMove.state.decode(as: GameState.self).legalMoves
            try await b.send(Self.move(try #require(legal.first), seq: 1, id: 6))
            let reply5 = try await back.readUntil { $0.state != nil }
            #expect(reply5.state?.seq == 2)
        }
    }

    @Test("when the grace period ends the match pauses, and the opponent's moves wait")
    func pauseAfterGrace() async throws {
        try await withHost { host in
            let seated = try await Self.seat(port: host.port, grace: 1)
            let b = seated.b
            seated.a.disconnect()
            let paused = try await b.readUntil(timeout: .seconds(5)) { $0.tableInfo?.status == .paused }
            #expect(paused.tableInfo?.seats[0].away == true)
            try await b.send(Self.move(.sow(bank: 1, direction: .up), seq: 0, id: 9))
            let reply6 = try await b.readUntil { $0.re == .number(9) }
            #expect(reply6.error?.code == .notPlaying)
        }
    }
}

extension RawClient {
    /// Reads messages until one matches; returns it.
    func readUntil(timeout: Duration = .seconds(5), _ matches: (HostEnvelope) -> Bool) async throws -> HostEnvelope {
        let deadline = ContinuousClock.now + timeout
        while true {
            let remaining = ContinuousClock.now.duration(to: deadline)
            let message = try await self.readMessage(timeout: max(remaining, .milliseconds(1)))
            if matches(message) { return message }
        }
    }
}
