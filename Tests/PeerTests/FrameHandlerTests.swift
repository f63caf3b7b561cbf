import Logging
import NIOCore
import NIOEmbedded
import Protocol
import Testing

@testable import Peer

/// The hello timer of ``FrameHandler`` on an `EmbeddedChannel`, whose clock the test moves.
@Suite("Host: the hello timer measures the client")
struct FrameHandlerTests {
    private static let timeouts = FrameHandler.Timeouts(hello: .seconds(2), frame: .seconds(10), idle: .seconds(60))

    private static func channel(_ handshake: HandshakeFlag) throws -> EmbeddedChannel {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(
            FrameHandler(
                limits: FrameLimits(), timeouts: Self.timeouts, handshake: handshake,
                logger: Logger(label: "test")))
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        return channel
    }

    private static func hello(_ channel: EmbeddedChannel) throws {
        let frame = WireCodec.frame(ClientEnvelope(.hello(Hello(name: "Lan"))))
        try channel.writeInbound(channel.allocator.buffer(bytes: frame))
        #expect(try channel.readInbound(as: [UInt8].self) != nil)
    }

    private static func writtenCodes(_ channel: EmbeddedChannel) throws -> [ErrorCode] {
        var codes: [ErrorCode] = []
        while var buffer = try channel.readOutbound(as: ByteBuffer.self) {
            let bytes = buffer.readBytes(length: buffer.readableBytes) ?? []
            var decoder = FrameDecoder(limits: FrameLimits())
            decoder.append(contentsOf: bytes)
            while let payload = try decoder.nextPayload() {
                if case .error(let error) = try WireCodec.decodeHost(payload).get().message { codes.append(error.code) }
            }
        }
        return codes
    }

    @Test("silence: hello-timeout and a close when the timeout expires")
    func silence() throws {
        let channel = try Self.channel(HandshakeFlag())
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(1999))
        #expect(try Self.writtenCodes(channel).isEmpty)
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(1))
        #expect(try Self.writtenCodes(channel) == [.helloTimeout])
        #expect(!channel.isActive)
    }

    @Test("a hello received in time but not yet handled is waited for, and its acceptance keeps the connection")
    func lateHandling() throws {
        let handshake = HandshakeFlag()
        let channel = try Self.channel(handshake)
        try Self.hello(channel)
        channel.embeddedEventLoop.advanceTime(by: .seconds(5))
        #expect(try Self.writtenCodes(channel).isEmpty)
        #expect(channel.isActive)
        handshake.frameHandled()
        handshake.markDone()
        channel.embeddedEventLoop.advanceTime(by: .seconds(5))
        #expect(try Self.writtenCodes(channel).isEmpty)
        #expect(channel.isActive)
        _ = try channel.finish()
    }

    @Test("a hello handled late and refused still times out once it has been handled")
    func lateRefusal() throws {
        let handshake = HandshakeFlag()
        let channel = try Self.channel(handshake)
        try Self.hello(channel)
        channel.embeddedEventLoop.advanceTime(by: .seconds(3))
        #expect(try Self.writtenCodes(channel).isEmpty)
        handshake.frameHandled()
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(100))
        #expect(try Self.writtenCodes(channel) == [.helloTimeout])
        #expect(!channel.isActive)
    }

    @Test("frames split across reads and packed into one: each payload passed on whole, once, in order")
    func splitting() throws {
        let payloads: [[UInt8]] = (0..<40).map { index in
            Array(
                "{\"type\":\"ping\",\"id\":\(index),\"pad\":\"\(String(repeating: "x", count: index * 37 % 301))\"}"
                    .utf8)
        }
        let stream = payloads.flatMap { FrameEncoder.frame($0) }
        // NB: reads of 1 byte, of 3 (a header split), of whole frames and more, and all at once.
        for size in [1, 3, 5, 64, 333, 4_096, stream.count] {
            let handshake = HandshakeFlag()
            let channel = try Self.channel(handshake)
            var start = 0
            while start < stream.count {
                let end = min(stream.count, start + size)
                try channel.writeInbound(channel.allocator.buffer(bytes: stream[start..<end]))
                start = end
            }
            var read: [[UInt8]] = []
            while let payload = try channel.readInbound(as: [UInt8].self) { read.append(payload) }
            let same = read == payloads
            #expect(same, "reads of \(size) bytes: \(read.count) payloads of \(payloads.count), in order: \(same)")
            #expect(try Self.writtenCodes(channel).isEmpty)
            #expect(channel.isActive)
            _ = try channel.finish()
        }
    }

    @Test("a bad header after good frames in one read: the frames before it passed on, then the error and a close")
    func badHeaderInARead() throws {
        let good = FrameEncoder.frame(Array(#"{"type":"ping"}"#.utf8))
        let cases: [([UInt8], ErrorCode)] = [
            ([0, 0, 0, 0], .emptyFrame), ([0x7F, 0, 0, 0], .frameTooLarge),
        ]
        for (header, code) in cases {
            let channel = try Self.channel(HandshakeFlag())
            try channel.writeInbound(channel.allocator.buffer(bytes: good + good + header + good))
            var read = 0
            while try channel.readInbound(as: [UInt8].self) != nil { read += 1 }
            #expect(read == 2, "\(code)")
            #expect(try Self.writtenCodes(channel) == [code])
            #expect(!channel.isActive)
        }
    }
}
