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
        if !context.channel.isWritable {
            self.logger.notice(
                "dropping slow consumer", metadata: ["remote": "\(context.remoteAddress.map { "\($0)" } ?? "")"])
            context.close(promise: nil)
        }
        context.fireChannelWritabilityChanged()
    }
}
