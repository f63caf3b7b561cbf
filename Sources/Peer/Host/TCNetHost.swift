import Arbiter
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

    /// The listening sockets, the lobby's loop's first.
    private let listeners: [NIOAsyncChannel<Void, Never>]
    /// Which listening socket takes a new connection; `nil` when one takes them all.
    let steering: ConnectionSteering?
    let service: LobbyService
    /// Admission, sessions and release, for both transports.
    let sessions: HostSessions
    /// Where the web server serves its connections: the lobby's loop, as a classroom's TCP connections are;
    /// with ``HostConfiguration/everyCore``, every loop of the host's group.
    ///
    /// NB: a browser's moves are then read, decided, committed and answered on one thread, as a terminal's
    /// are; served on the group's loops in turn, half a classroom's WebSockets were on the other loop, whose
    /// reads and writes the lobby's thread handed over each turn (docs/BENCHMARKS.md, issue 14's
    /// forty-second round). Unlike TCP's, they are not spread past ``HostConfiguration/spreadAfter``: NIO's
    /// server takes only a whole group or one loop, and a school's browsers move a few hundred times a
    /// second where one thread holds thousands.
    public let webGroup: any EventLoopGroup
    private let failure: HostFailure
    let logger: Logger
    /// What the journal held at start-up, logged when the host starts to run (after the command's
    /// summary for people).
    private let replayed: Logger.Metadata?
    /// The data folder's room at start-up; `nil` without a store.
    public let diskAtStart: DiskStatus?

    private init(
        configuration: HostConfiguration, listening: Listening, sessions: HostSessions, webGroup: any EventLoopGroup,
        failure: HostFailure, logger: Logger, replayed: Logger.Metadata?, diskAtStart: DiskStatus?
    ) {
        self.webGroup = webGroup
        self.replayed = replayed
        self.diskAtStart = diskAtStart
        self.configuration = configuration
        self.listeners = listening.sockets
        self.steering = listening.steering
        self.port = listening.sockets[0].channel.localAddress?.port ?? configuration.port
        self.service = sessions.service
        self.sessions = sessions
        self.failure = failure
        self.logger = logger
    }

    /// Opens the listening socket, after rebuilding the lobby from the store's journal.
    /// - Parameters:
    ///   - configuration: address, port, limits and timeouts.
    ///   - catalog: the games the host offers.
    ///   - store: the data folder's store; `nil` keeps nothing (tests of the transport alone).
    ///   - logger: where connection events go, one line each.
    ///   - group: the event loops to serve on: the lobby runs on one of them, which serves the first TCP
    ///     connections alone (``HostConfiguration/spreadAfter``), or its share of them all with
    ///     ``HostConfiguration/everyCore``.
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
        var desk = TournamentDesk(configuration: TournamentDesk.Configuration(teacherCode: configuration.teacherCode))
        var replayed: Logger.Metadata?
        if let store {
            let journal = try store.loadJournal()
            lobby = try Lobby(restoring: journal, configuration: lobbyConfiguration, now: configuration.clock())
            desk = try TournamentDesk(
                restoring: journal.tournaments,
                configuration: TournamentDesk.Configuration(teacherCode: configuration.teacherCode))
            if !journal.tables.isEmpty {
                replayed = [
                    "tables": "\(journal.tables.count)", "moves": "\(journal.moves.count)",
                    "players": "\(journal.players.count)",
                ]
            }
        } else {
            lobby = Lobby(configuration: lobbyConfiguration)
        }
        let failure = HostFailure()
        let journal = store.map { store in
            JournalWriter(store: store) { DiskSpace.of(store.folder) }
        }
        // NB: the lobby runs on one loop, which serves a classroom's connections alone (``listen``).
        let loop = group.next()
        let service = LobbyService(
            loop: loop, inlineJournal: !configuration.everyCore, lobby: lobby, desk: desk,
            maxConnections: configuration.faults.has(.noConnectionLimit) ? .max : configuration.servedConnections,
            credentials: configuration.faults.has(.weakResumeToken) ? .weak : .system, journal: journal,
            diskCheckInterval: configuration.diskCheckInterval, failure: failure, clock: configuration.clock,
            logger: logger, faults: configuration.faults)
        let sessions = HostSessions(service: service, configuration: configuration, logger: logger)
        let listening = try await Self.listen(
            configuration, sessions: sessions, lobbyLoop: loop, group: group, logger: logger)
        let host = TCNetHost(
            configuration: configuration, listening: listening, sessions: sessions,
            webGroup: configuration.everyCore ? group : loop,
            failure: failure, logger: logger, replayed: replayed, diskAtStart: journal?.status)
        failure.onFailure { host.stop() }
        return host
    }

    /// Serves connections until the task is cancelled or a graceful shutdown is triggered.
    public func run() async throws {
        if let replayed = self.replayed {
            self.logger.info("journal replayed", metadata: replayed)
        }
        self.logger.info(
            "listening",
            metadata: [
                "address": "\(self.configuration.bindAddress)", "port": "\(self.port)",
                "threads": "\(self.threads)",
            ])
        try await withGracefulShutdownHandler {
            // NB: a journal replayed at start-up may hold deadlines: the first check schedules them.
            await self.service.startPausedIfTheDiskIsFull()
            await self.service.tickIfDue()
            // NB: each connection is served by its SessionHandler; this loop only keeps accepting.
            try await withThrowingTaskGroup(of: Void.self) { group in
                for listener in self.listeners {
                    group.addTask { try await listener.executeThenClose { inbound in for try await _ in inbound {} } }
                }
                try await group.waitForAll()
            }
            // NB: the goodbyes are on their way before `run` returns, WebSockets' too: the census counts only
            // TCP connections, and the web server, stopped after the host, closes its connections itself.
            await self.service.shutDown()
            await self.sessions.census.allGone()
            // NB: every connection's departure has reached the lobby; the journal's lane may still hold it.
            await self.service.finishJournal()
        } onGracefulShutdown: {
            self.stop()
        }
        if let error = self.failure.error {
            self.logger.critical("stopped after a failure", metadata: ["error": "\(error)"])
            throw error
        }
        self.logger.info("stopped")
    }

    /// The threads that serve the connections, for the log.
    private var threads: String {
        if self.configuration.everyCore { return "every-core" }
        guard let steering = self.steering else { return "one" }
        return "one, the other cores from \(steering.spreadAfter) connections"
    }

    /// Stops accepting, tells every connection the host is shutting down, and closes them.
    public func stop() {
        for listener in self.listeners { listener.channel.close(promise: nil) }
        Task { await self.service.shutDown() }
    }

    /// Carries out a teacher's request from the host's console.
    /// - Parameter request: the request.
    /// - Returns: the lines to show the teacher.
    public func teacher(_ request: TeacherRequest) async -> [String] {
        await self.service.teacher(request)
    }
}
