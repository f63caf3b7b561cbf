import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import Peer
import ServiceLifecycle
import Synchronization

/// The host's web side: the web client and the projector page over HTTP, and tcnet/1 over WebSocket
/// at `/ws` into the host's own lobby (PROTOCOL.md section 16). A second transport, not a second lobby.
///
/// Run it beside its ``TCNetHost`` in one `ServiceGroup`; ``listeningPort()`` says where it listens.
public final class WebServer: Service, Sendable {
    /// Where it listens.
    public let configuration: WebConfiguration
    private let host: TCNetHost
    private let logger: Logger
    private let listening = ListeningPort()

    /// Creates the web side of a host.
    /// - Parameters:
    ///   - host: the bound host whose lobby WebSocket clients join.
    ///   - configuration: address and port.
    ///   - logger: where requests and connections are logged.
    public init(host: TCNetHost, configuration: WebConfiguration, logger: Logger) {
        self.host = host
        self.configuration = configuration
        self.logger = logger
    }

    /// The port it listens on, once it does (the real one when the configuration asked for 0).
    /// - Throws: ``WebServerError`` when it stopped, or could not start, before listening.
    public func listeningPort() async throws -> Int {
        try await self.listening.value()
    }

    /// The addresses students type: the configured ones, or one per network interface.
    public func urls(port: Int) -> [String] {
        self.configuration.advertisedURLs.isEmpty
            ? WebAddresses.urls(bindAddress: self.configuration.bindAddress, port: port)
            : self.configuration.advertisedURLs
    }

    /// Serves until the task is cancelled or a graceful shutdown is triggered.
    public func run() async throws {
        let host = self.host
        let faults = host.configuration.faults
        let logger = self.logger
        let info = InfoSource()
        let responder = PageResponder {
            PageResponder.Info(host: host.configuration.hostName, urls: info.urls, tcpPort: host.port)
        }
        // NB: the guard refuses larger messages at their headers; NIO's own limit is only a backstop.
        let webSocket = WebSocketServerConfiguration(
            maxFrameSize: min(host.webSocketMessageLimit, 1 << 24), autoPing: .disabled, closeTimeout: .seconds(5))
        let channelConfiguration = HTTP1WebSocketUpgradeChannel.Configuration(
            http1: .init(idleTimeout: .seconds(60)), ws: webSocket)
        let shouldUpgrade: WebPipelineWarmUp.ShouldUpgrade = { request, channel, _ in
            guard (request.path ?? "").split(separator: "?").first == "/ws" else { return .dontUpgrade }
            let origin = request.headerFields[.origin]
            guard faults.has(.originUnchecked) || OriginCheck.allows(origin: origin, host: request.authority) else {
                logger.notice("WebSocket refused: foreign origin", metadata: ["origin": "\(origin ?? "")"])
                return .dontUpgrade
            }
            try host.guardWebSocket(channel)
            return .upgrade([:]) { inbound, _, _ in await host.serveWebSocket(until: inbound) }
        }
        let server = HTTPServerBuilder { responder in
            // NB: before the server accepts (see WebPipelineWarmUp).
            WebPipelineWarmUp.run(configuration: channelConfiguration, logger: logger)
            return GuardedChildChannel(
                inner: HTTP1WebSocketUpgradeChannel(
                    responder: responder, configuration: channelConfiguration, shouldUpgrade: shouldUpgrade),
                firstRequestTimeout: self.configuration.firstRequestTimeout)
        }
        let application = Application(
            responder: responder, server: server,
            configuration: ApplicationConfiguration(
                address: .hostname(self.configuration.bindAddress, port: self.configuration.port)),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? self.configuration.port
                info.urls = self.urls(port: port)
                self.listening.resolve(.success(port))
                logger.info("web client listening", metadata: ["port": "\(port)", "urls": "\(info.urls)"])
            },
            // NB: the WebSockets on the lobby's thread, as a classroom's TCP connections (TCNetHost.webGroup).
            eventLoopGroupProvider: .shared(host.webGroup),
            logger: logger)
        do {
            try await application.run()
            self.listening.resolve(.failure(WebServerError.stopped))
        } catch {
            self.listening.resolve(.failure(WebServerError.cannotListen("\(error)")))
            throw error
        }
    }
}

/// Why the web side is not listening.
public enum WebServerError: Error, Equatable, CustomStringConvertible {
    /// It could not listen (the port is in use, the address is not this machine's...).
    case cannotListen(String)
    /// It stopped before it listened.
    case stopped

    public var description: String {
        switch self {
        case .cannotListen(let why): "the web client cannot listen: \(why)"
        case .stopped: "the web client stopped"
        }
    }
}

/// The addresses `/info.json` reports, set once the port is known.
private final class InfoSource: Sendable {
    private let state = Mutex<[String]>([])
    var urls: [String] {
        get { self.state.withLock { $0 } }
        set { self.state.withLock { $0 = newValue } }
    }
}

/// A value resolved once, awaited by any number of tasks.
final class ListeningPort: Sendable {
    private let state = Mutex<(result: Result<Int, WebServerError>?, waiters: [CheckedContinuation<Int, any Error>])>(
        (nil, []))

    func resolve(_ result: Result<Int, WebServerError>) {
        let waiters = self.state.withLock { state -> [CheckedContinuation<Int, any Error>] in
            guard state.result == nil else { return [] }
            state.result = result
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume(with: result.mapError { $0 }) }
    }

    func value() async throws -> Int {
        try await withCheckedThrowingContinuation { continuation in
            let result = self.state.withLock { state -> Result<Int, WebServerError>? in
                if state.result == nil { state.waiters.append(continuation) }
                return state.result
            }
            if let result { continuation.resume(with: result.mapError { $0 }) }
        }
    }
}
