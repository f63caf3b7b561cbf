import Lobby
import Logging
import NIOCore
import NIOHTTP1
import NIOWebSocket

/// A WebSocket connection's messages, taken on its event loop: the data frames of each message (text or
/// binary, and their continuations) joined and unmasked into one payload for the connection's
/// ``SessionHandler``, as a framed TCP connection's ``FrameHandler`` hands it each frame's payload.
///
/// NB: it sits right after NIO's frame decoder, before the web server's own WebSocket handler, which it
/// passes only the control frames (ping, pong, close: the web server answers them); a message reaches the
/// lobby's mailbox from here with no task and no hop, as on TCP. Through the web server's stream of
/// messages and a task for each connection, a move cost the host 2.5 times the CPU of a TCP client's
/// (docs/BENCHMARKS.md, issue 14's forty-second round).
///
/// NB: the size limit is enforced before, at the frame headers (``WebSocketGuard``).
final class WebSocketSessionHandler: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias InboundOut = WebSocketFrame

    /// Where the messages go: a ``SessionHandler``'s steps (a test's own).
    struct Session {
        /// The handler joined the pipeline (``SessionHandler/start(context:)``).
        var start: (ChannelHandlerContext) -> Void
        /// A whole message's payload (``SessionHandler/take(_:)``).
        var take: ([UInt8]) -> Void
        /// The connection ended (``SessionHandler/end()``).
        var end: () -> Void

        init(
            start: @escaping (ChannelHandlerContext) -> Void, take: @escaping ([UInt8]) -> Void,
            end: @escaping () -> Void
        ) {
            self.start = start
            self.take = take
            self.end = end
        }

        init(_ handler: SessionHandler) {
            self.init(start: handler.start(context:), take: handler.take, end: handler.end)
        }
    }

    private let session: Session
    private let faults: Set<HostFault>
    /// The message whose final frame has not come yet (empty between messages).
    private var message: [UInt8] = []

    init(session: Session, faults: Set<HostFault>) {
        self.session = session
        self.faults = faults
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.session.start(context)
    }

    func channelInactive(context: ChannelHandlerContext) {
        self.session.end()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = self.unwrapInboundIn(data)
        switch frame.opcode {
        case .text, .binary, .continuation:
            self.message.append(contentsOf: frame.unmaskedData.readableBytesView)
            guard frame.fin || self.faults.has(.fragmentsTruncated) else { return }
            // NB: the session takes the array whole; the next message starts a new one (keeping this one's
            // room would give every message after a long one its size).
            let payload = self.message
            self.message = []
            self.session.take(payload)
        default:
            context.fireChannelRead(data)
        }
    }
}

/// Puts a WebSocket connection's ``WebSocketSessionHandler`` in its pipeline once the upgrade is done: at
/// the end of the pipeline while the upgrade is decided, it sees the upgrade complete after NIO's frame
/// decoder was added behind it, and before any frame is decoded; it then puts the session right after the
/// decoder and leaves.
final class WebSocketSessionInstaller: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    private let makeSession: () -> WebSocketSessionHandler

    init(_ makeSession: @escaping () -> WebSocketSessionHandler) {
        self.makeSession = makeSession
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard case .upgradeComplete? = event as? HTTPServerUpgradeEvents else {
            context.fireUserInboundEventTriggered(event)
            return
        }
        let operations = context.pipeline.syncOperations
        do {
            let decoder = try operations.context(handlerType: ByteToMessageHandler<WebSocketFrameDecoder>.self)
            try operations.addHandler(self.makeSession(), position: .after(decoder.handler))
        } catch {
            // NB: no decoder after an upgrade to a WebSocket: nothing can be served.
            context.close(promise: nil)
            return
        }
        context.fireUserInboundEventTriggered(event)
        operations.removeHandler(context: context, promise: nil)
    }
}
