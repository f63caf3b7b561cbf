import NIOCore

/// Follows a client's WebSocket frames (RFC 6455 section 5.2) through its byte stream without
/// keeping their payloads: it reads each frame header, skips the payload it announces, and knows at
/// every byte whether a message is partly received and how large the message announced so far is.
///
/// Pure: ``WebSocketGuard`` feeds it each read; tests feed it bytes split anywhere.
struct WebSocketFrameScanner: Sendable {
    /// Why a message is refused.
    enum Refusal: Sendable, Equatable {
        /// Its frames announce more than the limit in all.
        case tooLarge
        /// It is complete and holds no byte.
        case empty
    }

    /// What one read held.
    struct Scan: Sendable, Equatable {
        /// Data messages (text or binary) whose final frame ended in this read.
        var completedMessages = 0
        /// With a refusal: how many of the read's bytes come before the refused frame's header.
        var acceptedBytes = 0
        /// Why the connection must end, if it must.
        var refusal: Refusal?
    }

    /// The largest message accepted, in payload bytes.
    let maxMessage: Int
    /// Whether the limit applies (the `no-size-cap` fault turns it off).
    let sizeCapped: Bool
    private var header: [UInt8] = []
    private var payloadLeft: UInt64 = 0
    private var frameIsData = false
    private var frameIsFinal = false
    private var messageOpen = false
    private var messageSize: UInt64 = 0

    init(maxMessage: Int, sizeCapped: Bool = true) {
        self.maxMessage = maxMessage
        self.sizeCapped = sizeCapped
    }

    /// Whether some frame, or some fragment of a message, has arrived and its end has not.
    var hasPartialMessage: Bool { !self.header.isEmpty || self.payloadLeft > 0 || self.messageOpen }

    /// Takes the next bytes of the stream.
    mutating func scan(_ bytes: some Collection<UInt8>) -> Scan {
        var scan = Scan()
        var index = bytes.startIndex
        var offset = 0
        while index != bytes.endIndex {
            if self.payloadLeft > 0 {
                let take = Int(min(UInt64(bytes.distance(from: index, to: bytes.endIndex)), self.payloadLeft))
                index = bytes.index(index, offsetBy: take)
                offset += take
                self.payloadLeft -= UInt64(take)
                if self.payloadLeft == 0 { self.frameEnded(&scan) }
                continue
            }
            self.header.append(bytes[index])
            index = bytes.index(after: index)
            offset += 1
            guard let (length, headerSize) = Self.parse(self.header) else { continue }
            let opcode = self.header[0] & 0x0F
            self.frameIsFinal = self.header[0] & 0x80 != 0
            self.frameIsData = opcode <= 0x2
            self.header = []
            if self.frameIsData {
                if opcode != 0 { self.messageSize = 0 }
                let (sum, overflow) = self.messageSize.addingReportingOverflow(length)
                self.messageSize = overflow ? .max : sum
                if self.sizeCapped && self.messageSize > UInt64(self.maxMessage) {
                    scan.acceptedBytes = offset - headerSize
                    scan.refusal = .tooLarge
                    return scan
                }
                if self.frameIsFinal && self.messageSize == 0 {
                    scan.acceptedBytes = offset - headerSize
                    scan.refusal = .empty
                    return scan
                }
            }
            self.payloadLeft = length
            if length == 0 { self.frameEnded(&scan) }
        }
        return scan
    }

    private mutating func frameEnded(_ scan: inout Scan) {
        guard self.frameIsData else { return }
        if self.frameIsFinal {
            self.messageOpen = false
            scan.completedMessages += 1
        } else {
            self.messageOpen = true
        }
    }

    /// The payload length and the header's size, once the header is complete.
    private static func parse(_ header: [UInt8]) -> (length: UInt64, size: Int)? {
        guard header.count >= 2 else { return nil }
        let short = header[1] & 0x7F
        let extra = short == 126 ? 2 : short == 127 ? 8 : 0
        let size = 2 + extra + (header[1] & 0x80 != 0 ? 4 : 0)
        guard header.count == size else { return nil }
        guard extra > 0 else { return (UInt64(short), size) }
        let length = header[2..<(2 + extra)].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return (length, size)
    }

    /// Writes one unmasked frame, as a server sends it.
    /// - Parameters:
    ///   - opcode: 0x1 text, 0x8 close, ...
    ///   - payload: the frame's payload.
    ///   - buffer: where to write.
    static func writeServerFrame(opcode: UInt8, payload: [UInt8], to buffer: inout ByteBuffer) {
        var header: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &header) { header in
            let length = ByteBuffer.writeWebSocketHeader(opcode: opcode, count: payload.count, into: header)
            buffer.writeBytes(UnsafeRawBufferPointer(rebasing: header[..<length]))
        }
        buffer.writeBytes(payload)
    }
}
