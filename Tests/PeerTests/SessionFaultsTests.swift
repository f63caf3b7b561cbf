import Lobby
import Protocol
import Testing

@testable import Peer

/// A broken host's sessions (the conformance suite's own tests) answer as the faults say, and only then:
/// every session fault, alone and in pairs, against a reference written branch by branch as the
/// session's faults were before they moved out of its main lines, over payloads of every kind, before
/// and after the greeting, past the rate limit.
@Suite("Connection session: a broken host's faults")
struct SessionFaultsTests {
    let now = ContinuousClock.now

    /// The faults a session looks at.
    static let sessionFaults: [HostFault] = [
        .genericFramingErrors, .typeMustBeFirst, .unknownMembersRefused, .rateLimitedFatal, .helloRequiredNotFatal,
        .anyProtocolAccepted, .invalidHelloCloses, .unknownTypeCloses, .invalidMessageCloses,
    ]

    /// Payloads of every kind a session tells apart.
    static let payloads: [[UInt8]] =
        [
            #"{"type":"hello","id":1,"protocolVersion":1,"name":"Lan"}"#,
            #"{"id":2,"type":"hello","protocolVersion":1,"name":"Lan"}"#,
            #"{"type":"hello","id":3,"protocolVersion":9,"name":"Lan"}"#,
            #"{"type":"hello","id":4,"protocolVersion":1,"name":""}"#,
            #"{"type":"hello","id":5,"protocolVersion":1,"name":"Lan","shoe":1}"#,
            #"{"type":"ping","id":6}"#,
            #"{"id":7,"type":"ping"}"#,
            #"{"type":"ping","id":8,"extra":true}"#,
            #"{"type":"dance","id":9}"#,
            #"{"type":"join","id":10}"#,
            #"{"type":"ping","id":11"#,
            #"[1,2]"#,
        ].map { Array($0.utf8) } + [[0x7B, 0xFF, 0x7D]]

    @Test("each fault, alone and with each other, does what it did in the session's main lines")
    func asBefore() {
        var sets: [Set<HostFault>] = [[]] + Self.sessionFaults.map { [$0] }
        for (index, first) in Self.sessionFaults.enumerated() {
            for second in Self.sessionFaults[(index + 1)...] { sets.append([first, second]) }
        }
        for faults in sets {
            for greeted in [false, true] {
                // NB: a burst of 4: the later payloads meet the rate limit.
                var session = ConnectionSession(
                    rateLimit: RateLimit(burst: 4, perSecond: 1), now: self.now, faults: faults)
                var reference = Reference(faults: faults, now: self.now)
                if greeted {
                    _ = session.receive(payload: Self.payloads[0], now: self.now)
                    session.greeted()
                    _ = reference.receive(Self.payloads[0], now: self.now)
                    reference.greeted = true
                }
                for payload in Self.payloads + Self.payloads {
                    let expected = reference.receive(payload, now: self.now)
                    let seen = session.receive(payload: payload, now: self.now)
                    #expect(
                        seen == expected,
                        "\(faults.sorted()), greeted \(greeted): \(String(decoding: payload, as: UTF8.self))")
                }
            }
        }
    }

    @Test("a rate-limited message closes the connection on a host with rate-limited-fatal, and only there")
    func rateLimitedFatal() {
        for faults in [[], [HostFault.rateLimitedFatal]] as [Set<HostFault>] {
            var session = ConnectionSession(rateLimit: RateLimit(burst: 2, perSecond: 1), now: self.now, faults: faults)
            _ = session.receive(payload: Self.payloads[0], now: self.now)
            session.greeted()
            let answers = (0..<3).map { _ in session.receive(payload: Self.payloads[5], now: self.now) }
            #expect(answers[0] == .forward(ClientEnvelope(id: .number(6), .ping(Ping()))))
            for answer in answers[1...] {
                switch answer {
                case .reply(let refusal) where faults.isEmpty, .close(let refusal) where !faults.isEmpty:
                    #expect(refusal.error?.code == .rateLimited)
                    #expect(refusal.re == .number(6))
                default:
                    Issue.record("\(faults): a ping past the burst answered \(answer)")
                }
            }
        }
    }

    /// The session as it was written with its faults in its main lines, except that the rate limit's token
    /// is taken before the `type-must-be-first` and `unknown-members-refused` checks (a broken host's
    /// session now checks them after the protocol's answer, which takes the token).
    struct Reference {
        let faults: Set<HostFault>
        var bucket: TokenBucket<ContinuousClock.Instant>
        var greeted = false

        init(faults: Set<HostFault>, now: ContinuousClock.Instant) {
            self.faults = faults
            self.bucket = TokenBucket(burst: 4, perSecond: 1, now: now)
        }

        mutating func receive(_ payload: [UInt8], now: ContinuousClock.Instant)
            -> ConnectionSession<
                ContinuousClock.Instant
            >.Action
        {
            typealias Session = ConnectionSession<ContinuousClock.Instant>
            let decoded = WireCodec.decodeClient(payload, reading: HostFault.reading(self.faults))
            if case .failure(let problem) = decoded, problem.fatal {
                return .close(
                    self.faults.has(.genericFramingErrors) ? HostFault.generic(problem) : problem.errorEnvelope)
            }
            let refused: Duration? = if case .refused(let after) = self.bucket.take(now: now) { after } else { nil }
            if self.faults.has(.typeMustBeFirst), !HostFault.startsWithType(payload) {
                return .close(Session.helloRequired(re: nil))
            }
            if self.faults.has(.unknownMembersRefused), case .success(let envelope) = decoded,
                HostFault.hasUnknownMembers(payload, envelope)
            {
                return .reply(
                    HostEnvelope(
                        re: envelope.id,
                        .error(ErrorMessage(code: .invalidMessage, message: "unknown member", fatal: false))))
            }
            if let refused {
                let (seconds, attoseconds) = refused.components
                let refusal = ErrorMessage(
                    code: .rateLimited,
                    message: "too many messages: at most 4 at once and 1 a second; this one was dropped",
                    fatal: false, retryAfterMs: max(1, Int(seconds * 1000 + attoseconds / 1_000_000_000_000_000)))
                if self.faults.has(.rateLimitedFatal) {
                    return .close(HostEnvelope(re: try? decoded.get().id, .error(refusal)))
                }
                return .reply(HostEnvelope(re: try? decoded.get().id, .error(refusal)))
            }
            switch (self.greeted, decoded) {
            case (false, .success(let envelope)):
                guard case .hello(let hello) = envelope.message else {
                    if self.faults.has(.helloRequiredNotFatal) { return .reply(Session.helloRequired(re: envelope.id)) }
                    return .close(Session.helloRequired(re: envelope.id))
                }
                guard ProtocolVersion.supported.contains(hello.protocolVersion) || self.faults.has(.anyProtocolAccepted)
                else {
                    let refusal = ErrorMessage(
                        code: .unsupportedProtocol,
                        message: "this host speaks tcnet/1, not tcnet/\(hello.protocolVersion)",
                        fatal: true, supported: ProtocolVersion.supported)
                    return .close(HostEnvelope(re: envelope.id, .error(refusal)))
                }
                return .greet(hello, re: envelope.id)
            case (false, .failure(let problem)):
                if problem.code == .invalidMessage, problem.messageType == "hello",
                    !self.faults.has(.invalidHelloCloses)
                {
                    return .reply(problem.errorEnvelope)
                }
                if self.faults.has(.helloRequiredNotFatal) { return .reply(Session.helloRequired(re: problem.re)) }
                return .close(Session.helloRequired(re: problem.re))
            case (true, .success(let envelope)):
                return .forward(envelope)
            case (true, .failure(let problem)):
                if self.faults.has(.unknownTypeCloses), problem.code == .unknownType {
                    return .close(problem.errorEnvelope)
                }
                if self.faults.has(.invalidMessageCloses), problem.code == .invalidMessage {
                    return .close(problem.errorEnvelope)
                }
                return .reply(problem.errorEnvelope)
            }
        }
    }
}
