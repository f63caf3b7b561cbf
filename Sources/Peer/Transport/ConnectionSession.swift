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
        let action = self.answer(decoded, now: now)
        // NB: a broken host of the conformance suite's own tests answers otherwise (HostFaults.swift).
        guard self.faults.isEmpty else {
            return Self.distorted(action, payload: payload, decoded: decoded, greeted: self.isGreeted, self.faults)
        }
        return action
    }

    /// What the protocol says to do with a decoded frame.
    private mutating func answer(_ decoded: Result<ClientEnvelope, InboundProblem>, now: Instant) -> Action {
        if case .failure(let problem) = decoded, problem.fatal {
            return .close(problem.errorEnvelope)
        }
        if case .refused(let retryAfter) = self.bucket.take(now: now) {
            return .reply(HostEnvelope(re: try? decoded.get().id, .error(self.rateLimited(retryAfter: retryAfter))))
        }
        switch (self.state, decoded) {
        case (.awaitingHello, .success(let envelope)):
            guard case .hello(let hello) = envelope.message else { return .close(Self.helloRequired(re: envelope.id)) }
            guard ProtocolVersion.supported.contains(hello.protocolVersion) else {
                return .close(HostEnvelope(re: envelope.id, .error(Self.unsupported(hello))))
            }
            return .greet(hello, re: envelope.id)
        case (.awaitingHello, .failure(let problem)):
            // NB: a `hello` with bad fields may be corrected and sent again; any other type may not.
            if problem.code == .invalidMessage, problem.messageType == "hello" { return .reply(problem.errorEnvelope) }
            return .close(Self.helloRequired(re: problem.re))
        case (.greeted, .success(let envelope)):
            return .forward(envelope)
        case (.greeted, .failure(let problem)):
            return .reply(problem.errorEnvelope)
        }
    }

    private func rateLimited(retryAfter: Duration) -> ErrorMessage {
        let (seconds, attoseconds) = retryAfter.components
        let milliseconds = Int(seconds * 1000 + attoseconds / 1_000_000_000_000_000)
        let limits = "at most \(Int(self.bucket.burst)) at once and \(Int(self.bucket.perSecond)) a second"
        return ErrorMessage(
            code: .rateLimited, message: "too many messages: \(limits); this one was dropped", fatal: false,
            retryAfterMs: max(1, milliseconds))
    }

    private static func unsupported(_ hello: Hello) -> ErrorMessage {
        let spoken = ProtocolVersion.supported.map(String.init).joined(separator: ", ")
        return ErrorMessage(
            code: .unsupportedProtocol, message: "this host speaks tcnet/\(spoken), not tcnet/\(hello.protocolVersion)",
            fatal: true, supported: ProtocolVersion.supported)
    }

    /// Records that the lobby accepted the greeting.
    mutating func greeted() {
        precondition(self.state == .awaitingHello, "Invalid state \(self.state) for greeted()")
        self.state = .greeted
    }

    static func helloRequired(re: RequestID?) -> HostEnvelope {
        HostEnvelope(
            re: re,
            .error(
                ErrorMessage(
                    code: .helloRequired, message: "the first message on a connection must be hello", fatal: true)))
    }
}
