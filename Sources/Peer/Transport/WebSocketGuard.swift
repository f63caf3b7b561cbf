import Lobby
import Logging
import NIOCore
import NIOWebSocket
import Protocol

/// The first handler of a WebSocket connection, the counterpart of ``FrameHandler``: it reads the
/// client's frame headers as the bytes arrive (passing every byte on, untouched, to the WebSocket
/// decoder) and enforces tcnet/1's limits in WebSocket terms (PROTOCOL.md section 16).
///
/// - A message whose frames announce more than `maxFrame` bytes in all is refused with
///   `frame-too-large` at the header that crosses the limit, before its payload is buffered; an
///   empty message with `empty-frame`.
/// - The hello, frame and idle timers are the TCP connection's (``LivenessTimers``): a message is
///   "partly received" from the first byte of its first frame to the last byte of its final frame.
///
/// NB: it sits at the front of the pipeline, where the bytes after the upgrade request are the
/// client's frames; a client may not send frames before the upgrade's answer (RFC 6455 4.1). Nearest the
/// socket, it also sees every write that goes through the pipeline, and counts each for the connection's
/// ``FramedWriter`` until it completes; its place is the writer's way in below the frame encoder.
final class WebSocketGuard: ChannelDuplexHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private var scanner: WebSocketFrameScanner
    private let handshake: HandshakeFlag
    private let timers: LivenessTimers
    private let logger: Logger
    private let faults: Set<HostFault>
    /// The connection's writes straight to the socket, which wait for the ones counted here.
    private let writer: FramedWriter?
    private var failed = false

    init(
        limits: FrameLimits, timeouts: LivenessTimers.Timeouts, handshake: HandshakeFlag, logger: Logger,
        faults: Set<HostFault>, writer: FramedWriter? = nil
    ) {
        self.scanner = WebSocketFrameScanner(maxMessage: limits.maxPayload, sizeCapped: !faults.has(.noSizeCap))
        self.handshake = handshake
        self.timers = LivenessTimers(timeouts: timeouts, handshake: handshake, faults: faults)
        self.logger = logger
        self.faults = faults
        self.writer = writer
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.writer?.attach(belowEncoder: context)
        if context.channel.isActive { self.startTimers(context: context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        self.startTimers(context: context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        self.timers.cancel()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.writer?.attach(belowEncoder: nil)
        self.timers.cancel()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        context.write(data, promise: self.writer?.counting(promise, on: context.eventLoop) ?? promise)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !self.failed else { return }
        var buffer = self.unwrapInboundIn(data)
        self.timers.bytesArrived(context: context)
        let scan = self.scanner.scan(buffer.readableBytesView)
        for _ in 0..<scan.completedMessages where !self.handshake.isDone {
            self.handshake.frameReceived()
        }
        if let refusal = scan.refusal {
            // NB: the frames before the refused header are whole; they go on, as on TCP.
            if let accepted = buffer.readSlice(length: scan.acceptedBytes), accepted.readableBytes > 0 {
                context.fireChannelRead(self.wrapInboundOut(accepted))
            }
            let code: ErrorCode = refusal == .tooLarge ? .frameTooLarge : .emptyFrame
            let message =
                refusal == .tooLarge
                ? "a WebSocket message announced more than the limit of \(self.scanner.maxMessage) bytes"
                : "a WebSocket message was empty"
            self.fail(
                context: context, code: self.faults.has(.genericFramingErrors) ? .invalidMessage : code,
                message: message)
            return
        }
        context.fireChannelRead(self.wrapInboundOut(buffer))
        self.timers.readEnded(
            context: context, partial: self.scanner.hasPartialMessage, completedAny: scan.completedMessages > 0)
    }

    // MARK: Failing

    /// Sends the error as a text frame and a close frame straight to the socket, then closes.
    private func fail(context: ChannelHandlerContext, code: ErrorCode, message: String) {
        guard !self.failed else { return }
        self.failed = true
        self.timers.cancel()
        self.logger.info(
            "closing", metadata: ["code": "\(code)", "remote": "\(context.remoteAddress.map { "\($0)" } ?? "?")"])
        let payload = WireCodec.payload(HostEnvelope(.error(ErrorMessage(code: code, message: message, fatal: true))))
        var bytes = context.channel.allocator.buffer(capacity: payload.count + 16)
        WebSocketFrameScanner.writeServerFrame(opcode: 0x1, payload: payload, to: &bytes)
        var reason: [UInt8] = []
        withUnsafeBytes(of: UInt16(ClientLink.closeCode(for: code).wireCode).bigEndian) {
            reason.append(contentsOf: $0)
        }
        WebSocketFrameScanner.writeServerFrame(opcode: 0x8, payload: reason, to: &bytes)
        let channel = context.channel
        let written = self.writer?.counting(nil, on: context.eventLoop) ?? context.eventLoop.makePromise()
        context.writeAndFlush(self.wrapOutboundOut(bytes), promise: written)
        written.futureResult.whenComplete { _ in channel.close(promise: nil) }
    }

    private func startTimers(context: ChannelHandlerContext) {
        self.timers.start(context: context) { context, code, message in
            self.fail(context: context, code: code, message: message)
        }
    }
}

extension WebSocketErrorCode {
    /// The close code's number on the wire.
    var wireCode: UInt16 {
        var buffer = ByteBuffer()
        buffer.write(webSocketErrorCode: self)
        return buffer.readInteger(as: UInt16.self) ?? 1008
    }
}
