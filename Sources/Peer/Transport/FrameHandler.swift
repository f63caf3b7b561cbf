import Lobby
import Logging
import NIOCore
import Protocol

/// The first handler of a host connection: splits bytes into frame payloads and enforces the
/// framing rules and the three liveness timeouts.
///
/// A framing error or a timeout is answered here, at once, with an `error` frame and a close: the
/// payload of an oversized frame is never buffered, and a stalled session task cannot delay it.
final class FrameHandler: ChannelDuplexHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = [UInt8]
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    struct Timeouts {
        var hello: TimeAmount
        var frame: TimeAmount
        var idle: TimeAmount
    }

    private var decoder: FrameDecoder
    private let timeouts: Timeouts
    private let handshake: HandshakeFlag
    private let logger: Logger
    private let faults: Set<HostFault>
    private var failed = false
    private var lastRead = NIODeadline.now()
    /// When the frame now partly received began to arrive.
    private var partialSince: NIODeadline?
    private var helloTimer: Scheduled<Void>?
    private var idleTimer: Scheduled<Void>?
    private var frameTimer: Scheduled<Void>?

    init(limits: FrameLimits, timeouts: Timeouts, handshake: HandshakeFlag, logger: Logger, faults: Set<HostFault> = []) {
        self.faults = faults
        self.decoder = FrameDecoder(limits: limits)
        self.logger = logger
        self.timeouts = timeouts
        self.handshake = handshake
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive {
            self.startTimers(context: context)
        }
    }

    func channelActive(context: ChannelHandlerContext) {
        self.startTimers(context: context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        self.cancelTimers()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.cancelTimers()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !self.failed else { return }
        let buffer = self.unwrapInboundIn(data)
        if !self.faults.has(.idleTimerNotReset) { self.lastRead = .now() }
        self.decoder.append(contentsOf: buffer.readableBytesView)
        var completedAny = false
        do {
            while let payload = try self.decoder.nextPayload() {
                completedAny = true
                if !self.handshake.isDone { self.handshake.frameReceived() }
                context.fireChannelRead(self.wrapInboundOut(payload))
                if self.faults.has(.onlyFirstFramePerRead) { break }
            }
        } catch {
            let code: ErrorCode =
                switch error {
                case .emptyFrame: .emptyFrame
                case .frameTooLarge: .frameTooLarge
                case .httpRequest: .httpNotSupported
                }
            self.fail(context: context, code: self.faults.has(.genericFramingErrors) ? .invalidMessage : code, message: error.description)
            return
        }
        if self.faults.has(.partialFramesDropped), self.decoder.hasPartialFrame { self.decoder = FrameDecoder(limits: self.decoder.limits) }
        if !self.decoder.hasPartialFrame {
            self.partialSince = nil
        } else if completedAny || self.partialSince == nil || self.faults.has(.frameTimerResetByBytes) {
            self.partialSince = self.lastRead
            if self.frameTimer == nil {
                self.armFrameTimer(context: context, at: self.lastRead + self.timeouts.frame)
            }
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        context.write(data, promise: promise)
    }

    // MARK: Failing

    private func fail(context: ChannelHandlerContext, code: ErrorCode, message: String) {
        guard !self.failed else { return }
        self.failed = true
        self.cancelTimers()
        self.logger.info("closing", metadata: ["code": "\(code)", "remote": "\(context.remoteAddress.map { "\($0)" } ?? "?")"])
        let envelope = HostEnvelope(.error(ErrorMessage(code: code, message: message, fatal: true)))
        let channel = context.channel
        let frame = context.channel.allocator.buffer(bytes: WireCodec.frame(envelope))
        context.writeAndFlush(self.wrapOutboundOut(frame)).whenComplete { _ in
            channel.close(promise: nil)
        }
    }

    // MARK: Timers

    private func startTimers(context: ChannelHandlerContext) {
        guard self.helloTimer == nil else { return }
        self.armHelloTimer(context: context, in: self.timeouts.hello)
        self.armIdleTimer(context: context, at: self.lastRead + self.timeouts.idle)
    }

    private func armHelloTimer(context: ChannelHandlerContext, in delay: TimeAmount) {
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        let handshake = self.handshake
        self.helloTimer = context.eventLoop.scheduleTask(in: delay) {
            guard !handshake.isDone else { return }
            let (handler, context) = loopBound.value
            if handshake.hasUnhandledFrame {
                // NB: the client sent something in time and the host has not got to it yet; a
                // busy host must not blame the client for its own delay.
                handler.armHelloTimer(context: context, in: .milliseconds(50))
                return
            }
            handler.fail(
                context: context, code: .helloTimeout,
                message: "no hello within \(handler.timeouts.hello.seconds) s of connecting")
        }
    }

    private func armIdleTimer(context: ChannelHandlerContext, at deadline: NIODeadline) {
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        self.idleTimer = context.eventLoop.scheduleTask(deadline: deadline) {
            let (handler, context) = loopBound.value
            let due = handler.lastRead + handler.timeouts.idle
            if due > .now() {
                handler.armIdleTimer(context: context, at: due)
            } else {
                handler.fail(
                    context: context, code: .idleTimeout,
                    message: "nothing received for \(handler.timeouts.idle.seconds) s; send ping to stay connected")
            }
        }
    }

    private func armFrameTimer(context: ChannelHandlerContext, at deadline: NIODeadline) {
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        self.frameTimer = context.eventLoop.scheduleTask(deadline: deadline) {
            let (handler, context) = loopBound.value
            handler.frameTimer = nil
            guard let since = handler.partialSince else { return }
            let due = since + handler.timeouts.frame
            if due > .now() {
                handler.armFrameTimer(context: context, at: due)
            } else {
                handler.fail(
                    context: context, code: .frameTimeout,
                    message: "a frame stayed unfinished for \(handler.timeouts.frame.seconds) s")
            }
        }
    }

    private func cancelTimers() {
        self.helloTimer?.cancel()
        self.idleTimer?.cancel()
        self.frameTimer?.cancel()
        self.frameTimer = nil
    }
}

extension TimeAmount {
    /// The amount in seconds, for messages.
    var seconds: String {
        let value = Double(self.nanoseconds) / 1e9
        return value == value.rounded() ? "\(Int(value))" : "\(value)"
    }
}
