import Dispatch

#if canImport(Glibc)
    import Glibc
#endif

/// A connection could not be opened.
public struct RawConnectionError: Error, CustomStringConvertible {
    public let description: String
}

/// A plain TCP connection to loopback, for bytes that are not tcnet/1 frames (HTTP).
public final class RawConnection: Sendable {
    private let fd: Int32

    public init(port: Int) throws {
        self.fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(self.fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(self.fd)
            throw RawConnectionError(description: "cannot connect to 127.0.0.1:\(port): errno \(errno)")
        }
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
