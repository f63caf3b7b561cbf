import NIOCore
import Protocol
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A framed TCP connection's writes, on its event loop: straight to the socket while the channel holds
/// none of the connection's bytes back, through the channel otherwise.
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
final class FramedWriter: @unchecked Sendable {
    let channel: any Channel
    private let descriptor: SocketDescriptor?
    /// Writes handed to the channel that have not completed.
    ///
    /// NB: changed on the channel's loop only; atomic because the lobby reads it from its own loop
    /// (``holdsNothingBack``), which is another one for a connection served on another core.
    private let handedOver = Atomic<Int>(0)

    /// - Parameter channel: a connected TCP channel; its socket is looked for once, here.
    init(channel: any Channel) {
        self.channel = channel
        self.descriptor = SocketDescriptor(of: channel)
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

    /// Writes one message's frame and flushes it, on the channel's event loop only: its length and its
    /// parts in one gathered call, copied nowhere first, while the channel holds nothing back.
    /// - Parameters:
    ///   - payload: the message.
    ///   - framed: the message's whole frame, asked for only when the channel is to write some of it
    ///     (the channel holds bytes back, or the socket did not take it all).
    func writeAndFlushOnLoop(_ payload: OutgoingPayload, framed: () -> ByteBuffer) {
        guard let descriptor = self.socketNow else {
            self.handOver(framed(), promise: nil)
            return
        }
        let (sent, length) = Self.sendFrame(of: payload, to: descriptor)
        guard sent < length else { return }
        var rest = framed()
        rest.moveReaderIndex(forwardBy: sent)
        self.handOver(rest, promise: nil)
    }

    /// The socket, when a write now goes straight to it; `nil` when it goes to the channel.
    private var socketNow: SocketDescriptor? {
        self.holdsNothingBack && self.channel.isActive ? self.descriptor : nil
    }

    /// Sends a payload's frame to the socket, its length and its parts in one gathered call.
    /// - Returns: the bytes the socket took, and the frame's length.
    private static func sendFrame(of payload: OutgoingPayload, to descriptor: SocketDescriptor) -> (
        sent: Int, length: Int
    ) {
        payload.withParts { head, member, tail in
            let count = head.count + member.count + tail.count
            precondition(count > 0 && count <= UInt32.max, "a frame payload holds 1 to 2^32-1 bytes")
            var length = UInt32(count).bigEndian
            let sent = withUnsafeMutableBytes(of: &length) { length in
                withUnsafeTemporaryAllocation(of: iovec.self, capacity: 4) { parts in
                    var used = 0
                    func add(_ part: UnsafeRawBufferPointer) {
                        guard let base = part.baseAddress, !part.isEmpty else { return }
                        parts[used] = iovec(iov_base: UnsafeMutableRawPointer(mutating: base), iov_len: part.count)
                        used += 1
                    }
                    add(UnsafeRawBufferPointer(length))
                    add(head)
                    add(member)
                    add(tail)
                    return descriptor.send(parts: UnsafeMutableBufferPointer(rebasing: parts[..<used]))
                }
            }
            return (sent, 4 + count)
        }
    }

    /// Gives the bytes to the channel, and counts them held back until the write completes.
    private func handOver(_ bytes: ByteBuffer, promise: EventLoopPromise<Void>?) {
        guard self.descriptor != nil else {
            self.channel.writeAndFlush(bytes, promise: promise)
            return
        }
        let written = promise ?? self.channel.eventLoop.makePromise()
        self.handedOver.add(1, ordering: .relaxed)
        written.futureResult.whenComplete { _ in self.handedOver.subtract(1, ordering: .relaxed) }
        self.channel.writeAndFlush(bytes, promise: written)
    }
}
