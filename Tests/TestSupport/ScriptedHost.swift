import Dispatch
import Foundation
import Protocol
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A fake host on a loopback socket that follows a script: tests use it to make a host misbehave
/// (lie about a state, say) and watch what a client does.
///
/// NB: the script runs on its own thread with blocking calls, away from Swift's cooperative pool.
public final class ScriptedHost: @unchecked Sendable {
    /// The port the fake host listens on.
    public let port: Int
    private let listener: Int32
    /// The script's end: its error, if any, and who waits for it.
    private let end = Mutex<(finished: Bool, failure: (any Error)?, waiter: CheckedContinuation<Void, Never>?)>(
        (false, nil, nil))

    /// Opens a listening socket on 127.0.0.1 with a free port.
    public init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                Glibc.bind(fd, pointer, length) == 0 && listen(fd, 4) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        guard fd >= 0, bound else { throw RawClient.Failure.connect(errno: errno) }
        self.listener = fd
        self.port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit {
        Glibc.close(self.listener)
    }

    /// Accepts one connection and runs the script on it, on a thread of its own.
    public func run(_ script: @escaping @Sendable (ScriptedConnection) throws -> Void) {
        let thread = Thread { [self] in
            var failure: (any Error)?
            defer {
                let waiter = self.end.withLock { end -> CheckedContinuation<Void, Never>? in
                    end.finished = true
                    end.failure = failure
                    defer { end.waiter = nil }
                    return end.waiter
                }
                waiter?.resume()
            }
            do {
                var poller = pollfd(fd: self.listener, events: Int16(POLLIN), revents: 0)
                // NB: a minute: in the suite's first minute on 2 cores, CPU-bound tests can hold every thread of the
                // cooperative pool for 20 s and more, and the client under test waits for one.
                guard poll(&poller, 1, 60_000) > 0 else { throw RawClient.Failure.timedOut(waitingFor: "a client") }
                let fd = accept(self.listener, nil, nil)
                if fd >= 0 { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
                guard fd >= 0 else { throw RawClient.Failure.connect(errno: errno) }
                let connection = ScriptedConnection(fd: fd)
                defer { Glibc.close(fd) }
                try script(connection)
            } catch {
                failure = error
            }
        }
        thread.start()
    }

    /// Waits for the script to end; rethrows what it threw.
    ///
    /// NB: it suspends rather than blocks: a blocked thread of Swift's small cooperative pool can starve
    /// the very client the script is waiting for.
    public func finish() async throws {
        await withCheckedContinuation { continuation in
            let finished = self.end.withLock { end -> Bool in
                if !end.finished { end.waiter = continuation }
                return end.finished
            }
            if finished { continuation.resume() }
        }
        if let failure = self.end.withLock({ $0.failure }) { throw failure }
    }
}

/// The fake host's side of one connection.
public final class ScriptedConnection: @unchecked Sendable {
    private let fd: Int32
    private var decoder = FrameDecoder()

    init(fd: Int32) {
        self.fd = fd
    }

    /// Sends one message; with `pause`, a byte at a time, `pause` apart.
    public func send(_ envelope: HostEnvelope, bytesApart pause: Duration? = nil) throws {
        let bytes = WireCodec.frame(envelope)
        var offset = 0
        while offset < bytes.count {
            let end = pause == nil ? bytes.count : offset + 1
            let sent = bytes[offset..<end].withUnsafeBytes {
                Glibc.send(self.fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard sent > 0 else { throw RawClient.Failure.send(errno: errno) }
            offset += sent
            if let pause, offset < bytes.count { Thread.sleep(forTimeInterval: pause.inSeconds) }
        }
    }

    /// Answers a `hello` with a `welcome` (no games, the documented limits).
    /// - Parameters:
    ///   - hello: the client's `hello`, whose id the welcome echoes.
    ///   - host: the host's name; `name`, `player`: who the client is.
    ///   - idleTimeoutMs: the idle timeout announced (a short one makes the client ping).
    ///   - pause: when given, the welcome goes a byte at a time, this far apart.
    public func welcome(
        _ hello: ClientEnvelope, host: String, name: String, player: String = "p-1", idleTimeoutMs: Int = 60_000,
        bytesApart pause: Duration? = nil
    ) throws {
        let welcome = Welcome(
            host: host, maxFrame: 65_536, idleTimeoutMs: idleTimeoutMs, rateLimit: RateLimit(burst: 50, perSecond: 20),
            player: PlayerID(rawValue: player), name: name, resumeToken: ResumeToken(rawValue: "t"), games: [])
        try self.send(HostEnvelope(re: hello.id, .welcome(welcome)), bytesApart: pause)
    }

    /// Reads the next message the client sends.
    public func receive(timeout: Duration = .seconds(60)) throws -> ClientEnvelope {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let payload = try self.decoder.nextPayload() {
                switch WireCodec.decodeClient(payload) {
                case .success(let envelope): return envelope
                case .failure(let problem): throw RawClient.Failure.badMessage(problem)
                }
            }
            let remaining = ContinuousClock.now.duration(to: deadline)
            guard remaining > .zero else { throw RawClient.Failure.timedOut(waitingFor: "a client message") }
            var poller = pollfd(fd: self.fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(remaining.components.seconds * 1000) + 1) > 0 else {
                throw RawClient.Failure.timedOut(waitingFor: "a client message")
            }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { recv(self.fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { throw RawClient.Failure.closed(afterBytes: self.decoder.bufferedByteCount) }
            self.decoder.append(contentsOf: chunk[0..<count])
        }
    }
}
