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
    /// NB: a port asked for is bound once without `SO_REUSEPORT` first (``PortProbe``): in a group, a
    /// second host of the same user on the same port would join it without an error and take none of its
    /// connections, where a plain bind fails with "address in use" as a host that listens alone does.
    /// Port 0 is not: the kernel never picks a group's port for a new socket, and between a probe's close
    /// and the group's bind another socket (a connection going out) could take the port the probe was
    /// given.
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
        if port != 0 { _ = try PortProbe(host: configuration.bindAddress, port: port) }
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

    /// A socket bound to a port without listening, closed when it goes: its bind fails ("address in use")
    /// where another socket listens on the port, as a host's listening alone would.
    ///
    /// NB: it must not listen. A probe that listened would accept what connects in its moment (a student's
    /// client coming back while the host restarts) and, once closed, leave those connections open with
    /// nobody to answer them.
    struct PortProbe: ~Copyable {
        private let descriptor: Int32

        /// Binds a socket to `host`'s address and `port`, with `SO_REUSEADDR` as the listening sockets have.
        /// - Throws: `IOError` with the `bind` errno (`EADDRINUSE`, `EADDRNOTAVAIL`, `EACCES`).
        init(host: String, port: Int) throws {
            let address = try SocketAddress.makeAddressResolvingHost(host, port: port)
            let family = address.protocol.rawValue
            let descriptor = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard descriptor >= 0 else { throw IOError(errnoCode: errno, reason: "socket") }
            var one: Int32 = 1
            let bound = address.withSockAddr { pointer, size in
                setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size)) == 0
                    && Glibc.bind(descriptor, pointer, socklen_t(size)) == 0
            }
            guard bound else {
                let code = errno
                Glibc.close(descriptor)
                throw IOError(errnoCode: code, reason: "bind")
            }
            self.descriptor = descriptor
        }

        /// The port bound (the one asked for, or the kernel's pick for 0).
        var port: Int {
            var address = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let named = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(self.descriptor, $0, &length) }
            }
            guard named == 0 else { return 0 }
            // NB: `sin_port` and `sin6_port` share their place, after the family.
            return withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
            }
        }

        deinit {
            Glibc.close(self.descriptor)
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
                        SessionHandler(
                            sessions: sessions, handshake: handshake, link: ClientLink(writer: writer),
                            census: sessions.census))
                }
            }
    }
}
