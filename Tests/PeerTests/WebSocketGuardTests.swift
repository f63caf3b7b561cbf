import Logging
import NIOCore
import NIOEmbedded
import Protocol
import Testing

@testable import Peer

/// ``WebSocketGuard`` on an `EmbeddedChannel`, whose clock the test moves: the bytes go on untouched,
/// and a refusal or a timeout is a tcnet `error` in a text frame, then a close frame, then the close.
@Suite("Host: the WebSocket guard's limits and timers")
struct WebSocketGuardTests {
    static let timeouts = LivenessTimers.Timeouts(hello: .seconds(2), frame: .seconds(1), idle: .seconds(6))

    static func channel(_ handshake: HandshakeFlag = HandshakeFlag(), maxMessage: Int = 100) throws -> EmbeddedChannel {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(
            WebSocketGuard(
                limits: FrameLimits(maxPayload: maxMessage), timeouts: Self.timeouts, handshake: handshake,
                logger: Logger(label: "test"), faults: []))
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        return channel
    }

    /// The server frames written: (opcode, payload).
    static func written(_ channel: EmbeddedChannel) throws -> [(opcode: UInt8, payload: [UInt8])] {
        var bytes: [UInt8] = []
        while var buffer = try channel.readOutbound(as: ByteBuffer.self) {
            bytes += buffer.readBytes(length: buffer.readableBytes) ?? []
        }
        var frames: [(UInt8, [UInt8])] = []
        var index = 0
        while index + 2 <= bytes.count {
            let opcode = bytes[index] & 0x0F
            var length = Int(bytes[index + 1] & 0x7F)
            index += 2
            if length == 126 {
                length = Int(bytes[index]) << 8 | Int(bytes[index + 1])
                index += 2
            }
            frames.append((opcode, Array(bytes[index..<(index + length)])))
            index += length
        }
        return frames
    }

    static func errorCode(_ frame: (opcode: UInt8, payload: [UInt8])) throws -> ErrorCode? {
        guard frame.opcode == 0x1, case .error(let error) = try WireCodec.decodeHost(frame.payload).get().message else {
            return nil
        }
        return error.code
    }

    @Test("the client's bytes reach the next handler untouched, and a completed message counts for the hello timer")
    func passesBytesOn() throws {
        let handshake = HandshakeFlag()
        let channel = try Self.channel(handshake)
        let bytes = ClientFrames.text(#"{"type":"hello","protocol":1,"name":"Lan"}"#)
        try channel.writeInbound(channel.allocator.buffer(bytes: bytes))
        var received: [UInt8] = []
        while var buffer = try channel.readInbound(as: ByteBuffer.self) {
            received += buffer.readBytes(length: buffer.readableBytes) ?? []
        }
        #expect(received == bytes)
        #expect(handshake.hasUnhandledFrame)
        _ = try channel.finish()
    }

    @Test("too large: frame-too-large, close code 1009, the close; nothing of the frame passed on")
    func tooLarge() throws {
        let channel = try Self.channel()
        let header = Array(ClientFrames.frame(opcode: 0x1, [], announce: 101).prefix(8))
        try channel.writeInbound(channel.allocator.buffer(bytes: header))
        #expect(try channel.readInbound(as: ByteBuffer.self) == nil)
        let frames = try Self.written(channel)
        try #require(frames.count == 2)
        #expect(try Self.errorCode(frames[0]) == .frameTooLarge)
        #expect(frames[1].opcode == 0x8 && frames[1].payload == [0x03, 0xF1])
        #expect(!channel.isActive)
    }

    @Test("an empty message: empty-frame and the close")
    func empty() throws {
        let channel = try Self.channel()
        try channel.writeInbound(channel.allocator.buffer(bytes: ClientFrames.text("")))
        #expect(try Self.written(channel).first.map(Self.errorCode) == .emptyFrame)
        #expect(!channel.isActive)
    }

    @Test("no message: hello-timeout when the timer expires, with close code 1008")
    func helloTimeout() throws {
        let channel = try Self.channel()
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(1999))
        #expect(try Self.written(channel).isEmpty)
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(1))
        let frames = try Self.written(channel)
        #expect(try frames.first.map(Self.errorCode) == .helloTimeout)
        #expect(frames.last?.payload == [0x03, 0xF0])
        #expect(!channel.isActive)
    }

    @Test("a message left unfinished: frame-timeout from its first byte, even as more bytes trickle in")
    func frameTimeout() throws {
        let handshake = HandshakeFlag()
        handshake.markDone()
        let channel = try Self.channel(handshake)
        let bytes = ClientFrames.text(#"{"type":"ping"}"#)
        try channel.writeInbound(channel.allocator.buffer(bytes: Array(bytes.prefix(4))))
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(600))
        try channel.writeInbound(channel.allocator.buffer(bytes: Array(bytes[4..<8])))
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(399))
        #expect(try Self.written(channel).isEmpty)
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(1))
        #expect(try Self.written(channel).first.map(Self.errorCode) == .frameTimeout)
    }

    @Test("a fragmented message whose last fragment never comes: frame-timeout")
    func unfinishedFragments() throws {
        let handshake = HandshakeFlag()
        handshake.markDone()
        let channel = try Self.channel(handshake)
        try channel.writeInbound(channel.allocator.buffer(bytes: ClientFrames.text(#"{"type":"#, fin: false)))
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(1000))
        #expect(try Self.written(channel).first.map(Self.errorCode) == .frameTimeout)
    }

    @Test("silence after the hello: idle-timeout; any byte, a ping frame too, starts the idle timer again")
    func idle() throws {
        let handshake = HandshakeFlag()
        handshake.markDone()
        let channel = try Self.channel(handshake)
        channel.embeddedEventLoop.advanceTime(by: .seconds(5))
        try channel.writeInbound(channel.allocator.buffer(bytes: ClientFrames.frame(opcode: 0x9, [])))
        channel.embeddedEventLoop.advanceTime(by: .seconds(5))
        #expect(try Self.written(channel).isEmpty)
        channel.embeddedEventLoop.advanceTime(by: .seconds(1))
        #expect(try Self.written(channel).first.map(Self.errorCode) == .idleTimeout)
    }
}
