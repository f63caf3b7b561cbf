import Logging
import NIOCore
import NIOPosix
import Protocol
import Synchronization

/// A client's connection to a tcnet host: framing, the handshake, and message by message.
///
/// Use it inside ``withConnection(host:port:hello:group:_:)``, which closes it when the body returns.
public struct ClientConnection: ~Copyable {
    /// What the host answered to `hello`.
    public let welcome: Welcome
    private var inbound: NIOAsyncChannelInboundStream<[UInt8]>.AsyncIterator
    private let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
    private let channel: any Channel
    private var nextID: Int64 = 1

    /// Something went wrong on the connection.
    public enum Failure: Error, CustomStringConvertible {
        case refused(ErrorMessage)
        case closed
        case badMessage(InboundProblem)
        /// No answer to `hello` came within the deadline; the client closed the connection.
        case unanswered(Duration)

        public var description: String {
            switch self {
            case .refused(let error): "the host refused: \(error.code): \(error.message)"
            case .closed: "the host closed the connection"
            case .badMessage(let problem): "the host sent a bad message: \(problem)"
            case .unanswered(let deadline): "the host did not answer hello within \(Self.words(deadline))"
            }
        }

        /// `10 s`, `1.5 s`.
        private static func words(_ duration: Duration) -> String {
            let seconds = duration.inSeconds
            return seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
        }
    }

    /// How long a client waits for the answer to its `hello` before it gives the connection up.
    public static let greetingDeadline = Duration.seconds(10)

    /// Connects, says `hello`, and runs `body` with the connection.
    /// - Parameters:
    ///   - host: the host's address or name.
    ///   - port: the host's port.
    ///   - hello: the greeting to send.
    ///   - group: the event loops to use.
    ///   - greeting: how long to wait for the answer to `hello`.
    ///   - body: what to do on the connection.
    /// - Returns: what `body` returns.
    /// - Throws: ``Failure`` when the host refuses `hello`, does not answer it, or the connection breaks.
    public static func withConnection<T>(
        host: String, port: Int, hello: Hello, group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
        greeting: Duration = Self.greetingDeadline, _ body: (inout ClientConnection) async throws -> T
    ) async throws -> T {
        let channel = try await ClientBootstrap(group: group)
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .connect(host: host, port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ClientFrameHandler())
                    return try NIOAsyncChannel<[UInt8], ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        return try await channel.executeThenClose { inbound, outbound in
            var iterator = inbound.makeAsyncIterator()
            let answer = try await Self.greet(
                hello, within: greeting, outbound: outbound, inbound: &iterator, channel: channel.channel)
            guard case .welcome(let welcome) = answer.message else {
                if case .error(let error) = answer.message { throw Failure.refused(error) }
                throw Failure.closed
            }
            var connection = ClientConnection(
                welcome: welcome, inbound: iterator, outbound: outbound, channel: channel.channel)
            return try await body(&connection)
        }
    }

    private init(
        welcome: Welcome, inbound: NIOAsyncChannelInboundStream<[UInt8]>.AsyncIterator,
        outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>, channel: any Channel
    ) {
        self.welcome = welcome
        self.inbound = inbound
        self.outbound = outbound
        self.channel = channel
    }

    /// The connection's channel, for a handler that takes over the rest of it on its event loop, after
    /// the frame decoder (`tcnet bench net`'s ``LoopSeat``).
    var channelForHandOver: any Channel { self.channel }

    /// Sends a message with a fresh request id.
    /// - Returns: the id, which the host's answer carries as `re`.
    @discardableResult
    public mutating func send(_ message: ClientMessage) async throws -> RequestID {
        let id = RequestID.number(self.nextID)
        self.nextID += 1
        try await self.outbound.write(
            self.channel.allocator.buffer(bytes: WireCodec.frame(ClientEnvelope(id: id, message))))
        return id
    }

    /// The next message from the host, or `nil` when the host closed the connection.
    public mutating func next() async throws -> HostEnvelope? {
        while let payload = try await self.inbound.next() {
            // NB: each payload is decoded once (a `state` is most of a client's work).
            switch WireCodec.decodeHost(payload) {
            case .success(let envelope):
                return envelope
            case .failure(let problem) where problem.code == .unknownType:
                // NB: a later revision of tcnet/1 may add message types (V-2); a client skips those it does not know.
                continue
            case .failure(let problem):
                throw Failure.badMessage(problem)
            }
        }
        return nil
    }

    /// Sends a request and returns the host's answer to it, collecting what arrives meanwhile.
    /// - Parameters:
    ///   - message: the request.
    ///   - other: called with every message that is not the answer.
    /// - Returns: the answer (which may be an `error`).
    public mutating func request(
        _ message: ClientMessage, other: (HostEnvelope) -> Void = { _ in }
    ) async throws -> HostEnvelope {
        let id = try await self.send(message)
        while let envelope = try await self.next() {
            if envelope.re == id { return envelope }
            other(envelope)
        }
        throw Failure.closed
    }

    /// Says `hello` and reads the host's answer to it (`welcome` or an `error`).
    ///
    /// NB: a connection on which nothing arrives for `deadline` is closed (``Failure/unanswered(_:)``):
    /// whatever holds it (a socket that listened for a moment while a host restarted, a stuck host) must not
    /// hold the client for ever; a ``ClientSession`` then tries again. A welcome on its way, however slowly
    /// (the client suite's comes a byte a millisecond, later on a loaded machine), is an answer.
    static func greet(
        _ hello: Hello, within deadline: Duration, outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>,
        inbound: inout NIOAsyncChannelInboundStream<[UInt8]>.AsyncIterator, channel: any Channel
    ) async throws -> HostEnvelope {
        let expired = Expiry()
        let watchdog = SilenceWatchdog(channel: channel, limit: TimeAmount(deadline)) {
            expired.expire()
            channel.close(promise: nil)
        }
        defer { watchdog.cancel() }
        do {
            let frame = WireCodec.frame(ClientEnvelope(id: .number(0), .hello(hello)))
            try await outbound.write(channel.allocator.buffer(bytes: frame))
            guard let payload = try await inbound.next() else { throw Failure.closed }
            return try Self.decode(payload)
        } catch {
            if expired.hasExpired { throw Failure.unanswered(deadline) }
            throw error
        }
    }

    /// Calls `expire` once nothing has arrived on the channel for `limit` (its ``ClientFrameHandler`` keeps
    /// the time of the last read), unless cancelled first. Its state is the channel's event loop's.
    private final class SilenceWatchdog: @unchecked Sendable {
        private let channel: any Channel
        private let limit: TimeAmount
        private let expire: @Sendable () -> Void
        private var scheduled: Scheduled<Void>?
        private var cancelled = false

        init(channel: any Channel, limit: TimeAmount, expire: @escaping @Sendable () -> Void) {
            self.channel = channel
            self.limit = limit
            self.expire = expire
            let start = NIODeadline.now()
            channel.eventLoop.execute { self.arm(at: start + limit) }
        }

        func cancel() {
            self.channel.eventLoop.execute {
                self.cancelled = true
                self.scheduled?.cancel()
            }
        }

        private func arm(at deadline: NIODeadline) {
            guard !self.cancelled else { return }
            self.scheduled = self.channel.eventLoop.scheduleTask(deadline: deadline) { self.check() }
        }

        private func check() {
            let frames = try? self.channel.pipeline.syncOperations.handler(type: ClientFrameHandler.self)
            if let heard = frames?.lastRead, heard + self.limit > .now() {
                self.arm(at: heard + self.limit)
            } else {
                self.expire()
            }
        }
    }

    /// Whether a deadline passed, set on an event loop and read in a task.
    private final class Expiry: Sendable {
        private let expired = Atomic<Bool>(false)
        var hasExpired: Bool { self.expired.load(ordering: .acquiring) }
        func expire() { self.expired.store(true, ordering: .releasing) }
    }

    static func decode(_ payload: [UInt8]) throws -> HostEnvelope {
        switch WireCodec.decodeHost(payload) {
        case .success(let envelope): return envelope
        case .failure(let problem): throw Failure.badMessage(problem)
        }
    }
}

/// Splits the host's bytes into frame payloads; a bad frame closes the connection.
final class ClientFrameHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = [UInt8]

    private(set) var decoder = FrameDecoder(limits: FrameLimits(maxPayload: 1 << 24))
    /// When bytes last arrived (``ClientConnection``'s wait for the welcome).
    private(set) var lastRead: NIODeadline?

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        self.lastRead = .now()
        let buffer = self.unwrapInboundIn(data)
        self.decoder.append(contentsOf: buffer.readableBytesView)
        do {
            while let payload = try self.decoder.nextPayload() {
                context.fireChannelRead(self.wrapInboundOut(payload))
            }
        } catch {
            context.close(promise: nil)
        }
    }
}
