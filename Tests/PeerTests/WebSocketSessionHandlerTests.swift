import Lobby
import NIOCore
import NIOEmbedded
import NIOHTTP1
import NIOWebSocket
import Testing

@testable import Peer

/// ``WebSocketSessionHandler`` and its installer on an `EmbeddedChannel`: a client's messages reach the
/// session whole and unmasked, on the loop, and only the control frames go on to the web server.
@Suite("Host: a WebSocket's messages taken on its event loop")
struct WebSocketSessionHandlerTests {
    /// What the session was handed.
    final class Record {
        var started = 0
        var payloads: [[UInt8]] = []
        var ended = 0
    }

    static func channel(faults: Set<HostFault> = []) throws -> (EmbeddedChannel, Record) {
        let record = Record()
        let session = WebSocketSessionHandler.Session(
            start: { _ in record.started += 1 }, take: { record.payloads.append($0) }, end: { record.ended += 1 })
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(WebSocketSessionHandler(session: session, faults: faults))
        return (channel, record)
    }

    /// A client's frame: masked with `key`, as a browser sends it.
    static func frame(
        _ opcode: WebSocketOpcode, _ text: String, fin: Bool = true,
        key: WebSocketMaskingKey = [0x37, 0xFA, 0x21, 0x3D]
    ) -> WebSocketFrame {
        var data = ByteBuffer(string: text)
        data.webSocketMask(key)
        return WebSocketFrame(fin: fin, opcode: opcode, maskKey: key, data: data)
    }

    @Test("a message in three fragments, with a ping between them, reaches the session once, whole and unmasked")
    func fragmentsJoined() throws {
        let (channel, record) = try Self.channel()
        #expect(record.started == 1)
        try channel.writeInbound(Self.frame(.text, #"{"type":"#, fin: false, key: [1, 2, 3, 4]))
        try channel.writeInbound(Self.frame(.ping, "are you there"))
        try channel.writeInbound(Self.frame(.continuation, #""players","#, fin: false, key: [9, 8, 7, 6]))
        #expect(record.payloads.isEmpty)
        try channel.writeInbound(Self.frame(.continuation, #""id":2}"#, key: [0xFF, 0, 0x80, 0x7F]))
        #expect(record.payloads.map { String(decoding: $0, as: UTF8.self) } == [#"{"type":"players","id":2}"#])
        // NB: the ping goes on to the web server's handler, which answers it; no data frame does.
        let passed = try channel.readInbound(as: WebSocketFrame.self)
        #expect(passed?.opcode == .ping)
        #expect(passed.map { String(buffer: $0.unmaskedData) } == "are you there")
        #expect(try channel.readInbound(as: WebSocketFrame.self) == nil)
    }

    @Test("one-frame messages, text or binary, masked or not, each reach the session as they were sent")
    func wholeMessages() throws {
        let (channel, record) = try Self.channel()
        let long = String(repeating: "é-tcnet ", count: 40)
        try channel.writeInbound(Self.frame(.text, "a"))
        try channel.writeInbound(Self.frame(.binary, long, key: [0, 0, 0, 0]))
        try channel.writeInbound(WebSocketFrame(fin: true, opcode: .text, data: ByteBuffer(string: "plain")))
        try channel.writeInbound(Self.frame(.connectionClose, ""))
        #expect(record.payloads.map { String(decoding: $0, as: UTF8.self) } == ["a", long, "plain"])
        #expect(try channel.readInbound(as: WebSocketFrame.self)?.opcode == .connectionClose)
        #expect(record.ended == 0)
        _ = try channel.finish()
        #expect(record.ended == 1)
    }

    @Test("with the fragments-truncated fault, a fragmented message's first frame is taken alone")
    func truncatedFault() throws {
        let (channel, record) = try Self.channel(faults: [.fragmentsTruncated])
        try channel.writeInbound(Self.frame(.text, "first", fin: false))
        try channel.writeInbound(Self.frame(.continuation, "second"))
        #expect(record.payloads.map { String(decoding: $0, as: UTF8.self) } == ["first", "second"])
    }

    @Test("the installer puts the session right after the frame decoder when the upgrade completes, and leaves")
    func installer() throws {
        let record = Record()
        let channel = EmbeddedChannel()
        let operations = channel.pipeline.syncOperations
        let installer = WebSocketSessionInstaller {
            WebSocketSessionHandler(
                session: .init(start: { _ in record.started += 1 }, take: { record.payloads.append($0) }, end: {}),
                faults: [])
        }
        try operations.addHandler(installer)
        // NB: what NIO's upgrader adds behind the handlers there while the upgrade was decided.
        try operations.addHandler(WebSocketFrameEncoder())
        try operations.addHandler(ByteToMessageHandler(WebSocketFrameDecoder(maxFrameSize: 1 << 16)))
        try operations.addHandler(WebSocketProtocolErrorHandler())
        // NB: a frame before the upgrade completes goes on as NIO's decoder makes it.
        #expect(record.started == 0)
        let head = HTTPRequestHead(version: .http1_1, method: .GET, uri: "/ws")
        channel.pipeline.fireUserInboundEventTriggered(
            HTTPServerUpgradeEvents.upgradeComplete(toProtocol: "websocket", upgradeRequest: head))
        #expect(record.started == 1)
        #expect((try? operations.context(handlerType: WebSocketSessionInstaller.self)) == nil)
        _ = try operations.context(handlerType: WebSocketSessionHandler.self)
        // NB: after the decoder: the session takes its frames (before it, bytes would not be frames). A
        // client's masked text frame, as bytes: FIN and text, mask bit and length 5, the key, the data.
        let key: [UInt8] = [0x0A, 0x0B, 0x0C, 0x0D]
        let text = Array("hello".utf8).enumerated().map { $0.element ^ key[$0.offset & 3] }
        try channel.writeInbound(ByteBuffer(bytes: [0x81, 0x85] + key + text))
        #expect(record.payloads == [Array("hello".utf8)])
        #expect(try channel.readInbound(as: WebSocketFrame.self) == nil)
    }
}
