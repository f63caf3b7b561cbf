import Lobby
import Protocol

/// One connection's protocol state on the host: the handshake gate and the rate limit.
///
/// Pure: it takes a decoded frame and the time, and says what to do; the transport does it.
struct ConnectionSession<Instant: InstantProtocol>: Sendable where Instant.Duration == Duration {
    enum Action: Equatable {
        /// Send this message; the connection stays open.
        case reply(HostEnvelope)
        /// Send this error, then close the connection.
        case close(HostEnvelope)
        /// Ask the lobby to greet the player.
        case greet(Hello, re: RequestID?)
        /// Hand the message to the lobby.
        case forward(ClientEnvelope)
    }

    private enum State {
        case awaitingHello
        case greeted
    }

    private var state = State.awaitingHello
    private var bucket: TokenBucket<Instant>
    private let faults: Set<HostFault>
    /// Strict, except on a broken host of the conformance suite's tests.
    private let reading: JSONReading

    init(rateLimit: RateLimit, now: Instant, faults: Set<HostFault> = []) {
        self.faults = faults
        self.reading = HostFault.reading(faults)
        self.bucket = TokenBucket(burst: rateLimit.burst, perSecond: rateLimit.perSecond, now: now)
    }

    var isGreeted: Bool { self.state == .greeted }

    /// Takes one frame's payload.
    mutating func receive(payload: [UInt8], now: Instant) -> Action {
        let decoded = WireCodec.decodeClient(payload, reading: self.reading)
        if case .failure(let problem) = decoded, problem.fatal {
            return .close(self.faults.has(.genericFramingErrors) ? HostFault.generic(problem) : problem.errorEnvelope)
        }
        if self.faults.has(.typeMustBeFirst), !HostFault.startsWithType(payload) {
            return .close(Self.helloRequired(re: nil))
        }
        if self.faults.has(.unknownMembersRefused), case .success(let envelope) = decoded,
            HostFault.hasUnknownMembers(payload, envelope)
        {
            return .reply(
                HostEnvelope(
                    re: envelope.id,
                    .error(ErrorMessage(code: .invalidMessage, message: "unknown member", fatal: false))))
        }
        if case .refused(let retryAfter) = self.bucket.take(now: now) {
            let milliseconds = Int(
                retryAfter.components.seconds * 1000 + retryAfter.components.attoseconds / 1_000_000_000_000_000)
            let refusal = ErrorMessage(
                code: .rateLimited,
                message:
                    "too many messages: at most \(Int(self.bucket.burst)) at once and \(Int(self.bucket.perSecond)) a second; this one was dropped",
                fatal: false, retryAfterMs: max(1, milliseconds))
            if self.faults.has(.rateLimitedFatal) {
                return .close(HostEnvelope(re: try? decoded.get().id, .error(refusal)))
            }
            return .reply(HostEnvelope(re: try? decoded.get().id, .error(refusal)))
        }
        switch (self.state, decoded) {
        case (.awaitingHello, .success(let envelope)):
            guard case .hello(let hello) = envelope.message else {
                if self.faults.has(.helloRequiredNotFatal) { return .reply(Self.helloRequired(re: envelope.id)) }
                return .close(Self.helloRequired(re: envelope.id))
            }
            guard ProtocolVersion.supported.contains(hello.protocolVersion) || self.faults.has(.anyProtocolAccepted)
            else {
                let refusal = ErrorMessage(
                    code: .unsupportedProtocol,
                    message:
                        "this host speaks tcnet/\(ProtocolVersion.supported.map(String.init).joined(separator: ", ")), not tcnet/\(hello.protocolVersion)",
                    fatal: true, supported: ProtocolVersion.supported)
                return .close(HostEnvelope(re: envelope.id, .error(refusal)))
            }
            return .greet(hello, re: envelope.id)
        case (.awaitingHello, .failure(let problem)):
            // NB: a `hello` with bad fields may be corrected and sent again; any other type may not.
            if problem.code == .invalidMessage, problem.messageType == "hello", !self.faults.has(.invalidHelloCloses) {
                return .reply(problem.errorEnvelope)
            }
            if self.faults.has(.helloRequiredNotFatal) { return .reply(Self.helloRequired(re: problem.re)) }
            return .close(Self.helloRequired(re: problem.re))
        case (.greeted, .success(let envelope)):
            return .forward(envelope)
        case (.greeted, .failure(let problem)):
            if self.faults.has(.unknownTypeCloses), problem.code == .unknownType {
                return .close(problem.errorEnvelope)
            }
            if self.faults.has(.invalidMessageCloses), problem.code == .invalidMessage {
                return .close(problem.errorEnvelope)
            }
            return .reply(problem.errorEnvelope)
        }
    }

    /// Records that the lobby accepted the greeting.
    mutating func greeted() {
        precondition(self.state == .awaitingHello, "Invalid state \(self.state) for greeted()")
        self.state = .greeted
    }

    private static func helloRequired(re: RequestID?) -> HostEnvelope {
        HostEnvelope(
            re: re,
            .error(
                ErrorMessage(
                    code: .helloRequired, message: "the first message on a connection must be hello", fatal: true)))
    }
}
