import NIOCore
import Protocol
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A connection's writes, on its event loop: straight to the socket while the channel holds none of the
/// connection's bytes back, through the channel otherwise. A framed TCP connection's frames (a 4-byte
/// length, then the payload) or a WebSocket's text frames (RFC 6455 section 5.2, as a server sends them).
///
/// NB: at 50 matches a turn's writes took 14 % of the host's samples above the `write` calls
/// themselves, most of it NIO's write path (the pipeline, its pending-writes queue, the channel's state
/// checks, each with their retains and releases); 5.6 % once straight to the socket, most of it the
/// framing, and 3.2 % once a lone message went in its parts (``writeAndFlushOnLoop(_:framed:)``; docs/BENCHMARKS.md,
/// issue 14's thirty-eighth round). The order of a connection's bytes is kept by one rule: a write goes
/// to the socket only when every write handed to the channel before it has completed (written in full,
/// or failed as the channel closed); what the socket does not take goes to the channel, which waits for
/// the socket to drain as it always does. Every write on the connection goes through here, the frame
/// handler's closing errors too, so nothing can be overtaken. Confined to the channel's event loop.
///
/// NB: a WebSocket's channel is written to by others too (the web server's pongs and close frames, NIO's
/// protocol errors, the lobby's own `WebSocketFrame`s while bytes are held back), through its frame
/// encoder; its ``WebSocketGuard``, nearest the socket, counts every one of those writes here until it
/// completes (``counting(_:on:)``), and is the way in below the encoder for the frames this writer hands
/// over (``attach(belowEncoder:)``). Until it is attached, nothing goes straight to the socket.
final class FramedWriter: @unchecked Sendable {
    let channel: any Channel
    /// How the connection frames a message.
    let framing: ClientLink.Framing
    private let descriptor: SocketDescriptor?
    /// Writes handed to the channel that have not completed (and, on a WebSocket, 1 while no way in below
    /// its encoder is attached).
    ///
    /// NB: changed on the channel's loop only; atomic because the lobby reads it from its own loop
    /// (``holdsNothingBack``), which is another one for a connection served on another core.
    private let handedOver: Atomic<Int>
    /// A WebSocket's way into its pipeline below the frame encoder, for frames written already (its
    /// guard's context); `nil` for framed TCP, whose pipeline takes bytes at its end.
    private var belowEncoder: ChannelHandlerContext?

    /// - Parameters:
    ///   - channel: a connected TCP channel; its socket is looked for once, here.
    ///   - framing: how its messages are framed.
    init(channel: any Channel, framing: ClientLink.Framing = .lengthPrefixed) {
        self.channel = channel
        self.framing = framing
        self.descriptor = SocketDescriptor(of: channel)
        self.handedOver = Atomic(framing == .webSocket ? 1 : 0)
    }

    /// Sets a WebSocket's way in below its frame encoder (``WebSocketGuard``, as it joins the pipeline);
    /// `nil` takes it away (the guard left): nothing then goes straight to the socket.
    func attach(belowEncoder context: ChannelHandlerContext?) {
        precondition(self.framing == .webSocket, "only a WebSocket's writes enter below an encoder")
        switch (self.belowEncoder, context) {
        case (nil, .some): self.handedOver.subtract(1, ordering: .relaxed)
        case (.some, nil): self.handedOver.add(1, ordering: .relaxed)
        default: break
        }
        self.belowEncoder = context
    }

    /// Whether whole frames can be handed to this writer: always on framed TCP; on a WebSocket once its
    /// way in below the encoder is attached (else its messages go through the pipeline as
    /// `WebSocketFrame`s). On the channel's event loop only.
    var takesFrames: Bool { self.framing == .lengthPrefixed || self.belowEncoder != nil }

    /// Counts a write that goes through the channel by another way until it completes: the promise to
    /// give the write in place of `promise` (which it completes too).
    func counting(_ promise: EventLoopPromise<Void>?, on loop: any EventLoop) -> EventLoopPromise<Void> {
        let written = promise ?? loop.makePromise()
        self.handedOver.add(1, ordering: .relaxed)
        written.futureResult.whenComplete { _ in self.handedOver.subtract(1, ordering: .relaxed) }
        return written
    }

    /// Whether writes can go straight to the socket (its descriptor was found).
    var writesDirectly: Bool { self.descriptor != nil }

    /// Whether the channel holds none of this writer's bytes back: every write went straight to the
    /// socket or has completed. The channel's queue is then empty, below any high water mark.
    var holdsNothingBack: Bool { self.descriptor != nil && self.handedOver.load(ordering: .relaxed) == 0 }

    /// Writes the bytes and flushes them, from any thread (a hop to the channel's loop when needed).
    func writeAndFlush(_ bytes: ByteBuffer, promise: EventLoopPromise<Void>?) {
        if self.channel.eventLoop.inEventLoop {
            self.writeAndFlushOnLoop(bytes, promise: promise)
        } else {
            self.channel.eventLoop.execute { self.writeAndFlushOnLoop(bytes, promise: promise) }
        }
    }

    /// Writes the bytes and flushes them; on the channel's event loop only.
    func writeAndFlushOnLoop(_ bytes: ByteBuffer, promise: EventLoopPromise<Void>?) {
        var bytes = bytes
        if let descriptor = self.socketNow {
            let sent = bytes.withUnsafeReadableBytes { descriptor.send($0) }
            if sent == bytes.readableBytes {
                promise?.succeed()
                return
            }
            bytes.moveReaderIndex(forwardBy: sent)
        }
        self.handOver(bytes, promise: promise)
    }

    /// Writes one message's frame and flushes it, on the channel's event loop only: its header (a length,
    /// or a WebSocket frame's) and its parts in one gathered call, copied nowhere first, while the channel
    /// holds nothing back.
    /// - Parameters:
    ///   - payload: the message.
    ///   - framed: the message's whole frame, asked for only when the channel is to write some of it
    ///     (the channel holds bytes back, or the socket did not take it all).
    func writeAndFlushOnLoop(_ payload: OutgoingPayload, framed: () -> ByteBuffer) {
        guard let descriptor = self.socketNow else {
            self.handOver(framed(), promise: nil)
            return
        }
        let (sent, length) = Self.sendFrame(of: payload, framing: self.framing, to: descriptor)
        guard sent < length else { return }
        var rest = framed()
        rest.moveReaderIndex(forwardBy: sent)
        self.handOver(rest, promise: nil)
    }

    /// The socket, when a write now goes straight to it; `nil` when it goes to the channel.
    private var socketNow: SocketDescriptor? {
        self.holdsNothingBack && self.channel.isActive ? self.descriptor : nil
    }

    /// Sends a payload's frame to the socket, its header and its parts in one gathered call.
    /// - Returns: the bytes the socket took, and the frame's length.
    private static func sendFrame(
        of payload: OutgoingPayload, framing: ClientLink.Framing, to descriptor: SocketDescriptor
    ) -> (sent: Int, length: Int) {
        payload.withParts { head, member, tail in
            let count = head.count + member.count + tail.count
            precondition(count > 0 && count <= UInt32.max, "a frame payload holds 1 to 2^32-1 bytes")
            // NB: room for the longest header, a WebSocket frame's of 10 bytes.
            var header: (UInt64, UInt64) = (0, 0)
            let sent = withUnsafeMutableBytes(of: &header) { header in
                let length = ByteBuffer.writeHeader(framing, count: count, into: header)
                return withUnsafeTemporaryAllocation(of: iovec.self, capacity: 4) { parts in
                    var used = 0
                    func add(_ part: UnsafeRawBufferPointer) {
                        guard let base = part.baseAddress, !part.isEmpty else { return }
                        parts[used] = iovec(iov_base: UnsafeMutableRawPointer(mutating: base), iov_len: part.count)
                        used += 1
                    }
                    add(UnsafeRawBufferPointer(rebasing: header[..<length]))
                    add(head)
                    add(member)
                    add(tail)
                    return descriptor.send(parts: UnsafeMutableBufferPointer(rebasing: parts[..<used]))
                }
            }
            return (sent, ByteBuffer.headerLength(framing, count: count) + count)
        }
    }

    /// Gives the bytes to the channel, and counts them held back until the write completes; a WebSocket's
    /// enter below its encoder (they are frames already).
    private func handOver(_ bytes: ByteBuffer, promise: EventLoopPromise<Void>?) {
        if self.framing == .webSocket {
            guard let context = self.belowEncoder else {
                promise?.fail(ChannelError.ioOnClosedChannel)
                return
            }
            context.writeAndFlush(NIOAny(bytes), promise: self.counting(promise, on: context.eventLoop))
            return
        }
        guard self.descriptor != nil else {
            self.channel.writeAndFlush(bytes, promise: promise)
            return
        }
        self.channel.writeAndFlush(bytes, promise: self.counting(promise, on: self.channel.eventLoop))
    }
}
