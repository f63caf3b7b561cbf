import Dispatch

#if canImport(Glibc)
    import Glibc
#endif

/// A plain TCP connection to loopback, for bytes that are not tcnet/1 frames (HTTP).
public final class RawConnection: Sendable {
    private let fd: Int32

    public init(port: Int) throws {
        self.fd = try RawClient.connectedSocket(port: port)
    }

    deinit { close(self.fd) }

    public func send(_ text: String) {
        self.send(bytes: Array(text.utf8))
    }

    public func send(bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { Glibc.send(self.fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Reads until `text` has arrived (with `nil`, until the close), the peer closes, or the timeout; off the
    /// cooperative pool.
    public func read(until text: String?, timeout: Duration) async -> (text: String, closed: Bool) {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: self.blockingRead(until: text, timeout: timeout))
            }
        }
    }

    /// ``read(until:timeout:)`` on the calling thread, for a test that must not wait on the cooperative pool.
    public func blockingRead(until text: String?, timeout: Duration) -> (text: String, closed: Bool) {
        let deadline = ContinuousClock.now + timeout
        var received: [UInt8] = []
        while true {
            let got = String(decoding: received, as: UTF8.self)
            if let text, got.contains(text) { return (got, false) }
            let remaining = ContinuousClock.now.duration(to: deadline)
            guard remaining > .zero else { return (got, false) }
            var poller = pollfd(fd: self.fd, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(remaining.components.seconds * 1000) + 1
            let ready = poll(&poller, 1, milliseconds)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { return (got, false) }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { recv(self.fd, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            guard count > 0 else { return (got, true) }
            received += chunk[0..<count]
        }
    }
}
