import NIOCore
import NIOWebSocket
import Protocol

/// A client's connection as the lobby writes to it: a framed TCP channel or a WebSocket.
///
/// The lobby hands it whole message payloads (one JSON object each); the link frames each one for
/// its transport: a 4-byte length before it (PROTOCOL.md F-2), or one WebSocket text frame
/// (section 16). Everything else, the order of writes, the slow-consumer check and the close, is the
/// same for both.
struct ClientLink: Sendable {
    /// How messages travel on the connection.
    enum Framing: Sendable, Equatable {
        /// tcnet/1 frames on TCP: a big-endian length, then the payload.
        case lengthPrefixed
        /// One message per WebSocket text frame.
        case webSocket
    }

    /// The connection's channel.
    let channel: any Channel
    /// The connection's writes (``FramedWriter``).
    private let writer: FramedWriter

    var framing: Framing { self.writer.framing }

    init(channel: any Channel, framing: Framing) {
        self.channel = channel
        self.writer = FramedWriter(channel: channel, framing: framing)
    }

    /// A connection whose writes go through `writer`: every one on framed TCP (the frame handler's too); on
    /// a WebSocket, the lobby's, beside the others its guard counts (``FramedWriter``).
    init(writer: FramedWriter) {
        self.channel = writer.channel
        self.writer = writer
    }

    /// Whether the client reads what it is sent (its queue is below the high water mark).
    ///
    /// NB: a connection whose writer holds nothing back has an empty queue: the channel is not asked (a
    /// call through `any Channel` to NIO's atomic for every message the host sends).
    var isWritable: Bool { self.writer.holdsNothingBack || self.channel.isWritable }

    /// Sends one message.
    func send(_ payload: [UInt8]) {
        self.write(payload, promise: nil)
    }

    /// Sends one last message, then closes the connection; a WebSocket is told why in a close frame.
    /// - Parameters:
    ///   - payload: the message (a fatal `error`).
    ///   - closeCode: the WebSocket close code (RFC 6455 section 7.4); framed TCP has none.
    func send(_ payload: [UInt8], thenCloseWith closeCode: WebSocketErrorCode) {
        let channel = self.channel
        let promise = channel.eventLoop.makePromise(of: Void.self)
        switch self.framing {
        case .lengthPrefixed:
            self.write(payload, promise: promise)
        case .webSocket:
            self.write(payload, promise: nil)
            var data = channel.allocator.buffer(capacity: 2)
            data.write(webSocketErrorCode: closeCode)
            channel.writeAndFlush(WebSocketFrame(fin: true, opcode: .connectionClose, data: data), promise: promise)
        }
        promise.futureResult.whenComplete { _ in channel.close(promise: nil) }
    }

    /// Sends a fatal error, then closes the connection.
    func send(closing envelope: HostEnvelope) {
        let code: ErrorCode? = if case .error(let error) = envelope.message { error.code } else { nil }
        self.send(WireCodec.payload(envelope), thenCloseWith: Self.closeCode(for: code))
    }

    /// The WebSocket close code that goes with a fatal tcnet error (PROTOCOL.md section 16).
    static func closeCode(for code: ErrorCode?) -> WebSocketErrorCode {
        switch code {
        case .frameTooLarge?: .messageTooLarge
        case .invalidUTF8?: .dataInconsistentWithMessage
        case .shuttingDown?: .goingAway
        case .hostFull?: WebSocketErrorCode(codeNumber: 1013)
        default: .policyViolation
        }
    }

    /// Closes the connection at once, without a word.
    func close() {
        self.channel.close(promise: nil)
    }

    /// Writes messages and flushes them; on the channel's event loop only (``OutboundBatch``).
    ///
    /// NB: the frames (framed TCP's, or a WebSocket's text frames) go one after another into the loop
    /// thread's scratch buffer (``ThreadFrameScratch``): one buffer and one write for them all, straight
    /// to the socket when it takes them all (``FramedWriter``), and no allocation when the last ones went
    /// out in full. A WebSocket whose guard is not in place (``FramedWriter/takesFrames``) is written
    /// through its pipeline.
    func writeAndFlushOnLoop(_ payloads: some Sequence<OutgoingPayload>) {
        if self.writer.takesFrames {
            self.writer.writeAndFlushOnLoop(self.framed(payloads), promise: nil)
        } else {
            for payload in payloads { self.channel.write(self.webSocketFrame(payload.bytes), promise: nil) }
            self.channel.flush()
        }
    }

    /// Writes one message and flushes it; on the channel's event loop only (``OutboundBatch``).
    ///
    /// NB: on framed TCP, while the channel holds nothing back, the frame's length and the payload's
    /// parts go to the socket in one gathered call, copied nowhere first
    /// (``FramedWriter/writeAndFlushOnLoop(_:framed:)``); it is framed into the scratch buffer only for
    /// what the channel is to write.
    func writeAndFlushOnLoop(_ payload: OutgoingPayload) {
        guard self.writer.takesFrames else {
            self.writeAndFlushOnLoop(CollectionOfOne(payload))
            return
        }
        self.writer.writeAndFlushOnLoop(payload) { self.framed(CollectionOfOne(payload)) }
    }

    /// The payloads' frames, one after another, in the loop thread's scratch buffer.
    private func framed(_ payloads: some Sequence<OutgoingPayload>) -> ByteBuffer {
        let framing = self.framing
        return ThreadFrameScratch.current.scratch.fill(allocator: self.channel.allocator) { buffer in
            for payload in payloads { buffer.writeFrame(payload, framing: framing) }
        }
    }

    /// NB: a WebSocket's go through its pipeline, from any thread, as `WebSocketFrame`s (its guard counts
    /// them for the writer).
    private func write(_ payload: [UInt8], promise: EventLoopPromise<Void>?) {
        if self.framing == .lengthPrefixed {
            var frame = self.channel.allocator.buffer(capacity: 4 + payload.count)
            frame.writeFrame(payload)
            self.writer.writeAndFlush(frame, promise: promise)
        } else {
            self.channel.writeAndFlush(self.webSocketFrame(payload), promise: promise)
        }
    }

    /// A message as a WebSocket carries it: one text frame.
    private func webSocketFrame(_ payload: [UInt8]) -> WebSocketFrame {
        WebSocketFrame(fin: true, opcode: .text, data: self.channel.allocator.buffer(bytes: payload))
    }
}
