import HTTPTypes
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOEmbedded

/// Builds the web server's connection pipeline once, on the calling thread, before the server accepts.
///
/// NB: the first connections of a fresh host (a browser opens its page and its WebSocket at once) are set
/// up on two event loops at the same instant, and both are then the first to need the generic types of
/// NIOHTTP1's upgradable pipeline (`ByteToMessageHandler<HTTPRequestDecoder>`, `HTTPPart`...). The Swift
/// runtime has crashed there: one loop read a type's metadata while the other was still building it
/// (signal 11 in `swift_checkMetadataState`, the host gone). Taking both of a connection's paths here
/// (a page request, and a WebSocket upgrade) leaves every one of those types built before a second
/// thread can ask for it. It costs one in-memory channel per path, once per server.
enum WebPipelineWarmUp {
    /// What decides a WebSocket upgrade, as the server's channel takes it.
    typealias ShouldUpgrade =
        @Sendable (HTTPRequest, any Channel, Logger) throws -> ShouldUpgradeResult<
            WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>
        >

    /// The requests sent through the warm-up channels: a page, and a WebSocket upgrade.
    static let requests = [
        "GET / HTTP/1.1\r\nHost: localhost\r\n\r\n",
        "GET /ws HTTP/1.1\r\nHost: localhost\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n"
            + "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n",
    ]

    /// Sends each of ``requests`` through a channel set up as the server sets up a connection, with a
    /// responder and an upgrade that do nothing, and closes it.
    /// - Parameters:
    ///   - configuration: the server's channel configuration.
    ///   - logger: the server's logger (the warm-up logs nothing of its own).
    /// - Returns: what became of each request, in order: `notUpgraded` (the page path's HTTP codec is in
    ///   place), `websocket` (101 Switching Protocols was written), `no answer`, or the error.
    @discardableResult
    static func run(configuration: HTTP1WebSocketUpgradeChannel.Configuration, logger: Logger) -> [String] {
        let child = HTTP1WebSocketUpgradeChannel(
            responder: { _, _, _ in }, configuration: configuration,
            shouldUpgrade: { _, _, _ in .upgrade([:]) { _, _, _ in } })
        return self.requests.map { request in
            let channel = EmbeddedChannel()
            defer { _ = try? channel.finish(acceptAlreadyClosed: true) }
            do {
                _ = try child.setup(channel: channel, logger: logger).wait()
                try channel.writeInbound(ByteBuffer(string: request))
                channel.embeddedEventLoop.run()
                if let answer = try channel.readOutbound(as: ByteBuffer.self),
                    String(buffer: answer).hasPrefix("HTTP/1.1 101")
                {
                    return "websocket"
                }
                return channel.pipeline.debugDescription.contains("HTTP1ToHTTPServerCodec")
                    ? "notUpgraded" : "no answer"
            } catch {
                return "\(error)"
            }
        }
    }
}
