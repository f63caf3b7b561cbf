import Foundation
import Lobby
import NIOCore
import Protocol

/// Everything that shapes how a host listens and what it tolerates.
public struct HostConfiguration: Sendable {
    /// The standard tcnet port.
    public static let defaultPort = 7420

    /// The address to listen on; "0.0.0.0" for every IPv4 interface.
    public var bindAddress: String
    /// The TCP port; 0 picks a free one (tests).
    public var port: Int
    /// The host's name for people, sent in `welcome`.
    public var hostName: String
    /// The largest frame payload accepted.
    public var maxFrame: Int
    /// How long a new connection has to complete `hello`.
    public var helloTimeout: TimeAmount
    /// How long a frame may stay partly received.
    public var frameTimeout: TimeAmount
    /// How long a connection may stay silent.
    public var idleTimeout: TimeAmount
    /// The per-connection rate limit.
    public var rateLimit: RateLimit
    /// The most connections served at once; the next one is refused with `host-full`. The host serves
    /// fewer when the limit on open files would not hold them (``servedConnections``).
    public var maxConnections: Int

    /// The most connections the host serves: ``maxConnections``, or fewer when the process's limit on open
    /// files would not hold them and the host's own files (``DescriptorLimit``).
    public var servedConnections: Int { DescriptorLimit.connections(wanted: self.maxConnections) }
    /// Bytes queued for a connection that does not read, beyond which it is dropped (`slow-consumer`).
    public var maxQueuedBytes: Int
    /// How long the host's bots wait before they move.
    public var botDelay: TimeAmount
    /// The lobby's clock: wall-clock time (tests may pass their own).
    public var clock: @Sendable () -> LobbyTime = HostConfiguration.wallClock
    /// While the disk is full, how often the host checks for room to write its journal again (L-10).
    public var diskCheckInterval: Duration = .seconds(2)
    /// Deliberate protocol violations, for the conformance suite's broken hosts only (see ``HostFault``).
    public var faults: Set<HostFault> = []
    /// How the host speaks words (hear and type); `tcnet host` finds espeak-ng (``EspeakVoice``).
    public var voice = Voice.none("this host was started without a voice")
    /// The code a connection shows (`teacher`) to run tournaments; `nil`: nobody can.
    public var teacherCode: TeacherCode?
    /// Whether the host serves its TCP connections on every event loop of its group (one a core) from the
    /// first. Off (the default), one thread reads a move, decides it, commits it and writes the states,
    /// with no hand-off between threads, for the first ``spreadAfter`` connections: the least CPU a move
    /// and the shortest wait, up to the rate one core holds; later ones go to the other loops. On, the
    /// connections are spread over the loops from the first, the lobby runs on the first loop and the
    /// journal commits on a thread of its own meanwhile (docs/ARCHITECTURE.md, "One thread or every core").
    public var everyCore = false
    /// With ``everyCore`` off, the connections the lobby's thread serves alone: a classroom's. From then
    /// on, new connections go to the other loops (one a core), until no more than half are left
    /// (``ConnectionSteering``); `Int.max` keeps every connection on the one thread, and 0 sends every one
    /// to the other loops from the first, the lobby's thread deciding alone.
    public var spreadAfter = 200

    /// The socket send buffer the host asks of the kernel for each connection (Linux doubles it): what a
    /// client that stops reading can hold beyond ``maxQueuedBytes``.
    public static let kernelSendBuffer: SocketOptionValue = 64 * 1024

    /// The system's wall clock, in milliseconds since 1970.
    @Sendable public static func wallClock() -> LobbyTime {
        LobbyTime(milliseconds: Int64((Date().timeIntervalSince1970 * 1000).rounded(.down)))
    }

    /// Creates a configuration with the documented defaults.
    public init(
        bindAddress: String = "0.0.0.0",
        port: Int = HostConfiguration.defaultPort,
        hostName: String = "tcnet",
        maxFrame: Int = FrameLimits.defaultMaxPayload,
        helloTimeout: TimeAmount = .seconds(10),
        frameTimeout: TimeAmount = .seconds(10),
        idleTimeout: TimeAmount = .seconds(60),
        rateLimit: RateLimit = RateLimit(burst: 50, perSecond: 20),
        maxConnections: Int = 256,
        maxQueuedBytes: Int = 1 << 20,
        botDelay: TimeAmount = .milliseconds(700)
    ) {
        self.botDelay = botDelay
        self.bindAddress = bindAddress
        self.port = port
        self.hostName = hostName
        self.maxFrame = maxFrame
        self.helloTimeout = helloTimeout
        self.frameTimeout = frameTimeout
        self.idleTimeout = idleTimeout
        self.rateLimit = rateLimit
        self.maxConnections = maxConnections
        self.maxQueuedBytes = maxQueuedBytes
    }
}
