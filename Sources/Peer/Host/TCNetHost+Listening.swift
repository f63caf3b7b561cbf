import Logging
import NIOCore
import NIOPosix

#if canImport(Glibc)
    import Glibc
#endif

// MARK: - The listening sockets

extension TCNetHost {
    /// What the host listens with: its sockets, and the steering that picks which takes a new connection.
    struct Listening {
        /// The listening sockets; the first is the lobby's loop's, whose port is the host's.
        var sockets: [NIOAsyncChannel<Void, Never>]
        /// `nil` when one socket takes every connection (``HostConfiguration/everyCore``, one loop, or a
        /// kernel that refused the program).
        var steering: ConnectionSteering?
    }

    /// Opens the host's listening sockets.
    ///
    /// By default one socket a loop of `group`, in one `SO_REUSEPORT` group, steered by
    /// ``ConnectionSteering``: the lobby's loop serves a classroom alone, and a school's later
    /// connections go to the other loops. With ``HostConfiguration/everyCore`` one socket, whose
    /// connections NIO spreads over the group from the first.
    ///
    /// NB: a port asked for is bound once without `SO_REUSEPORT` first: in a group, a second host of the
    /// same user on the same port would join it without an error and take none of its connections, where
    /// a plain bind fails with "address in use" as a host that listens alone does. Port 0 is not: the
    /// kernel never picks a group's port for a new socket, and between a probe's close and the group's
    /// bind another socket (a connection going out) could take the port the probe was given.
    static func listen(
        _ configuration: HostConfiguration, sessions: HostSessions, lobbyLoop: any EventLoop,
        group: any EventLoopGroup, logger: Logger
    ) async throws -> Listening {
        let loops = Array(group.makeIterator())
        guard !configuration.everyCore, loops.count > 1 else {
            let accepting: any EventLoopGroup = configuration.everyCore ? group : lobbyLoop
            let socket = try await Self.listener(
                on: accepting, port: configuration.port, reusePort: false, configuration, sessions, logger)
            return Listening(sockets: [socket], steering: nil)
        }
        var port = configuration.port
        if port != 0 {
            let probe = try await ServerBootstrap(group: lobbyLoop)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .bind(host: configuration.bindAddress, port: port).get()
            try await probe.close()
        }
        var sockets: [NIOAsyncChannel<Void, Never>] = []
        do {
            for loop in [lobbyLoop] + loops.filter({ $0 !== lobbyLoop }) {
                let socket = try await Self.listener(
                    on: loop, port: port, reusePort: true, configuration, sessions, logger)
                sockets.append(socket)
                port = socket.channel.localAddress?.port ?? port
            }
            let steering = ConnectionSteering(
                listener: sockets[0].channel, sockets: sockets.count, spreadAfter: configuration.spreadAfter,
                logger: logger)
            try await steering.attach(steering.initial).get()
            sessions.census.observe { steering.connected($0) }
            return Listening(sockets: sockets, steering: steering)
        } catch {
            // NB: a system that refuses the group or its program (an old kernel, a sandbox) still gets a host:
            // one socket, every connection on the lobby's thread.
            for socket in sockets { try? await socket.channel.close() }
            logger.notice(
                "every connection on one thread: the system does not steer them", metadata: ["error": "\(error)"])
            let socket = try await Self.listener(
                on: lobbyLoop, port: configuration.port, reusePort: false, configuration, sessions, logger)
            return Listening(sockets: [socket], steering: nil)
        }
    }

    /// A listening socket whose connections are served on `group`'s loops.
    private static func listener(
        on group: any EventLoopGroup, port: Int, reusePort: Bool, _ configuration: HostConfiguration,
        _ sessions: HostSessions, _ logger: Logger
    ) async throws -> NIOAsyncChannel<Void, Never> {
        let faults = configuration.faults
        let limits = configuration.enforcedFrameLimits
        let timeouts = configuration.enforcedTimeouts
        return try await ServerBootstrap(group: group)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .serverChannelOption(.socketOption(NIOBSDSocket.Option(rawValue: SO_REUSEPORT)), value: reusePort ? 1 : 0)
            .serverChannelOption(.backlog, value: 256)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelOption(.writeBufferWaterMark, value: configuration.writeBufferWaterMark)
            // NB: a small kernel buffer, so a client that stops reading is dropped near the documented 1 MiB
            // queued (L-9), not after the megabytes a send buffer grows to.
            .childChannelOption(.socketOption(.so_sndbuf), value: HostConfiguration.kernelSendBuffer)
            // NB: a channel keeps its last read buffer for the next read; a quiet student's messages are a
            // few hundred bytes, so it starts at 256 bytes (not NIO's 2 KiB) and grows with a busy one.
            .childChannelOption(
                .recvAllocator, value: AdaptiveRecvByteBufferAllocator(minimum: 64, initial: 256, maximum: 65_536)
            )
            .bind(host: configuration.bindAddress, port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    let handshake = HandshakeFlag()
                    let writer = FramedWriter(channel: channel)
                    try channel.pipeline.syncOperations.addHandler(
                        FrameHandler(
                            limits: limits, timeouts: timeouts, handshake: handshake, logger: logger, faults: faults,
                            writer: writer))
                    // NB: the session runs on the event loop, with no task per connection (SessionHandler).
                    try channel.pipeline.syncOperations.addHandler(
                        SessionHandler(sessions: sessions, handshake: handshake, writer: writer))
                }
            }
    }
}
