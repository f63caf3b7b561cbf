import NIOCore
import Protocol

/// One idle student for `tcnet bench idle`: says `hello` as soon as the connection is up, reports when
/// `welcome` arrives, then only pings, often enough for the host's idle timeout.
///
/// NB: a bare channel handler rather than a ``ClientConnection``: ten thousand of them must cost the load
/// generator little, so nothing per connection lives outside its event loop.
final class IdleClientHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private enum State {
        case greeting(EventLoopPromise<Void>)
        case idle
    }

    private var state: State
    private let name: String
    private var decoder = FrameDecoder(limits: FrameLimits(maxPayload: 1 << 24))
    private var pings: RepeatedTask?

    /// Creates the handler.
    /// - Parameters:
    ///   - name: the player's name.
    ///   - greeted: succeeded when `welcome` arrives; failed with the host's refusal or a closed connection.
    init(name: String, greeted: EventLoopPromise<Void>) {
        self.name = name
        self.state = .greeting(greeted)
    }

    func channelActive(context: ChannelHandlerContext) {
        let hello = ClientEnvelope(id: .number(1), .hello(Hello(name: self.name, client: "tcnet-bench-idle")))
        context.writeAndFlush(self.wrapOutboundOut(context.channel.allocator.buffer(bytes: WireCodec.frame(hello))))
            .cascadeFailure(to: self.pending)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        self.decoder.append(contentsOf: self.unwrapInboundIn(data).readableBytesView)
        do {
            while let payload = try self.decoder.nextPayload() {
                guard case .greeting(let promise) = self.state else { continue }
                self.state = .idle
                switch WireCodec.decodeHost(payload) {
                case .success(let envelope):
                    if case .welcome(let welcome) = envelope.message {
                        self.startPinging(context: context, every: .milliseconds(Int64(welcome.idleTimeoutMs / 3)))
                        promise.succeed()
                    } else {
                        let answer = envelope.message.type
                        promise.fail(IdleLoad.Failure(description: "the host answered hello with \(answer)"))
                        context.close(promise: nil)
                    }
                case .failure(let problem):
                    promise.fail(IdleLoad.Failure(description: "the host sent a bad message: \(problem)"))
                    context.close(promise: nil)
                }
            }
        } catch {
            self.pending?.fail(IdleLoad.Failure(description: "the host sent a bad frame: \(error)"))
            context.close(promise: nil)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        self.pings?.cancel()
        self.pending?.fail(IdleLoad.Failure(description: "the host closed the connection before welcome"))
        self.state = .idle
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        self.pending?.fail(error)
        self.state = .idle
        context.close(promise: nil)
    }

    private var pending: EventLoopPromise<Void>? {
        if case .greeting(let promise) = self.state { return promise }
        return nil
    }

    private func startPinging(context: ChannelHandlerContext, every interval: TimeAmount) {
        let ping = WireCodec.frame(ClientEnvelope(id: .number(2), .ping(Ping())))
        let channel = context.channel
        self.pings = context.eventLoop.scheduleRepeatedTask(initialDelay: interval, delay: interval) { _ in
            channel.writeAndFlush(channel.allocator.buffer(bytes: ping), promise: nil)
        }
    }
}
