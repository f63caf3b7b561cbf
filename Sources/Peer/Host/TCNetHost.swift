import Lobby
import Logging
import NIOCore
import NIOPosix
import Protocol
import ServiceLifecycle
import Storage

/// A tcnet/1 host: listens on TCP, runs each connection's session, and shares one lobby.
///
/// Create it with ``bind(configuration:games:logger:)``, which opens the listening socket (so the
/// port is known and errors surface at once), then ``run()`` it, usually inside a `ServiceGroup`.
public final class TCNetHost: Service, Sendable {
    /// The configuration the host runs with.
    public let configuration: HostConfiguration
    /// The port the host listens on (the real one when the configuration asked for 0).
    public let port: Int

    private let serverChannel: NIOAsyncChannel<AcceptedConnection, Never>
    private let service: LobbyService
    private let failure: HostFailure
    private let logger: Logger

    private init(
        configuration: HostConfiguration, serverChannel: NIOAsyncChannel<AcceptedConnection, Never>,
        service: LobbyService, failure: HostFailure, logger: Logger
    ) {
        self.configuration = configuration
        self.serverChannel = serverChannel
        self.port = serverChannel.channel.localAddress?.port ?? configuration.port
        self.service = service
        self.failure = failure
        self.logger = logger
    }

    /// Opens the listening socket, after rebuilding the lobby from the store's journal.
    /// - Parameters:
    ///   - configuration: address, port, limits and timeouts.
    ///   - catalog: the games the host offers.
    ///   - store: the data folder's store; `nil` keeps nothing (tests of the transport alone).
    ///   - logger: where connection events go, one line each.
    ///   - group: the event loops to serve on.
    /// - Returns: a host ready to ``run()``.
    /// - Throws: when the journal cannot be replayed, or the address cannot be bound (e.g. the port is in use).
    public static func bind(
        configuration: HostConfiguration, catalog: GameCatalog, store: HostStore?, logger: Logger,
        group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) async throws -> TCNetHost {
        var lobbyConfiguration = LobbyConfiguration(
            hostName: configuration.hostName, maxFrame: configuration.maxFrame,
            idleTimeoutMs: Int(configuration.idleTimeout.nanoseconds / 1_000_000),
            rateLimit: configuration.rateLimit, catalog: catalog, secret: randomBytes(32),
            botDelayMs: configuration.botDelay.nanoseconds / 1_000_000)
        lobbyConfiguration.faults = configuration.faults
        lobbyConfiguration.voice = configuration.voice
        lobbyConfiguration.library = store?.library ?? .empty
        let lobby: Lobby
        if let store {
            let journal = try store.loadJournal()
            lobby = try Lobby(restoring: journal, configuration: lobbyConfiguration, now: configuration.clock())
            if !journal.tables.isEmpty {
                logger.info(
                    "journal replayed",
                    metadata: [
                        "tables": "\(journal.tables.count)", "moves": "\(journal.moves.count)",
                        "players": "\(journal.players.count)",
                    ])
            }
        } else {
            lobby = Lobby(configuration: lobbyConfiguration)
        }
        let failure = HostFailure()
        let service = LobbyService(
            lobby: lobby,
            maxConnections: configuration.faults.has(.noConnectionLimit) ? .max : configuration.maxConnections,
            credentials: configuration.faults.has(.weakResumeToken) ? .weak : .system, store: store,
            failure: failure, clock: configuration.clock, logger: logger, faults: configuration.faults)
        let faults = configuration.faults
        let limits = FrameLimits(
            maxPayload: faults.has(.noSizeCap)
                ? Int(UInt32.max) : faults.has(.maxFrameHalved) ? configuration.maxFrame / 2 : configuration.maxFrame)
        let timeouts = FrameHandler.Timeouts(
            hello: faults.has(.noHelloTimeout) ? .hours(24) : configuration.helloTimeout,
            frame: faults.has(.noFrameTimeout)
                ? .hours(24)
                : faults.has(.frameTimeoutTenth)
                    ? .nanoseconds(configuration.frameTimeout.nanoseconds / 10) : configuration.frameTimeout,
            idle: faults.has(.noIdleTimeout) ? .hours(24) : configuration.idleTimeout)
        let waterMark = ChannelOptions.Types.WriteBufferWaterMark(
            low: configuration.maxQueuedBytes / 2, high: configuration.maxQueuedBytes)

        let serverChannel = try await ServerBootstrap(group: group)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .serverChannelOption(.backlog, value: 256)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelOption(.writeBufferWaterMark, value: waterMark)
            .bind(host: configuration.bindAddress, port: configuration.port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    let handshake = HandshakeFlag()
                    try channel.pipeline.syncOperations.addHandler(
                        FrameHandler(
                            limits: limits, timeouts: timeouts, handshake: handshake, logger: logger, faults: faults))
                    return AcceptedConnection(
                        channel: try NIOAsyncChannel(wrappingChannelSynchronously: channel), handshake: handshake)
                }
            }
        let host = TCNetHost(
            configuration: configuration, serverChannel: serverChannel, service: service, failure: failure,
            logger: logger)
        failure.onFailure { host.stop() }
        return host
    }

    /// Serves connections until the task is cancelled or a graceful shutdown is triggered.
    public func run() async throws {
        self.logger.info(
            "listening",
            metadata: ["address": "\(self.configuration.bindAddress)", "port": "\(self.port)"])
        try await withGracefulShutdownHandler {
            try await withThrowingDiscardingTaskGroup { group in
                // NB: a journal replayed at start-up may hold deadlines: the first check schedules them.
                await self.service.tickIfDue()
                try await self.serverChannel.executeThenClose { inbound in
                    for try await connection in inbound {
                        group.addTask {
                            await self.serve(connection)
                        }
                    }
                }
            }
        } onGracefulShutdown: {
            self.stop()
        }
        if let error = self.failure.error {
            self.logger.critical("stopped after a failure", metadata: ["error": "\(error)"])
            throw error
        }
        self.logger.info("stopped")
    }

    /// Stops accepting, tells every connection the host is shutting down, and closes them.
    public func stop() {
        self.serverChannel.channel.close(promise: nil)
        Task { await self.service.shutDown() }
    }

    private func serve(_ accepted: AcceptedConnection) async {
        let connection = accepted.channel
        let channel = connection.channel
        let remote = channel.remoteAddress.map { "\($0)" } ?? "unknown"
        guard let id = await self.service.open(channel) else {
            self.logger.notice("refused: host full", metadata: ["remote": "\(remote)"])
            let refusal = HostEnvelope(
                .error(
                    ErrorMessage(
                        code: .hostFull,
                        message:
                            "the host already serves \(self.configuration.maxConnections) connections; try again later",
                        fatal: true)))
            let frame = channel.allocator.buffer(bytes: WireCodec.frame(refusal))
            try? await channel.writeAndFlush(frame)
            try? await channel.close()
            return
        }
        var logger = self.logger
        logger[metadataKey: "connection"] = "\(id)"
        logger.info("connected", metadata: ["remote": "\(remote)"])

        do {
            try await connection.executeThenClose { inbound in
                var session = ConnectionSession(
                    rateLimit: self.configuration.faults.has(.noRateLimit)
                        ? RateLimit(burst: 1 << 30, perSecond: 1 << 30) : self.configuration.rateLimit,
                    now: ContinuousClock.now, faults: self.configuration.faults)
                for try await payload in inbound {
                    let beforeHandshake = !session.isGreeted
                    defer { if beforeHandshake { accepted.handshake.frameHandled() } }
                    switch session.receive(payload: payload, now: .now) {
                    case .reply(let envelope):
                        await self.service.send(envelope, to: id)
                    case .close(let envelope):
                        if case .error(let error) = envelope.message {
                            logger.info("closing", metadata: ["code": "\(error.code)"])
                        }
                        await self.service.close(id, with: envelope)
                        return
                    case .greet(let hello, let re):
                        if await self.service.greet(hello, re: re, on: id) {
                            session.greeted()
                            accepted.handshake.markDone()
                        }
                    case .forward(let envelope):
                        await self.service.receive(envelope, from: id)
                    }
                }
            }
        } catch {
            logger.debug("connection error", metadata: ["error": "\(error)"])
        }
        await self.service.disconnect(id)
        logger.info("disconnected")
    }
}

/// A connection as the listening socket hands it over: its async channel and handshake flag.
struct AcceptedConnection: Sendable {
    let channel: NIOAsyncChannel<[UInt8], Never>
    let handshake: HandshakeFlag
}
