import NIOCore
import NIOPosix
import Protocol

/// A connection to a host that reads and writes at once and comes back by itself.
///
/// `ClientConnection` serves request/answer exchanges; a player's screen must read keys and host
/// messages at the same time, and must survive a dropped connection. A session runs the connection
/// in ``run()``, reports everything as a ``SessionEvent`` on ``events``, takes messages with
/// ``send(_:)`` from any task, pings when quiet, and after a drop says `hello` again with the resume
/// token until the host takes it back.
public actor ClientSession {
    /// What happens on the session.
    public enum SessionEvent: Sendable {
        /// The host said `welcome` (again, with `resumed`, after a drop).
        case connected(Welcome)
        /// A message from the host.
        case message(HostEnvelope)
        /// The connection dropped; the session is trying again.
        case reconnecting(attempt: Int, reason: String)
        /// The session is over: closed by ``close()``, refused, or unable to come back.
        case ended(SessionEnd)
    }

    /// How long to keep trying after a drop.
    public struct RetryPolicy: Sendable {
        /// Pause between attempts.
        public var delay: Duration
        /// Attempts before giving up.
        public var attempts: Int
        /// How long each attempt waits for the answer to `hello` before it counts as failed.
        public var greeting: Duration

        /// Creates a policy.
        public init(
            delay: Duration = .seconds(1), attempts: Int = 300, greeting: Duration = ClientConnection.greetingDeadline
        ) {
            self.delay = delay
            self.attempts = attempts
            self.greeting = greeting
        }
    }

    /// Everything that happens, in order; finishes after `.ended`.
    public nonisolated let events: AsyncStream<SessionEvent>
    private let continuation: AsyncStream<SessionEvent>.Continuation
    private let host: String
    private let port: Int
    private var hello: Hello
    private let retry: RetryPolicy
    private var writer: NIOAsyncChannelOutboundWriter<ByteBuffer>?
    private var channel: (any Channel)?
    private var nextID: Int64 = 1
    /// When the host last sent anything on this connection.
    private var lastHeard = ContinuousClock.now
    private var closing = false
    /// The pace of this connection's messages, a little under the host's rate limit (`welcome.rateLimit`).
    private var pace: TokenBucket<ContinuousClock.Instant>?
    /// The last `welcome`.
    public private(set) var welcome: Welcome?

    /// Creates a session; nothing happens until ``run()``.
    /// - Parameters:
    ///   - host: the host's address.
    ///   - port: its port.
    ///   - hello: the greeting (its `resume` is filled in after the first `welcome`).
    ///   - retry: how to come back after a drop.
    public init(host: String, port: Int, hello: Hello, retry: RetryPolicy = RetryPolicy()) {
        (self.events, self.continuation) = AsyncStream.makeStream(of: SessionEvent.self)
        self.host = host
        self.port = port
        self.hello = hello
        self.retry = retry
    }

    /// Connects and keeps the session up until ``close()``, a refusal, or the retries run out.
    ///
    /// A `hello` with a resume token the host does not know (`bad-resume-token`: the host lost its
    /// data, or forgot a player who held no seat) is said again on the same connection without it, as
    /// a new player of the same name; the program learns it from `welcome.resumed` being false.
    public func run() async {
        var attempt = 0
        while !self.closing {
            let reason: String
            do {
                try await self.connectOnce()
                reason = "the host closed the connection"
                attempt = 0
            } catch let failure as ClientConnection.Failure {
                if case .refused(let error) = failure {
                    self.finish(.refused(error))
                    return
                }
                reason = failure.description
            } catch {
                reason = SessionEnd.plain(error, host: self.host, port: self.port)
            }
            guard !self.closing else { break }
            guard self.welcome != nil else {
                self.finish(.unreachable("cannot reach \(self.host):\(self.port): \(reason)"))
                return
            }
            attempt += 1
            guard attempt <= self.retry.attempts else {
                self.finish(
                    .lost(
                        "lost the host at \(self.host):\(self.port) and gave up after \(self.retry.attempts) tries: "
                            + reason
                    ))
                return
            }
            self.continuation.yield(.reconnecting(attempt: attempt, reason: reason))
            try? await Task.sleep(for: self.retry.delay)
        }
        self.finish(.closed)
    }

    /// Sends a message with a fresh request id.
    /// - Returns: the id, or `nil` when the session is not connected right now.
    @discardableResult
    public func send(_ message: ClientMessage) async -> RequestID? {
        // NB: a message over the host's limit is dropped (L-5): a bot that answers every state at once would
        // lose a move and wait for ever, so the session waits for its turn instead.
        while case .refused(let wait) = self.pace?.take(now: .now) {
            try? await Task.sleep(for: wait)
        }
        guard let writer = self.writer, let channel = self.channel else { return nil }
        let id = RequestID.number(self.nextID)
        self.nextID += 1
        let frame = WireCodec.frame(ClientEnvelope(id: id, message))
        do {
            try await writer.write(channel.allocator.buffer(bytes: frame))
            return id
        } catch {
            return nil
        }
    }

    /// Ends the session and closes the connection.
    public func close() {
        self.closing = true
        self.channel?.close(promise: nil)
    }

    /// Drops the connection without ending the session, as a network failure would (for tests).
    public func dropConnection() {
        self.channel?.close(promise: nil)
    }

    /// Drops the connection when nothing came from the host for `limit`: the session then reconnects.
    private func dropIfSilent(for limit: Duration) {
        guard self.lastHeard.duration(to: .now) > limit else { return }
        self.channel?.close(promise: nil)
    }

    private func finish(_ end: SessionEnd) {
        self.writer = nil
        self.channel = nil
        self.continuation.yield(.ended(end))
        self.continuation.finish()
    }

    private func connectOnce() async throws {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .connectTimeout(.seconds(5))
            .connect(host: self.host, port: self.port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ClientFrameHandler())
                    return try NIOAsyncChannel<[UInt8], ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        try await channel.executeThenClose { inbound, outbound in
            var iterator = inbound.makeAsyncIterator()
            var answer = try await ClientConnection.greet(
                self.hello, within: self.retry.greeting, outbound: outbound, inbound: &iterator,
                channel: channel.channel)
            if case .error(let error) = answer.message, error.code == .badResumeToken, self.hello.resume != nil,
                !self.hello.name.isEmpty
            {
                // NB: H-11: the token is gone, not the player's wish to play: a plain hello, same name.
                self.hello.resume = nil
                answer = try await ClientConnection.greet(
                    self.hello, within: self.retry.greeting, outbound: outbound, inbound: &iterator,
                    channel: channel.channel)
            }
            guard case .welcome(let welcome) = answer.message else {
                if case .error(let error) = answer.message { throw ClientConnection.Failure.refused(error) }
                throw ClientConnection.Failure.closed
            }
            self.welcome = welcome
            self.hello.resume = welcome.resumeToken
            self.hello.seatCode = nil
            self.hello.name = welcome.name
            self.writer = outbound
            self.channel = channel.channel
            self.pace = Self.pace(under: welcome.rateLimit)
            self.continuation.yield(.connected(welcome))
            defer {
                self.writer = nil
                self.channel = nil
            }
            self.lastHeard = .now
            let pinger = Task { [weak self, interval = max(1000, welcome.idleTimeoutMs / 3)] in
                while !Task.isCancelled {
                    try? await Task.sleep(for: .milliseconds(interval))
                    guard !Task.isCancelled else { return }
                    // NB: a cut link loses nothing on our side (the writes wait in the kernel): a host that
                    // answers no ping for three rounds is gone, and the session reconnects.
                    await self?.dropIfSilent(for: .milliseconds(3 * interval))
                    await self?.send(.ping(Ping()))
                }
            }
            defer { pinger.cancel() }
            while let payload = try await iterator.next() {
                self.lastHeard = .now
                // NB: a message type from a newer host is skipped, as the versioning policy asks (M-5, V-2).
                if case .failure(let problem) = WireCodec.decodeHost(payload), problem.code == .unknownType {
                    continue
                }
                let envelope = try ClientConnection.decode(payload)
                self.continuation.yield(.message(envelope))
                if case .error(let error) = envelope.message, error.fatal, error.code == .sessionReplaced {
                    // NB: someone else holds the token now; coming back would take the seat from them.
                    throw ClientConnection.Failure.refused(error)
                }
            }
        }
    }

    /// A bucket a little smaller and slower than the host's, so that messages bunched up on their way
    /// (the host counts them as they arrive) still fit.
    static func pace(under limit: RateLimit) -> TokenBucket<ContinuousClock.Instant> {
        TokenBucket(
            burst: max(1, limit.burst * 3 / 4), perSecond: max(1, limit.perSecond * 9 / 10), now: .now)
    }
}
