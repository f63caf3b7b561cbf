import NIOCore
import NIOPosix

/// A plain TCP server on 127.0.0.1 for tests of what the host writes to a connection: it hands over each
/// connection it accepts once the connection is active, as the host makes a connection's link
/// (`SessionHandler`).
///
/// NB: handed over from the channel initializer, a connection could still be registering on its loop;
/// written to then, its frames could be lost when it closed (OutboundBatchTests' close-and-drop test
/// failed a third of its runs).
public struct ActiveChannels {
    /// The listening channel.
    public let server: any Channel
    private var accepted: AsyncStream<any Channel>.AsyncIterator

    /// The port the server listens on.
    public var port: Int { self.server.localAddress?.port ?? 0 }

    /// Starts a server on a free port.
    /// - Parameters:
    ///   - sendBuffer: the accepted connections' `SO_SNDBUF`, when a test needs it small.
    ///   - group: the loops that serve it: a group of the test's own when the test holds a loop up.
    public static func listen(
        sendBuffer: Int? = nil, group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) async throws -> ActiveChannels {
        let (channels, announce) = AsyncStream<any Channel>.makeStream()
        var bootstrap = ServerBootstrap(group: group)
        if let sendBuffer {
            bootstrap = bootstrap.childChannelOption(.socketOption(.so_sndbuf), value: sendBuffer)
        }
        let server = try await bootstrap.childChannelInitializer { channel in
            channel.eventLoop.makeCompletedFuture {
                try channel.pipeline.syncOperations.addHandler(Announcer { announce.yield($0) })
            }
        }
        .bind(host: "127.0.0.1", port: 0).get()
        return ActiveChannels(server: server, accepted: channels.makeAsyncIterator())
    }

    /// The next connection accepted, once active; `nil` once the server is gone.
    public mutating func next() async -> (any Channel)? {
        await self.accepted.next()
    }

    /// Says when a connection becomes active.
    private final class Announcer: ChannelInboundHandler, Sendable {
        typealias InboundIn = ByteBuffer
        let announce: @Sendable (any Channel) -> Void

        init(_ announce: @escaping @Sendable (any Channel) -> Void) {
            self.announce = announce
        }

        func channelActive(context: ChannelHandlerContext) {
            self.announce(context.channel)
            context.fireChannelActive()
        }
    }
}
