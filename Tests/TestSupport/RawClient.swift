import Dispatch
import Foundation
import Protocol

#if canImport(Glibc)
    import Glibc
#endif

/// A test client on a plain POSIX TCP socket: it sends exactly the bytes a test gives it, so tests
/// see the host as any other language's client would.
///
/// NB: blocking socket calls run on a private dispatch queue, never on Swift's cooperative pool,
/// which the host under test needs for its own tasks.
public final class RawClient: @unchecked Sendable {
    /// What went wrong talking to the host.
    public enum Failure: Error, CustomStringConvertible {
        case connect(errno: Int32)
        case send(errno: Int32)
        case receive(errno: Int32)
        case timedOut(waitingFor: String)
        case closed(afterBytes: Int)
        case badFrame(FrameError)
        case badMessage(InboundProblem)

        public var description: String {
            switch self {
            case .connect(let code): "connect failed: \(String(cString: strerror(code)))"
            case .send(let code): "send failed: \(String(cString: strerror(code)))"
            case .receive(let code): "receive failed: \(String(cString: strerror(code)))"
            case .timedOut(let what): "timed out waiting for \(what)"
            case .closed(let bytes): "the host closed the connection (\(bytes) bytes of a partial frame pending)"
            case .badFrame(let error): "bad frame from host: \(error)"
            case .badMessage(let problem): "bad message from host: \(problem)"
            }
        }
    }

    private let fd: Int32
    private let queue = DispatchQueue(label: "RawClient")
    private var decoder = FrameDecoder(limits: FrameLimits(maxPayload: 16 << 20))
    private var sawEOF = false

    private init(fd: Int32) {
        self.fd = fd
    }

    deinit {
        Glibc.close(self.fd)
    }

    /// Connects to a host on loopback.
    /// - Parameters:
    ///   - port: the host's port on 127.0.0.1.
    ///   - receiveBuffer: a kernel receive buffer to ask for, when the test must know how much it holds.
    ///   - first: bytes to send as soon as the connection is made, before the test's task runs again.
    public static func connect(port: Int, receiveBuffer: Int? = nil, sending first: [UInt8] = []) async throws
        -> RawClient
    {
        // NB: `first` is sent on the same thread as the connect: while a full test run starts, the
        // cooperative pool can take seconds to resume the task, and a host's timers run from the connect.
        try await Self.onThread {
            let fd = try Self.connectedSocket(port: port, receiveBuffer: receiveBuffer)
            var one: Int32 = 1
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            let client = RawClient(fd: fd)
            try client.blockingSend(first)
            return client
        }
    }

    /// A blocking TCP socket connected to 127.0.0.1:`port`, close-on-exec (a child process started
    /// by another test must not hold it open); the caller closes it.
    public static func connectedSocket(port: Int, receiveBuffer: Int? = nil) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw Failure.connect(errno: errno) }
        if var size = receiveBuffer.map(Int32.init) {
            // NB: before connecting, so the window the client announces is small from the start.
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            let code = errno
            Glibc.close(fd)
            throw Failure.connect(errno: code)
        }
        return fd
    }

    /// The client's own port on loopback (to find its connection in `ss`).
    public var localPort: Int {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let result = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(self.fd, $0, &length) }
        }
        return result == 0 ? Int(UInt16(bigEndian: address.sin_port)) : 0
    }

    /// Sends raw bytes, all in one `send` call where the kernel allows.
    public func send(bytes: [UInt8]) async throws {
        try await self.run { try self.blockingSend(bytes) }
    }

    private func blockingSend(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes {
                Glibc.send(self.fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard sent > 0 else { throw Failure.send(errno: errno) }
            offset += sent
        }
    }

    /// Sends one message as a frame.
    public func send(_ envelope: ClientEnvelope) async throws {
        try await self.send(bytes: WireCodec.frame(envelope))
    }

    /// Sends a JSON text as a frame, exactly as given.
    public func send(json: String) async throws {
        try await self.send(bytes: FrameEncoder.frame(Array(json.utf8)))
    }

    /// Sends `hello` and returns the host's answer.
    public func hello(name: String, id: RequestID? = .number(1)) async throws -> HostEnvelope {
        try await self.send(ClientEnvelope(id: id, .hello(Hello(name: name, client: "tcnet-tests"))))
        return try await self.readMessage()
    }

    /// Reads the next frame's payload.
    public func readFrame(timeout: Duration = .seconds(30)) async throws -> [UInt8] {
        try await self.run { try self.blockingReadFrame(deadline: ContinuousClock.now + timeout) }
    }

    /// Reads and decodes the next message.
    public func readMessage(timeout: Duration = .seconds(30)) async throws -> HostEnvelope {
        let payload = try await self.readFrame(timeout: timeout)
        switch WireCodec.decodeHost(payload) {
        case .success(let envelope): return envelope
        case .failure(let problem): throw Failure.badMessage(problem)
        }
    }

    /// Reads messages until the host closes the connection.
    /// - Returns: every message received before the close.
    public func readUntilClosed(timeout: Duration = .seconds(30)) async throws -> [HostEnvelope] {
        // NB: one blocking read, from its first frame to the close, timed from when it starts: read a frame at
        // a time, the task resumed between them (seconds later on a loaded machine, behind other tests' work)
        // and that wait counted against the host.
        let payloads = try await self.run {
            let deadline = ContinuousClock.now + timeout
            var payloads: [[UInt8]] = []
            while true {
                do {
                    payloads.append(try self.blockingReadFrame(deadline: deadline))
                } catch Failure.closed(afterBytes: 0) {
                    return payloads
                }
            }
        }
        return try payloads.map { payload in
            switch WireCodec.decodeHost(payload) {
            case .success(let envelope): envelope
            case .failure(let problem): throw Failure.badMessage(problem)
            }
        }
    }

    /// The bytes received and not yet read from the socket (`FIONREAD`).
    public var unreadBytes: Int {
        var count: Int32 = 0
        return ioctl(self.fd, UInt(FIONREAD), &count) == 0 ? Int(count) : 0
    }

    /// Drops the connection, as a client whose network failed.
    public func disconnect() {
        Glibc.shutdown(self.fd, Int32(SHUT_RDWR))
    }

    /// Closes the socket's sending side, as a client that is done.
    public func shutdownWrite() {
        Glibc.shutdown(self.fd, Int32(SHUT_WR))
    }

    // MARK: Blocking I/O

    private func blockingReadFrame(deadline: ContinuousClock.Instant) throws -> [UInt8] {
        while true {
            do {
                if let payload = try self.decoder.nextPayload() { return payload }
            } catch {
                throw Failure.badFrame(error)
            }
            if self.sawEOF { throw Failure.closed(afterBytes: self.decoder.bufferedByteCount) }
            // NB: past the deadline, what has already arrived is still read (a poll that does not wait): the
            // deadline says the host sent nothing in time, not that the reader came late.
            let remaining = max(.zero, ContinuousClock.now.duration(to: deadline))
            var poller = pollfd(fd: self.fd, events: Int16(POLLIN), revents: 0)
            let (seconds, attoseconds) = remaining.components
            let milliseconds = remaining == .zero ? 0 : Int32(seconds * 1000 + attoseconds / 1_000_000_000_000_000) + 1
            let ready = poll(&poller, 1, milliseconds)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { throw Failure.timedOut(waitingFor: "a frame") }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { recv(self.fd, $0.baseAddress, $0.count, 0) }
            if count == 0 {
                self.sawEOF = true
            } else if count < 0 {
                if errno == ECONNRESET { self.sawEOF = true; continue }
                throw Failure.receive(errno: errno)
            } else {
                self.decoder.append(contentsOf: chunk[0..<count])
            }
        }
    }

    private func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            self.queue.async { continuation.resume(with: Result { try body() }) }
        }
    }

    private static func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        // NB: a queue of its own, never the global one whose threads Swift concurrency shares.
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue(label: "RawClient.connect").async { continuation.resume(with: Result { try body() }) }
        }
    }
}
