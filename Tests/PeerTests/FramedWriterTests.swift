import Dispatch
import Logging
import NIOCore
import NIOEmbedded
import NIOPosix
import NIOWebSocket
import TestSupport
import Testing

@testable import Peer
@testable import Protocol

#if canImport(Glibc)
    import Glibc
#endif

/// ``FramedWriter`` over real TCP: it finds the socket under NIO's channel, writes to it without the
/// channel while the channel holds nothing back, and never lets a write overtake bytes the channel holds.
@Suite("Host: a framed connection's writes, straight to the socket")
struct FramedWriterTests {
    /// Counts the writes that reach the end of the pipeline (what the channel is handed).
    final class WriteCounter: ChannelOutboundHandler, @unchecked Sendable {
        typealias OutboundIn = ByteBuffer
        var writes = 0

        func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
            self.writes += 1
            context.write(data, promise: promise)
        }
    }

    /// An accepted connection, a counter on its pipeline, and the client's blocking socket.
    ///
    /// NB: on a loop of its own: a test holds it up while its client reads, and the shared loops serve
    /// other tests' hosts meanwhile.
    private struct Rig {
        let group: MultiThreadedEventLoopGroup
        let server: any Channel
        let child: any Channel
        let counter: WriteCounter
        let client: Int32

        func close() {
            Glibc.close(self.client)
            self.child.close(promise: nil)
            self.server.close(promise: nil)
            self.group.shutdownGracefully { _ in }
        }

        /// The number of writes the channel was handed (read on its loop).
        func channelWrites() async throws -> Int {
            try await self.child.eventLoop.submit { self.counter.writes }.get()
        }
    }

    private func rig(buffers: Int? = nil) async throws -> Rig {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        var server = try await ActiveChannels.listen(sendBuffer: buffers, group: group)
        let client = try RawClient.connectedSocket(port: server.port, receiveBuffer: buffers)
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let child = try #require(await server.next())
        let counter = WriteCounter()
        try await child.pipeline.addHandler(counter).get()
        return Rig(group: group, server: server.server, child: child, counter: counter, client: client)
    }

    /// Reads exactly `count` bytes from a blocking socket (its receive timeout ends a wait).
    private static func read(_ count: Int, from socket: Int32) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = bytes.withUnsafeMutableBytes { recv(socket, $0.baseAddress! + done, count - done, 0) }
            guard got > 0 else { break }
            done += got
        }
        return Array(bytes[..<done])
    }

    private static func frame(_ payload: [UInt8]) -> ByteBuffer {
        var buffer = ByteBufferAllocator().buffer(capacity: payload.count + 4)
        buffer.writeFrame(payload)
        return buffer
    }

    @Test("the socket is found under an accepted TCP channel, and not under one with no socket")
    func findsTheSocket() async throws {
        let rig = try await self.rig()
        defer { rig.close() }
        let descriptor = try #require(SocketDescriptor(of: rig.child))
        // The descriptor is the connection's own: what is sent on it is what the client reads.
        let sent = [UInt8]("{\"probe\":1}".utf8)
        #expect(sent.withUnsafeBytes { descriptor.send($0) } == sent.count)
        #expect(Self.read(sent.count, from: rig.client) == sent)
        #expect(SocketDescriptor(of: EmbeddedChannel()) == nil)
    }

    @Test("a write while the channel holds nothing goes to the socket, not through the channel")
    func writesDirectly() async throws {
        let rig = try await self.rig()
        defer { rig.close() }
        let writer = FramedWriter(channel: rig.child)
        #expect(writer.writesDirectly)
        let payload = [UInt8]("{\"type\":\"state\",\"seq\":1}".utf8)
        let written = rig.child.eventLoop.makePromise(of: Void.self)
        try await rig.child.eventLoop.submit { writer.writeAndFlushOnLoop(Self.frame(payload), promise: written) }.get()
        try await written.futureResult.get()
        #expect(Self.read(4 + payload.count, from: rig.client) == Array(Self.frame(payload).readableBytesView))
        #expect(try await rig.channelWrites() == 0)
    }

    /// What the client's reading thread and the connection's loop share.
    private final class Exchange: @unchecked Sendable {
        let start = DispatchSemaphore(value: 0)
        let drained = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        /// The bytes in the kernel's buffers when the client starts reading (set before `start`).
        var inKernel = 0
        var received: [UInt8] = []
    }

    /// The client's reader: once started, it reads what the kernel holds (``Exchange/inKernel``), says the
    /// kernel is drained, then reads the rest of `total` bytes.
    ///
    /// NB: a queue of its own (a thread of its own), not the global pool, which a full test run can keep
    /// busy while a test holds its loop.
    private static func reader(_ total: Int, from client: Int32) -> Exchange {
        let exchange = Exchange()
        DispatchQueue(label: "FramedWriterTests.reader").async {
            exchange.start.wait()
            exchange.received = Self.read(exchange.inKernel, from: client)
            exchange.drained.signal()
            exchange.received += Self.read(total - exchange.received.count, from: client)
            exchange.done.signal()
        }
        return exchange
    }

    @Test("a write waits behind what the channel holds, even once the socket has room; the writer says it holds bytes")
    func neverOvertakes() async throws {
        let rig = try await self.rig(buffers: 8192)
        defer { rig.close() }
        let writer = FramedWriter(channel: rig.child)
        let descriptor = try #require(SocketDescriptor(of: rig.child))
        let first = Self.frame([UInt8](repeating: UInt8(ascii: "a"), count: 256 * 1024))
        let second = Self.frame([UInt8](repeating: UInt8(ascii: "b"), count: 100))
        let total = first.readableBytes + second.readableBytes
        let exchange = Self.reader(total, from: rig.client)
        let held = try await rig.child.eventLoop.submit { () -> Int in
            guard writer.holdsNothingBack else { return -1 }
            // The socket takes a part of the first frame; the channel holds the rest.
            writer.writeAndFlushOnLoop(first, promise: nil)
            let held = (try? rig.child.syncOptions?.getOption(.bufferedWritableBytes)) ?? 0
            // What the channel holds is the writer's: the lobby asks the channel whether the client reads.
            guard !writer.holdsNothingBack else { return -2 }
            // The client reads all the kernel holds while this loop is busy: the socket has room again
            // before the channel hears of it, and the second frame must still go after the first's rest.
            exchange.inKernel = first.readableBytes - held
            exchange.start.signal()
            guard exchange.drained.wait(timeout: .now() + 30) == .success else { return -1 }
            var ready = pollfd(fd: descriptor.value, events: Int16(POLLOUT), revents: 0)
            guard poll(&ready, 1, 30_000) == 1 else { return -1 }
            writer.writeAndFlushOnLoop(second, promise: nil)
            return held
        }.get()
        try #require(held > 0)
        #expect(exchange.done.wait(timeout: .now() + 60) == .success)
        let expected = Array(first.readableBytesView) + Array(second.readableBytesView)
        // NB: where the bytes first differ, not the quarter-megabyte arrays.
        #expect(exchange.received.count == expected.count)
        #expect(zip(exchange.received, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset == nil)
        // Once the channel has written what it held, writes go to the socket again.
        let handed = try await rig.channelWrites()
        #expect(handed >= 1)
        let third = Self.frame([UInt8]("{\"n\":3}".utf8))
        let written = rig.child.eventLoop.makePromise(of: Void.self)
        try await rig.child.eventLoop.submit { writer.writeAndFlushOnLoop(third, promise: written) }.get()
        try await written.futureResult.get()
        #expect(Self.read(third.readableBytes, from: rig.client) == Array(third.readableBytesView))
        #expect(try await rig.channelWrites() == handed)
        #expect(try await rig.child.eventLoop.submit { writer.holdsNothingBack }.get())
    }

    @Test("a message's frame goes out in its parts, copied nowhere; what the socket does not take follows")
    func sendsInParts() async throws {
        let rig = try await self.rig(buffers: 8192)
        defer { rig.close() }
        let link = ClientLink(writer: FramedWriter(channel: rig.child))
        // A `state`'s shared text with the mover's `re` put in at its place: three parts.
        let text = [UInt8]("{\"match\":\"m1\",\"seq\":4,\"type\":\"state\"}".utf8)
        let shared = StatePayload(bytes: text, reAt: 13)
        let small = OutgoingPayload(shared, re: .number(41))
        let framed = Array(Self.frame(shared.inserting(.number(41))).readableBytesView)
        try await rig.child.eventLoop.submit { link.writeAndFlushOnLoop(small) }.get()
        #expect(Self.read(framed.count, from: rig.client) == framed)
        #expect(try await rig.channelWrites() == 0)
        // More than the socket takes: the rest, from where the socket stopped, through the channel.
        let text2 = [UInt8](repeating: UInt8(ascii: "x"), count: 256 * 1024)
        let large = Array(Self.frame(text2).readableBytesView)
        try await rig.child.eventLoop.submit { link.writeAndFlushOnLoop(OutgoingPayload(text2)) }.get()
        let received = Self.read(large.count, from: rig.client)
        #expect(received.count == large.count)
        #expect(zip(received, large).enumerated().first { $0.element.0 != $0.element.1 }?.offset == nil)
        #expect(try await rig.channelWrites() == 1)
    }

    /// A WebSocket's writer on a rig: its guard nearest the socket (after the counter), NIO's frame encoder
    /// behind it, as the host's pipeline has them.
    private func webSocket(_ rig: Rig) async throws -> (ClientLink, FramedWriter) {
        let writer = FramedWriter(channel: rig.child, framing: .webSocket)
        #expect(try await rig.child.eventLoop.submit { writer.takesFrames }.get() == false)
        try await rig.child.eventLoop.submit {
            try rig.child.pipeline.syncOperations.addHandler(
                // NB: timers far beyond the test, even on a loaded machine: an expiry writes an error of its own.
                WebSocketGuard(
                    limits: FrameLimits(),
                    timeouts: .init(hello: .minutes(10), frame: .minutes(10), idle: .minutes(10)),
                    handshake: HandshakeFlag(),
                    logger: Logger(label: "test"), faults: [], writer: writer))
            try rig.child.pipeline.syncOperations.addHandler(WebSocketFrameEncoder())
        }.get()
        return (ClientLink(writer: writer), writer)
    }

    /// Reads one server frame: (FIN, opcode, the 7-bit length, payload).
    private static func readWebSocketFrame(
        from socket: Int32
    ) -> (fin: Bool, opcode: UInt8, short: Int, payload: [UInt8])? {
        let head = Self.read(2, from: socket)
        guard head.count == 2, head[1] & 0x80 == 0 else { return nil }
        let short = Int(head[1] & 0x7F)
        var length = short
        if length >= 126 {
            let extra = Self.read(length == 126 ? 2 : 8, from: socket)
            length = extra.reduce(0) { $0 << 8 | Int($1) }
        }
        return (head[0] & 0x80 != 0, head[0] & 0x0F, short, Self.read(length, from: socket))
    }

    @Test("a WebSocket's messages go to the socket as text frames, each length's header; the rest below the encoder")
    func webSocketFrames() async throws {
        let rig = try await self.rig(buffers: 8192)
        defer { rig.close() }
        let (link, writer) = try await self.webSocket(rig)
        #expect(try await rig.child.eventLoop.submit { writer.holdsNothingBack && writer.takesFrames }.get())
        for count in [1, 125, 126, 300, 65_535] {
            let text = (0..<count).map { UInt8(ascii: "a") + UInt8($0 % 26) }
            try await rig.child.eventLoop.submit { link.writeAndFlushOnLoop(OutgoingPayload(text)) }.get()
            let frame = Self.readWebSocketFrame(from: rig.client)
            #expect(frame?.fin == true && frame?.opcode == 0x1, "\(count)")
            // NB: the length in the fewest bytes (RFC 6455 5.2): 7 bits, else 16, else 64.
            #expect(frame?.short == (count < 126 ? count : 126), "\(count)")
            #expect(frame?.payload == text, "\(count)")
        }
        // NB: 65 535 bytes is more than the socket takes: the rest went below the encoder, once.
        #expect(try await rig.channelWrites() == 1)
        // Several messages of a turn, one buffer; a length of 64 bits.
        let long = [UInt8](repeating: UInt8(ascii: "z"), count: 70_000)
        let texts = [[UInt8]("{\"n\":1}".utf8), long, [UInt8]("{\"n\":3}".utf8)]
        try await rig.child.eventLoop.submit { link.writeAndFlushOnLoop(texts.map { OutgoingPayload($0) }) }.get()
        for text in texts {
            let frame = Self.readWebSocketFrame(from: rig.client)
            #expect(frame?.short == (text.count < 126 ? text.count : 127))
            #expect(frame?.payload == text)
        }
    }

    @Test("a WebSocket's message waits behind a frame the pipeline holds, even once the socket has room")
    func webSocketNeverOvertakes() async throws {
        let rig = try await self.rig(buffers: 8192)
        defer { rig.close() }
        let (link, writer) = try await self.webSocket(rig)
        let big = [UInt8](repeating: UInt8(ascii: "b"), count: 256 * 1024)
        let small = [UInt8]("{\"type\":\"state\"}".utf8)
        // NB: the frames' bytes: the binary frame's 10-byte header and payload, then the text frame's 2 and 18.
        let total = 10 + big.count + 2 + small.count
        let exchange = Self.reader(total, from: rig.client)
        let held = try await rig.child.eventLoop.submit { () -> Int in
            // The web server's frame, through the pipeline: the socket takes a part, the channel the rest.
            rig.child.writeAndFlush(
                WebSocketFrame(fin: true, opcode: .binary, data: ByteBuffer(bytes: big)), promise: nil)
            let held = (try? rig.child.syncOptions?.getOption(.bufferedWritableBytes)) ?? 0
            guard !writer.holdsNothingBack else { return -2 }
            exchange.inKernel = total - 2 - small.count - held
            exchange.start.signal()
            guard exchange.drained.wait(timeout: .now() + 30) == .success else { return -1 }
            link.writeAndFlushOnLoop(OutgoingPayload(small))
            return held
        }.get()
        try #require(held > 0)
        #expect(exchange.done.wait(timeout: .now() + 60) == .success)
        #expect(exchange.received.count == total)
        #expect(Array(exchange.received.prefix(2)) == [0x82, 127])
        #expect(exchange.received[10..<(10 + big.count)].allSatisfy { $0 == UInt8(ascii: "b") })
        #expect(Array(exchange.received.suffix(2 + small.count)) == [0x81, UInt8(small.count)] + small)
        #expect(try await rig.child.eventLoop.submit { writer.holdsNothingBack }.get())
    }
}
