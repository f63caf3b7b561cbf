import Logging
import NIOCore

/// Closes a connection whose client stopped reading: when more than the write buffer's high water
/// mark (1 MiB by default, L-9) waits to be sent to it.
///
/// NB: on the event loop, where writability changes: the lobby writes from its own thread, so a burst
/// of replies can be queued before it would see the channel turn unwritable.
final class SlowConsumerGuard: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    private let logger: Logger

    init(logger: Logger) {
        self.logger = logger
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        Self.dropIfUnwritable(context, logger: self.logger)
        context.fireChannelWritabilityChanged()
    }

    /// Closes the channel when it is no longer writable (its queue passed the high water mark); a framed
    /// TCP connection's ``SessionHandler`` does this itself, with no handler of its own for it.
    static func dropIfUnwritable(_ context: ChannelHandlerContext, logger: Logger) {
        guard !context.channel.isWritable else { return }
        logger.notice("dropping slow consumer", metadata: ["remote": "\(context.remoteAddress.map { "\($0)" } ?? "")"])
        context.close(promise: nil)
    }
}
