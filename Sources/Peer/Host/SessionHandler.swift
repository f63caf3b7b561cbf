import Lobby
import Logging
import NIOCore
import Protocol

/// A connection's session, run on its event loop: admission, decoding, the rate limit and the hello gate
/// (``ConnectionSession``), then the lobby's mailbox, then the release when the connection ends. A framed
/// TCP connection has it in its pipeline, after its ``FrameHandler``; a WebSocket's
/// ``WebSocketSessionHandler`` hands it each whole message (``start(context:)``, ``take(_:)``,
/// ``end()``).
///
/// NB: a greeted player's message goes from the event loop straight into the lobby's mailbox
/// (``LobbyMailbox``), with no task per connection and no hop per message; so does an error the session
/// answers by itself, which keeps its place among the connection's messages. Only the rarer steps that
/// must wait for the lobby (admission, a `hello`, a full mailbox, the release) run in a task;
/// while one is under way the connection's later messages wait, so they reach the lobby in the order they
/// were sent, and once ``pendingLimit`` of them wait, so do the socket's reads. Each step's task awaits
/// the one before it.
///
/// NB: inbound only: the reads wait with the channel's `autoRead` off, not by holding its `read` events;
/// as an outbound handler, every message the host sent on the connection, and every read, went through it
/// only to be passed on.
final class SessionHandler: ChannelInboundHandler {
    typealias InboundIn = [UInt8]

    private enum Phase {
        /// The lobby has not registered the connection yet.
        case admitting
        /// Registered, with its id and logger.
        case open(ConnectionID, Logger)
        /// Refused (host full), or released.
        case gone
    }

    private let sessions: HostSessions
    private let handshake: HandshakeFlag
    /// The connection as the lobby writes to it.
    private let link: ClientLink
    /// The census that counts the connection: ``HostSessions/census`` for framed TCP's (a stopping host
    /// waits for them, and ``ConnectionSteering`` follows their number); none for a WebSocket's, which the
    /// web server closes itself.
    private let census: ConnectionCensus?
    private var session: ConnectionSession<ContinuousClock.Instant>
    private var phase = Phase.admitting
    private var context: ChannelHandlerContext?
    /// Whether a step that waits for the lobby is under way.
    private var waiting = false
    /// Payloads that arrived while a step was under way, in order.
    private var pending: CircularBuffer<[UInt8]> = []
    /// How many payloads may wait for a step before the socket's reads wait too.
    ///
    /// NB: reads go on meanwhile, up to this, so that the framing checks and the hello timer before this
    /// handler see what the client sent even while the lobby is slow to admit or greet it.
    static let pendingLimit = 64
    /// Whether the channel's reads wait (its `autoRead` is off) until a step ends or its payloads are
    /// handled.
    private var readHeld = false
    /// Whether the session closed the connection, or the connection ended: nothing more is read.
    private var ended = false
    /// Whether the channel became inactive.
    private var inactive = false
    /// The last step's task; the next step awaits it.
    private var tail: Task<Void, Never>?

    /// - Parameters:
    ///   - link: the connection; for framed TCP, its writer's (``ClientLink/init(writer:)``), which the frame
    ///     handler shares.
    ///   - census: the census that counts the connection, if one does.
    init(sessions: HostSessions, handshake: HandshakeFlag, link: ClientLink, census: ConnectionCensus?) {
        self.sessions = sessions
        self.handshake = handshake
        self.link = link
        self.census = census
        self.session = sessions.newSession()
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.start(context: context)
    }

    func channelActive(context: ChannelHandlerContext) {
        self.admit(context: context)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        self.take(self.unwrapInboundIn(data))
    }

    /// Starts the session on the context of the handler that feeds it; it is admitted at once when the
    /// channel is active (else at ``channelActive(context:)``).
    func start(context: ChannelHandlerContext) {
        self.context = context
        if context.channel.isActive { self.admit(context: context) }
    }

    /// Takes the connection's next message payload.
    func take(_ payload: [UInt8]) {
        guard !self.ended else { return }
        if self.waiting {
            self.pending.append(payload)
            if self.pending.count >= Self.pendingLimit, !self.readHeld, let context = self.context {
                self.holdReads(true, context: context)
            }
        } else {
            self.handle(payload)
        }
    }

    /// Drops a client that stopped reading (``SlowConsumerGuard/dropIfUnwritable(_:logger:)``).
    ///
    /// NB: here, not in a handler of its own before this one: every read and every write of every
    /// connection passed through that handler's place in the pipeline for this one event.
    func channelWritabilityChanged(context: ChannelHandlerContext) {
        SlowConsumerGuard.dropIfUnwritable(context, logger: self.sessions.logger)
        context.fireChannelWritabilityChanged()
    }

    func channelInactive(context: ChannelHandlerContext) {
        self.end()
        context.fireChannelInactive()
    }

    /// The connection ended: nothing more is read, and the lobby forgets it once admitted.
    func end() {
        self.ended = true
        self.inactive = true
        self.pending.removeAll()
        if case .open(let id, let logger) = self.phase { self.release(id, logger: logger) }
    }

    // MARK: Steps

    private func admit(context: ChannelHandlerContext) {
        guard case .admitting = self.phase, !self.waiting else { return }
        self.census?.arrived()
        let link = self.link
        let remote = context.channel.remoteAddress.map { "\($0)" } ?? "unknown"
        let sessions = self.sessions
        self.step({ await sessions.admit(link, remote: remote) }) { handler, admitted in
            guard let admitted else {
                handler.phase = .gone
                handler.ended = true
                handler.pending.removeAll()
                handler.census?.left()
                return
            }
            let (id, logger) = admitted
            handler.phase = .open(id, logger)
            if handler.inactive { handler.release(id, logger: logger) }
        }
    }

    private func handle(_ payload: [UInt8]) {
        guard case .open(let id, let logger) = self.phase else {
            self.pending.append(payload)
            return
        }
        let beforeHandshake = !self.session.isGreeted
        let service = self.sessions.service
        switch self.session.receive(payload: payload, now: .now) {
        case .forward(let envelope):
            if service.post(envelope, from: id) {
                // NB: the mailbox is full: read on once the lobby has taken it.
                self.step({ await service.readMail() }) { _, _ in }
            }
        case .reply(let envelope):
            if service.post(answer: envelope, closing: false, to: id) {
                self.step({ await service.readMail() }) { _, _ in }
            }
            if beforeHandshake { self.handshake.frameHandled() }
        case .close(let envelope):
            HostSessions.logClosing(envelope, logger: logger)
            self.ended = true
            self.pending.removeAll()
            _ = service.post(answer: envelope, closing: true, to: id)
            if beforeHandshake { self.handshake.frameHandled() }
        case .greet(let hello, let re):
            self.step({ await service.greet(hello, re: re, on: id) }) { handler, accepted in
                if accepted {
                    handler.session.greeted()
                    handler.handshake.markDone()
                }
                if beforeHandshake { handler.handshake.frameHandled() }
            }
        }
    }

    private func release(_ id: ConnectionID, logger: Logger) {
        self.phase = .gone
        let sessions = self.sessions
        let census = self.census
        let previous = self.tail
        self.tail = Task {
            await previous?.value
            await sessions.release(id, logger: logger)
            census?.left()
        }
    }

    /// Runs `work` in a task after the previous step's, holds the connection's messages and reads until it
    /// is done, then has `then` take its result on the event loop and goes on with what was held.
    private func step<Result: Sendable>(
        _ work: @escaping @Sendable () async -> Result, then: @escaping (SessionHandler, Result) -> Void
    ) {
        guard let loop = self.context?.eventLoop else { return }
        self.waiting = true
        let handler = NIOLoopBound(self, eventLoop: loop)
        let resume = NIOLoopBound(then, eventLoop: loop)
        let previous = self.tail
        self.tail = Task {
            await previous?.value
            let result = await work()
            loop.execute {
                let handler = handler.value
                handler.waiting = false
                resume.value(handler, result)
                handler.goOn()
            }
        }
    }

    /// Handles what arrived during a step, then lets the channel read again.
    private func goOn() {
        while !self.waiting, !self.ended, let payload = self.pending.popFirst() {
            self.handle(payload)
        }
        if self.readHeld, !self.waiting || self.pending.count < Self.pendingLimit, let context = self.context {
            self.holdReads(false, context: context)
        }
    }

    /// Stops the socket's reads, or lets them go on (NIO reads at once when `autoRead` comes back on).
    private func holdReads(_ held: Bool, context: ChannelHandlerContext) {
        self.readHeld = held
        // NB: a channel that is closing may refuse the option; it reads nothing more either way.
        try? context.channel.syncOptions?.setOption(.autoRead, value: !held)
    }
}
