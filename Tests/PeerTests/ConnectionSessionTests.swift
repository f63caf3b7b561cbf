import Protocol
import Testing

@testable import Peer

@Suite("Connection session state machine")
struct ConnectionSessionTests {
    let now = ContinuousClock.now

    private func session() -> ConnectionSession<ContinuousClock.Instant> {
        ConnectionSession(rateLimit: RateLimit(burst: 5, perSecond: 1), now: self.now)
    }

    private func payload(_ envelope: ClientEnvelope) -> [UInt8] {
        WireCodec.payload(envelope)
    }

    @Test("hello asks the lobby to greet; nothing else is allowed before it")
    func helloFirst() {
        var session = self.session()
        let hello = Hello(name: "Lan")
        #expect(
            session.receive(payload: self.payload(ClientEnvelope(id: .number(1), .hello(hello))), now: self.now)
                == .greet(hello, re: .number(1)))
        var other = self.session()
        guard
            case .close(let envelope) = other.receive(
                payload: self.payload(ClientEnvelope(id: .number(2), .ping(Ping()))), now: self.now)
        else {
            Issue.record("ping before hello was not closed")
            return
        }
        #expect(envelope.error?.code == .helloRequired)
        #expect(envelope.re == .number(2))
    }

    @Test("an unknown type before hello closes with hello-required; a hello with bad fields may be retried")
    func badInputBeforeHello() {
        var session = self.session()
        if case .close(let envelope) = session.receive(payload: Array("{\"type\":\"dance\"}".utf8), now: self.now) {
            #expect(envelope.error?.code == .helloRequired)
        } else {
            Issue.record("unknown type before hello was not closed")
        }
        var retry = self.session()
        if case .reply(let envelope) = retry.receive(
            payload: Array("{\"type\":\"hello\",\"protocol\":1}".utf8), now: self.now)
        {
            #expect(envelope.error?.code == .invalidMessage)
        } else {
            Issue.record("a hello with a missing name was not answered with invalid-message")
        }
    }

    @Test("an unsupported protocol version closes with the versions supported")
    func unsupportedVersion() {
        var session = self.session()
        let action = session.receive(
            payload: self.payload(ClientEnvelope(.hello(Hello(protocolVersion: 2, name: "Lan")))), now: self.now)
        guard case .close(let envelope) = action else {
            Issue.record("not closed: \(action)")
            return
        }
        #expect(envelope.error?.code == .unsupportedProtocol)
        #expect(envelope.error?.supported == [1])
    }

    @Test("after greeting, messages go to the lobby and non-fatal problems are answered")
    func greeted() {
        var session = self.session()
        _ = session.receive(payload: self.payload(ClientEnvelope(.hello(Hello(name: "Lan")))), now: self.now)
        session.greeted()
        #expect(session.isGreeted)
        let players = ClientEnvelope(id: .number(3), .players(PlayersRequest()))
        #expect(session.receive(payload: self.payload(players), now: self.now) == .forward(players))
        guard
            case .reply(let envelope) = session.receive(
                payload: Array("{\"type\":\"dance\",\"id\":4}".utf8), now: self.now)
        else {
            Issue.record("unknown type was not answered")
            return
        }
        #expect(envelope.error?.code == .unknownType)
        #expect(envelope.re == .number(4))
    }

    @Test("fatal payload problems close even when the rate limit is exhausted")
    func fatalBeatsRateLimit() {
        var session = self.session()
        for _ in 0..<10 {
            _ = session.receive(payload: self.payload(ClientEnvelope(.hello(Hello(name: "Lan")))), now: self.now)
        }
        guard case .close(let envelope) = session.receive(payload: [0xFF], now: self.now) else {
            Issue.record("invalid UTF-8 did not close")
            return
        }
        #expect(envelope.error?.code == .invalidUTF8)
    }

    @Test("messages beyond the burst are answered with rate-limited, echoing their id")
    func rateLimited() {
        var session = self.session()
        _ = session.receive(payload: self.payload(ClientEnvelope(.hello(Hello(name: "Lan")))), now: self.now)
        session.greeted()
        var refusals: [HostEnvelope] = []
        for index in 0..<10 {
            let action = session.receive(
                payload: self.payload(ClientEnvelope(id: .number(Int64(index)), .ping(Ping()))), now: self.now)
            if case .reply(let envelope) = action { refusals.append(envelope) }
        }
        #expect(refusals.count == 6)
        #expect(refusals.allSatisfy { $0.error?.code == .rateLimited && $0.error?.fatal == false })
        #expect(refusals.first?.re == .number(4))
        #expect(refusals.first?.error?.retryAfterMs == 1000)
        #expect(
            session.receive(payload: self.payload(ClientEnvelope(.ping(Ping()))), now: self.now + .seconds(1))
                == .forward(ClientEnvelope(.ping(Ping()))))
    }
}
