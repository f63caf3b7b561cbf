import NIOCore

#if canImport(Glibc)
    import Glibc
#endif

/// The socket under a framed TCP channel, found once so that ``FramedWriter`` can write to it directly.
///
/// NB: NIO has no public way to name a channel's descriptor, so it is read with `Mirror` from the
/// channel's `socket`, and kept only if the socket at that descriptor has the channel's own two ports;
/// otherwise (another NIO, another channel type) there is none and every write takes the channel's
/// path. `FramedWriterTests` pins that it is found.
struct SocketDescriptor: Sendable, Equatable {
    let value: CInt

    /// The descriptor of a connected TCP channel's socket, checked against its addresses; `nil` when it
    /// is not found or does not match.
    init?(of channel: any Channel) {
        guard let local = channel.localAddress?.port, let remote = channel.remoteAddress?.port,
            let value = Self.reflected(in: channel), value >= 0,
            Self.port(of: value, getsockname) == local, Self.port(of: value, getpeername) == remote
        else { return nil }
        self.value = value
    }

    /// The `descriptor` of the channel's `socket`, found by their names in the two classes' fields.
    private static func reflected(in channel: any Channel) -> CInt? {
        guard let socket = Self.field("socket", of: channel) else { return nil }
        return Self.field("descriptor", of: socket) as? CInt
    }

    /// A stored property, by name, of an instance or of one of its superclasses.
    private static func field(_ name: String, of subject: Any) -> Any? {
        var mirror: Mirror? = Mirror(reflecting: subject)
        while let level = mirror {
            if let child = level.children.first(where: { $0.label == name }) { return child.value }
            mirror = level.superclassMirror
        }
        return nil
    }

    /// The port of the socket's own (`getsockname`) or its peer's (`getpeername`) address.
    private static func port(
        of descriptor: CInt,
        _ name: (CInt, UnsafeMutablePointer<sockaddr>, UnsafeMutablePointer<socklen_t>) -> CInt
    ) -> Int? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let result = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { name(descriptor, $0, &length) }
        }
        guard result == 0 else { return nil }
        switch Int32(storage.ss_family) {
        case AF_INET:
            return withUnsafeBytes(of: storage) { Int(UInt16(bigEndian: $0.load(as: sockaddr_in.self).sin_port)) }
        case AF_INET6:
            return withUnsafeBytes(of: storage) {
                Int(UInt16(bigEndian: $0.load(as: sockaddr_in6.self).sin6_port))
            }
        default:
            return nil
        }
    }

    /// Sends as much of the bytes as the socket takes now, without blocking or `SIGPIPE`.
    /// - Returns: how many bytes it took (0 when it took none or failed: the channel's own write
    ///   then meets the full socket or the error, and handles it as it always does).
    func send(_ bytes: UnsafeRawBufferPointer) -> Int {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return 0 }
        let sent = Glibc.send(self.value, base, bytes.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
        return max(0, sent)
    }

    /// Sends as much of the parts, one after another, as the socket takes now, in one call (a gathered
    /// `sendmsg`), without blocking or `SIGPIPE`.
    /// - Returns: how many bytes it took (0 when it took none or failed, as ``send(_:)``).
    func send(parts: UnsafeMutableBufferPointer<iovec>) -> Int {
        var message = msghdr()
        message.msg_iov = parts.baseAddress
        message.msg_iovlen = parts.count
        return max(0, sendmsg(self.value, &message, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)))
    }
}
