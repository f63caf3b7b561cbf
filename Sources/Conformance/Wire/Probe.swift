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

/// One connection of the suite, on a plain POSIX socket: it sends exactly the bytes a case gives it,
/// so the peer under test sees what any client in any language could send. It speaks tcnet/1 framed
/// on TCP, or over a WebSocket (PROTOCOL.md section 16) once ``connectWebSocket(host:port:path:origin:)``
/// has upgraded it; ``frame(_:)`` and ``header(announcing:)`` give a message's bytes either way.
///
/// NB: blocking calls run on a private dispatch queue, never on Swift's cooperative pool, which a host
/// under test in the same process needs for its own tasks.
public final class Probe: @unchecked Sendable {
    /// How messages travel on the connection.
    public enum Framing: Sendable, Equatable {
        /// tcnet/1 frames: a 4-byte length, then the payload.
        case lengthPrefixed
        /// One WebSocket text message per tcnet/1 message.
        case webSocket
    }

    /// How this probe frames messages.
    public private(set) var framing: Framing
    /// The close code of the host's WebSocket close frame, once one arrived.
    public private(set) var closeCode: UInt16?
    private let fd: Int32
    private let queue = DispatchQueue(label: "conformance.probe.read")
    // NB: sends have their own queue, so a case may send while a read waits.
    private let sendQueue = DispatchQueue(label: "conformance.probe.send")
    private var decoder = FrameDecoder(limits: FrameLimits(maxPayload: 16 << 20))
    private var webSocketReader = WebSocketWire.Reader()
    private var webSocketMessage: [UInt8] = []
    private var sawEOF = false
    private var closed = false
    // NB: kept only once a case asks (``recordMessages()``); touched on the read queue alone.
    private var recorded: [WireMessage]?

    init(fd: Int32, framing: Framing = .lengthPrefixed) {
        self.fd = fd
        self.framing = framing
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
                let fd = socket(
                    info.pointee.ai_family, info.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue),
                    info.pointee.ai_protocol)
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

    /// Connects to `host:port` over TCP and upgrades the connection to a WebSocket at `path`.
    /// - Parameters:
    ///   - origin: the `Origin` to send, as a browser would; `nil` sends none, as other programs do.
    /// - Returns: the probe, or the HTTP status with which the host refused the upgrade.
    /// - Throws: when the host cannot be reached, or answers with something that is not HTTP.
    public static func connectWebSocket(host: String, port: Int, path: String, origin: String? = nil) async throws
        -> Result<Probe, UpgradeRefused>
    {
        let tcp = try await Self.connect(host: host, port: port)
        let (request, key) = WebSocketWire.upgradeRequest(host: host, port: port, path: path, origin: origin)
        guard await tcp.send(bytes: request) else {
            throw ProbeError(description: "the host closed the connection at the upgrade")
        }
        let head = try await tcp.runThrowing {
            try tcp.blockingReadHTTPHead(deadline: ContinuousClock.now + .seconds(5))
        }
        guard head.status == 101 else { return .failure(UpgradeRefused(status: head.status)) }
        guard head.headers["sec-websocket-accept"] == WebSocketWire.accept(for: key) else {
            throw ProbeError(
                description: "the host's Sec-WebSocket-Accept is not the one RFC 6455 4.2.2 gives for the key")
        }
        tcp.framing = .webSocket
        tcp.webSocketReader.append(contentsOf: head.rest)
        return .success(tcp)
    }

    /// The host answered an upgrade request without upgrading.
    public struct UpgradeRefused: Error, Sendable, CustomStringConvertible {
        /// The HTTP status of the answer.
        public let status: Int
        public var description: String { "the host refused the WebSocket upgrade with HTTP \(self.status)" }
    }

    private func blockingReadHTTPHead(
        deadline: ContinuousClock.Instant
    ) throws -> (status: Int, headers: [String: String], rest: [UInt8]) {
        var bytes: [UInt8] = []
        let end: [UInt8] = Array("\r\n\r\n".utf8)
        while true {
            if let range = bytes.firstRange(of: end) {
                let text = String(decoding: bytes[..<range.lowerBound], as: UTF8.self)
                let lines = text.components(separatedBy: "\r\n")
                let parts = lines.first?.split(separator: " ") ?? []
                guard parts.count >= 2, parts[0].hasPrefix("HTTP/"), let status = Int(parts[1]) else {
                    throw ProbeError(description: "the host's answer to the upgrade is not HTTP: \(lines.first ?? "")")
                }
                var headers: [String: String] = [:]
                for line in lines.dropFirst() {
                    guard let colon = line.firstIndex(of: ":") else { continue }
                    let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                    headers[line[..<colon].lowercased()] = value
                }
                return (status, headers, Array(bytes[range.upperBound...]))
            }
            let remaining = ContinuousClock.now.duration(to: deadline)
            guard remaining > .zero else { throw ProbeError(description: "no answer to the WebSocket upgrade") }
            var poller = pollfd(fd: self.fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(remaining.components.seconds * 1000) + 1) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { recv(self.fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { throw ProbeError(description: "the host closed the connection at the upgrade") }
            bytes += chunk[0..<count]
        }
    }

    // MARK: Framing

    /// One message's bytes as this probe's transport carries them.
    public func frame(_ payload: [UInt8]) -> [UInt8] {
        switch self.framing {
        case .lengthPrefixed: FrameEncoder.frame(payload)
        case .webSocket: WebSocketWire.clientFrame(opcode: 0x1, payload)
        }
    }

    /// The bytes that announce a message of `length` bytes, without the payload: a tcnet/1 header,
    /// or a WebSocket text frame's header and mask key.
    public func header(announcing length: Int) -> [UInt8] {
        switch self.framing {
        case .lengthPrefixed: withUnsafeBytes(of: UInt32(length).bigEndian) { Array($0) }
        case .webSocket: WebSocketWire.clientFrame(opcode: 0x1, [], announce: length)
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

    /// Sends a JSON text as one message.
    @discardableResult
    public func send(json text: String) async -> Bool {
        await self.send(bytes: self.frame(Array(text.utf8)))
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

    /// From now on, keeps every message read, whatever a read waits for, for ``recordedMessages()``: a case
    /// that checks every frame (a secret in none of them) reads with the usual calls and then looks at all.
    public func recordMessages() {
        self.queue.sync { self.recorded = self.recorded ?? [] }
    }

    /// The messages read since recording started or since the last call.
    public func recordedMessages() -> [WireMessage] {
        self.queue.sync {
            defer { if self.recorded != nil { self.recorded = [] } }
            return self.recorded ?? []
        }
    }

    private func blockingRead(deadline: ContinuousClock.Instant) -> Received {
        while true {
            do {
                if let payload = try self.nextPayload() {
                    guard let message = WireMessage(payload: payload) else { return .notJSON(payload) }
                    self.recorded?.append(message)
                    return .message(message)
                }
            } catch {
                return .badFrame("\(error)")
            }
            if self.sawEOF { return .closed }
            let remaining = ContinuousClock.now.duration(to: deadline)
            guard remaining > .zero else { return .timedOut }
            var poller = pollfd(fd: self.fd, events: Int16(POLLIN), revents: 0)
            let milliseconds =
                Int32(
                    remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000) + 1
            let ready = poll(&poller, 1, milliseconds)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { return .timedOut }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { recv(self.fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 {
                if count < 0, errno == EINTR || errno == EAGAIN { continue }
                self.sawEOF = true
            } else if self.framing == .webSocket {
                self.webSocketReader.append(contentsOf: chunk[0..<count])
            } else {
                self.decoder.append(contentsOf: chunk[0..<count])
            }
        }
    }

    /// The next whole message's payload, answering WebSocket pings and noting a close on the way.
    private func nextPayload() throws -> [UInt8]? {
        guard self.framing == .webSocket else { return try self.decoder.nextPayload() }
        while let frame = try self.webSocketReader.next() {
            switch frame.opcode {
            case 0x8:
                if frame.payload.count >= 2 {
                    self.closeCode = UInt16(frame.payload[0]) << 8 | UInt16(frame.payload[1])
                }
                self.sawEOF = true
                return nil
            case 0x9:
                let pong = WebSocketWire.clientFrame(opcode: 0xA, frame.payload)
                self.sendQueue.sync { _ = self.blockingSend(pong) }
            case 0xA:
                continue
            case 0x2:
                throw ProbeError(description: "the host sent a binary frame; tcnet/1 messages are text frames (W-2)")
            default:
                self.webSocketMessage += frame.payload
                if frame.fin {
                    defer { self.webSocketMessage = [] }
                    return self.webSocketMessage
                }
            }
        }
        return nil
    }

    private func runThrowing<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            self.queue.async { continuation.resume(with: Result { try body() }) }
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
