import Lobby
import Logging
import NIOCore
import Protocol

/// The first handler of a host connection: splits bytes into frame payloads and enforces the
/// framing rules and the three liveness timeouts.
///
/// A framing error or a timeout is answered here, at once, with an `error` frame and a close: the
/// payload of an oversized frame is never buffered, and a stalled session task cannot delay it.
///
/// NB: inbound only: as an outbound handler too, its `write` was called for every message the host sent
/// on the connection, only to pass it on.
final class FrameHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = [UInt8]
    typealias OutboundOut = ByteBuffer

    typealias Timeouts = LivenessTimers.Timeouts

    private var decoder: FrameDecoder
    private let handshake: HandshakeFlag
    private let timers: LivenessTimers
    private let logger: Logger
    private let faults: Set<HostFault>
    /// The connection's writes, when the lobby's go through it too (the host's): a closing error must not
    /// be overtaken by the lobby's messages sent straight to the socket.
    private let writer: FramedWriter?
    private var failed = false

    init(
        limits: FrameLimits, timeouts: Timeouts, handshake: HandshakeFlag, logger: Logger, faults: Set<HostFault> = [],
        writer: FramedWriter? = nil
    ) {
        self.faults = faults
        self.writer = writer
        self.decoder = FrameDecoder(limits: limits)
        self.logger = logger
        self.handshake = handshake
        self.timers = LivenessTimers(timeouts: timeouts, handshake: handshake, faults: faults)
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
        self.timers.bytesArrived(context: context)
        var completedAny = false
        var failure: FrameError?
        // NB: each frame a read completes is copied once, from the read's bytes (`FrameDecoder.take`), not
        // into the decoder's buffer and out of it again; only a frame left incomplete is kept.
        buffer.withUnsafeReadableBytes { bytes in
            do throws(FrameError) {
                try self.decoder.take(bytes) { payload in
                    completedAny = true
                    if !self.handshake.isDone { self.handshake.frameReceived() }
                    context.fireChannelRead(self.wrapInboundOut(payload))
                    return !self.faults.has(.onlyFirstFramePerRead)
                }
            } catch {
                failure = error
            }
        }
        if let error = failure {
            let code: ErrorCode =
                switch error {
                case .emptyFrame: .emptyFrame
                case .frameTooLarge: .frameTooLarge
                case .httpRequest: .httpNotSupported
                }
            self.fail(
                context: context, code: self.faults.has(.genericFramingErrors) ? .invalidMessage : code,
                message: error.description)
            return
        }
        if self.faults.has(.partialFramesDropped), self.decoder.hasPartialFrame {
            self.decoder = FrameDecoder(limits: self.decoder.limits)
        }
        self.timers.readEnded(context: context, partial: self.decoder.hasPartialFrame, completedAny: completedAny)
    }

    // MARK: Failing

    private func fail(context: ChannelHandlerContext, code: ErrorCode, message: String) {
        guard !self.failed else { return }
        self.failed = true
        self.cancelTimers()
        self.logger.info(
            "closing", metadata: ["code": "\(code)", "remote": "\(context.remoteAddress.map { "\($0)" } ?? "?")"])
        let envelope = HostEnvelope(.error(ErrorMessage(code: code, message: message, fatal: true)))
        let channel = context.channel
        let frame = context.channel.allocator.buffer(bytes: WireCodec.frame(envelope))
        let written = context.eventLoop.makePromise(of: Void.self)
        written.futureResult.whenComplete { _ in channel.close(promise: nil) }
        if let writer = self.writer {
            writer.writeAndFlushOnLoop(frame, promise: written)
        } else {
            context.writeAndFlush(self.wrapOutboundOut(frame), promise: written)
        }
    }

    // MARK: Timers

    private func startTimers(context: ChannelHandlerContext) {
        self.timers.start(context: context) { context, code, message in
            self.fail(context: context, code: code, message: message)
        }
    }

    private func cancelTimers() {
        self.timers.cancel()
    }
}
