import HummingbirdCore
import Logging
import NIOCore
import NIOWebSocket

/// The web server's first handler on every connection, for the time before its first request is served.
///
/// NB: until a connection's first request head arrives, Hummingbird's pipeline holds only the HTTP decoder
/// and the upgrade handler: neither its idle timer nor its graceful shutdown (`HTTPConnectionStateHandler`)
/// is in place yet. A browser opens such connections ahead of need (Chromium's preconnect) and may leave
/// them quiet; so does a client that connects and sends nothing. Without this guard such a connection stays
/// open for ever, and a stopping host waits for it (seen in CI: `tcnet host` still running 30 s after
/// SIGTERM). This guard closes it when the server quiesces, or once it has been quiet for `timeout`; as
/// soon as the connection is served (HTTP or WebSocket), those are the served pipeline's to handle.
final class FirstRequestGuard: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    private let timeout: TimeAmount
    private let logger: Logger
    private var timer: Scheduled<Void>?

    init(timeout: TimeAmount, logger: Logger) {
        self.timeout = timeout
        self.logger = logger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { self.startTimer(context: context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        self.startTimer(context: context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        self.timer?.cancel()
        self.timer = nil
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.timer?.cancel()
        self.timer = nil
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is ChannelShouldQuiesceEvent, !Self.isServed(context.pipeline) {
            context.close(promise: nil)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    private func startTimer(context: ChannelHandlerContext) {
        guard self.timer == nil else { return }
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        let logger = self.logger
        let timeout = self.timeout
        self.timer = context.eventLoop.scheduleTask(in: timeout) {
            let context = loopBound.value
            if Self.isServed(context.pipeline) {
                context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
            } else {
                logger.debug(
                    "closing a web connection without a request",
                    metadata: [
                        "after": "\(timeout)", "remote": "\(context.channel.remoteAddress.map { "\($0)" } ?? "")",
                    ])
                context.close(promise: nil)
            }
        }
    }

    /// Whether the connection's first request made it an HTTP connection (whose own handler now keeps
    /// its idle timer and its graceful shutdown) or a WebSocket (which the host closes when it stops).
    static func isServed(_ pipeline: ChannelPipeline) -> Bool {
        let operations = pipeline.syncOperations
        return (try? operations.context(handlerType: HTTPConnectionStateHandler.self)) != nil
            || (try? operations.context(handlerType: WebSocketFrameEncoder.self)) != nil
    }
}

/// A server connection set up as `Inner` sets it up, behind a ``FirstRequestGuard``.
struct GuardedChildChannel<Inner: ServerChildChannel>: ServerChildChannel {
    typealias Value = Inner.Value

    let inner: Inner
    /// How long a connection may stay without a request before it is closed.
    let firstRequestTimeout: TimeAmount

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        do {
            try channel.pipeline.syncOperations.addHandler(
                FirstRequestGuard(timeout: self.firstRequestTimeout, logger: logger), position: .first)
        } catch {
            return channel.eventLoop.makeFailedFuture(error)
        }
        return self.inner.setup(channel: channel, logger: logger)
    }

    func handle(value: Value, logger: Logger) async {
        await self.inner.handle(value: value, logger: logger)
    }
}
