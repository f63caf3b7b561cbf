import Foundation

/// The WebSocket side of the suite's probe (RFC 6455), written out here so that the suite sends
/// exactly the bytes a case gives and judges a host's answer without a library in between.
enum WebSocketWire {
    /// The key a client sends and the accept value the host must answer with (RFC 6455 section 4.2.2).
    static func accept(for key: String) -> String {
        Data(SHA1.digest(Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8))).base64EncodedString()
    }

    /// The upgrade request for `path` on `host:port`, with a fresh key, and an `Origin` when given.
    static func upgradeRequest(host: String, port: Int, path: String, origin: String?) -> (
        request: [UInt8], key: String
    ) {
        let key = Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
        let authority = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        var lines = [
            "GET \(path) HTTP/1.1", "Host: \(authority)", "Upgrade: websocket", "Connection: Upgrade",
            "Sec-WebSocket-Key: \(key)", "Sec-WebSocket-Version: 13",
        ]
        if let origin { lines.append("Origin: \(origin)") }
        return (Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8), key)
    }

    /// A client frame: FIN, the opcode, the length in its shortest form, a mask key, the masked payload.
    /// - Parameters:
    ///   - opcode: 0x1 text, 0x0 continuation, 0x2 binary, 0x8 close, 0x9 ping, 0xA pong.
    ///   - fin: whether this frame ends its message.
    ///   - payload: the payload.
    ///   - announce: a length to announce instead of the payload's (to test limits).
    static func clientFrame(opcode: UInt8, fin: Bool = true, _ payload: [UInt8], announce: Int? = nil) -> [UInt8] {
        let length = UInt64(announce ?? payload.count)
        var bytes: [UInt8] = [(fin ? 0x80 : 0) | opcode]
        switch length {
        case ..<126:
            bytes.append(0x80 | UInt8(length))
        case ..<65_536:
            bytes += [0x80 | 126, UInt8(length >> 8), UInt8(length & 0xFF)]
        default:
            bytes.append(0x80 | 127)
            bytes += (0..<8).reversed().map { UInt8((length >> (8 * UInt64($0))) & 0xFF) }
        }
        let mask = (0..<4).map { _ in UInt8.random(in: 0...255) }
        return bytes + mask + payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
    }

    /// A server frame as read: FIN, opcode and the payload (unmasked; a server does not mask).
    struct Frame: Equatable {
        var fin: Bool
        var opcode: UInt8
        var payload: [UInt8]
    }

    /// Reads server frames from a byte stream.
    struct Reader {
        private var buffer: [UInt8] = []

        mutating func append(contentsOf bytes: some Sequence<UInt8>) {
            self.buffer.append(contentsOf: bytes)
        }

        /// The next whole frame, or `nil` until one has arrived; throws on a frame a server may not send.
        mutating func next() throws -> Frame? {
            guard self.buffer.count >= 2 else { return nil }
            let masked = self.buffer[1] & 0x80 != 0
            var length = UInt64(self.buffer[1] & 0x7F)
            var offset = 2
            if length == 126 {
                guard self.buffer.count >= 4 else { return nil }
                length = UInt64(self.buffer[2]) << 8 | UInt64(self.buffer[3])
                offset = 4
            } else if length == 127 {
                guard self.buffer.count >= 10 else { return nil }
                length = self.buffer[2..<10].reduce(0) { $0 << 8 | UInt64($1) }
                offset = 10
            }
            guard !masked else { throw ProbeError(description: "the host sent a masked frame (RFC 6455 5.1)") }
            guard length <= 1 << 26 else {
                throw ProbeError(description: "the host announced a frame of \(length) bytes")
            }
            guard self.buffer.count >= offset + Int(length) else { return nil }
            let frame = Frame(
                fin: self.buffer[0] & 0x80 != 0, opcode: self.buffer[0] & 0x0F,
                payload: Array(self.buffer[offset..<(offset + Int(length))]))
            self.buffer.removeFirst(offset + Int(length))
            return frame
        }
    }
}
