import Dispatch
import Foundation
import Protocol
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// What a read from the peer under test gave.
public enum Received: Sendable, CustomStringConvertible {
    case message(WireMessage)
    /// A frame whose payload is not a JSON object.
    case notJSON([UInt8])
    /// The peer closed the connection (or reset it).
    case closed
    /// Nothing arrived in time.
    case timedOut
    /// The peer's bytes are not tcnet/1 frames.
    case badFrame(String)

    public var description: String {
        switch self {
        case .message(let message): "\(message)"
        case .notJSON(let bytes): "a payload that is not a JSON object (\(bytes.count) bytes)"
        case .closed: "the connection closed"
        case .timedOut: "nothing (timed out)"
        case .badFrame(let why): "a bad frame: \(why)"
        }
    }

    public var message: WireMessage? {
        if case .message(let message) = self { return message }
        return nil
    }
}

/// Something went wrong talking to the peer, outside what a case judges.
public struct ProbeError: Error, CustomStringConvertible {
    public var description: String
}

/// One TCP connection of the suite, on a plain POSIX socket: it sends exactly the bytes a case gives
/// it, so the peer under test sees what any client in any language could send.
///
/// NB: blocking calls run on a private dispatch queue, never on Swift's cooperative pool, which a host
/// under test in the same process needs for its own tasks.
public final class Probe: @unchecked Sendable {
    private let fd: Int32
    private let queue = DispatchQueue(label: "conformance.probe.read")
    // NB: sends have their own queue, so a case may send while a read waits.
    private let sendQueue = DispatchQueue(label: "conformance.probe.send")
    private var decoder = FrameDecoder(limits: FrameLimits(maxPayload: 16 << 20))
    private var sawEOF = false
    private var closed = false

    init(fd: Int32) {
        self.fd = fd
    }

    deinit {
        Glibc.close(self.fd)
    }

    /// Connects to `host:port` over TCP (IPv4 or IPv6, by name or address).
    public static func connect(host: String, port: Int) async throws -> Probe {
        try await Self.onThread {
            var hints = addrinfo()
            hints.ai_family = AF_UNSPEC
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
            var list: UnsafeMutablePointer<addrinfo>?
            guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else {
                throw ProbeError(description: "cannot resolve \(host)")
            }
            defer { freeaddrinfo(list) }
            var lastErrno: Int32 = 0
            var entry: UnsafeMutablePointer<addrinfo>? = first
            while let info = entry {
                let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), info.pointee.ai_protocol)
                if fd >= 0 {
                    if Glibc.connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 {
                        var one: Int32 = 1
                        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
                        return Probe(fd: fd)
                    }
                    lastErrno = errno
                    Glibc.close(fd)
                }
                entry = info.pointee.ai_next
            }
            throw ProbeError(description: "cannot connect to \(host):\(port): \(String(cString: strerror(lastErrno)))")
        }
    }

    /// Wraps an accepted socket (the client suite's side).
    static func accepted(fd: Int32) -> Probe {
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        return Probe(fd: fd)
    }

    // MARK: Sending

    /// Sends bytes exactly as given; returns false when the peer has closed the connection.
    @discardableResult
    public func send(bytes: [UInt8]) async -> Bool {
        await self.run(on: self.sendQueue) { self.blockingSend(bytes) }
    }

    /// Sends a JSON text as one frame.
    @discardableResult
    public func send(json text: String) async -> Bool {
        await self.send(bytes: FrameEncoder.frame(Array(text.utf8)))
    }

    /// Sends each chunk in its own `send` call, pausing between them; stops early when the task is
    /// cancelled or the peer closes.
    ///
    /// NB: the whole sequence runs on the send queue, so the chunks follow each other as closely
    /// as `pause` says even when Swift's cooperative pool is busy; a hop back to the pool between
    /// chunks could stretch a quick sequence past the peer's frame timeout.
    public func send(chunks: [[UInt8]], pause: Duration) async {
        let stop = StopFlag()
        await withTaskCancellationHandler {
            await self.run(on: self.sendQueue) {
                for (index, chunk) in chunks.enumerated() {
                    if index > 0, pause > .zero { Thread.sleep(forTimeInterval: pause.inSeconds) }
                    guard !stop.isSet, self.blockingSend(chunk) else { return }
                }
            }
        } onCancel: {
            stop.set()
        }
    }

    private func blockingSend(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes {
                Glibc.send(self.fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    /// Drops the connection at once, as a client whose network failed.
    public func drop() {
        Glibc.shutdown(self.fd, Int32(SHUT_RDWR))
    }

    // MARK: Receiving

    /// Reads the next frame.
    public func read(timeout: Duration) async -> Received {
        await self.run { self.blockingRead(deadline: ContinuousClock.now + timeout) }
    }

    /// Reads until a message matches, a close, or the deadline; returns what ended the wait.
    public func read(until matches: @escaping @Sendable (WireMessage) -> Bool, timeout: Duration) async -> Received {
        await self.run {
            let deadline = ContinuousClock.now + timeout
            while true {
                let next = self.blockingRead(deadline: deadline)
                guard case .message(let message) = next else { return next }
                if matches(message) { return next }
            }
        }
    }

    /// Reads whatever arrives for a while (or until the close); returns the messages.
    public func drain(for duration: Duration) async -> (messages: [WireMessage], closed: Bool) {
        await self.run {
            let deadline = ContinuousClock.now + duration
            var messages: [WireMessage] = []
            while true {
                switch self.blockingRead(deadline: deadline) {
                case .message(let message): messages.append(message)
                case .closed, .badFrame: return (messages, true)
                case .timedOut: return (messages, false)
                case .notJSON: continue
                }
            }
        }
    }

    /// Reads up to `count` messages, stopping early at the close or the deadline.
    public func read(count: Int, timeout: Duration) async -> (messages: [WireMessage], closed: Bool) {
        await self.run {
            let deadline = ContinuousClock.now + timeout
            var messages: [WireMessage] = []
            while messages.count < count {
                switch self.blockingRead(deadline: deadline) {
                case .message(let message): messages.append(message)
                case .closed, .badFrame: return (messages, true)
                case .timedOut: return (messages, false)
                case .notJSON: continue
                }
            }
            return (messages, false)
        }
    }

    /// Reads messages until the peer closes; `closed` is false when it did not within the timeout.
    public func readUntilClosed(timeout: Duration) async -> (messages: [WireMessage], closed: Bool) {
        await self.drain(for: timeout)
    }

    private func blockingRead(deadline: ContinuousClock.Instant) -> Received {
        while true {
            do {
                if let payload = try self.decoder.nextPayload() {
                    guard let message = WireMessage(payload: payload) else { return .notJSON(payload) }
                    return .message(message)
                }
            } catch {
                return .badFrame("\(error)")
            }
            if self.sawEOF { return .closed }
            let remaining = ContinuousClock.now.duration(to: deadline)
            guard remaining > .zero else { return .timedOut }
            var poller = pollfd(fd: self.fd, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(
                remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000) + 1
            let ready = poll(&poller, 1, milliseconds)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { return .timedOut }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { recv(self.fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 {
                if count < 0, errno == EINTR || errno == EAGAIN { continue }
                self.sawEOF = true
            } else {
                self.decoder.append(contentsOf: chunk[0..<count])
            }
        }
    }

    private func run<T: Sendable>(on queue: DispatchQueue? = nil, _ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            (queue ?? self.queue).async { continuation.resume(returning: body()) }
        }
    }

    private static func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try body() }) }
        }
    }
}

/// Set once, from any thread, to stop a chunked send.
private final class StopFlag: Sendable {
    private let flag = Atomic<Bool>(false)
    var isSet: Bool { self.flag.load(ordering: .acquiring) }
    func set() { self.flag.store(true, ordering: .releasing) }
}
