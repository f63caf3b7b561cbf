import Logging
import NIOCore
import NIOEmbedded
@testable import Peer
import Protocol
import Testing

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
}
