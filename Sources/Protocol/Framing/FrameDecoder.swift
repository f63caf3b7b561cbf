/// Splits a byte stream into tcnet/1 frame payloads.
///
/// Feed it bytes as they arrive, then take whole payloads with ``nextPayload()``. The length in a
/// header is checked the moment its four bytes are in, so an oversized or empty frame is refused
/// before a single byte of its payload is buffered.
public struct FrameDecoder: Sendable {
    private var buffer: [UInt8] = []
    private var readIndex = 0
    private var checkedHeaderLength: Int?
    private var atStreamStart = true

    /// The limits this decoder enforces.
    public let limits: FrameLimits

    /// Creates a decoder.
    /// - Parameter limits: the largest payload to accept.
    public init(limits: FrameLimits = FrameLimits()) {
        self.limits = limits
    }

    /// Whether some bytes of a frame that is not yet complete have arrived.
    public var hasPartialFrame: Bool {
        self.readIndex < self.buffer.count
    }

    /// Bytes received and not yet returned as payloads.
    public var bufferedByteCount: Int {
        self.buffer.count - self.readIndex
    }

    /// Appends bytes received from the peer.
    /// - Parameter bytes: the bytes, in the order they arrived.
    public mutating func append(contentsOf bytes: some Sequence<UInt8>) {
        self.buffer.append(contentsOf: bytes)
    }

    /// Returns the next complete payload, or `nil` when more bytes are needed.
    /// - Returns: the payload bytes of one frame, without its header.
    /// - Throws: ``FrameError`` as soon as a header is invalid; the decoder must not be used after.
    public mutating func nextPayload() throws(FrameError) -> [UInt8]? {
        let available = self.buffer.count - self.readIndex
        guard available >= FrameLimits.headerSize else { return nil }

        let length: Int
        if let checked = self.checkedHeaderLength {
            length = checked
        } else {
            length = try self.checkHeader(at: self.readIndex)
            self.checkedHeaderLength = length
        }
        guard available >= FrameLimits.headerSize + length else { return nil }

        let start = self.readIndex + FrameLimits.headerSize
        let payload = Array(self.buffer[start..<start + length])
        self.readIndex = start + length
        self.checkedHeaderLength = nil
        self.compactIfWorthwhile()
        return payload
    }

    /// Takes one read's bytes and hands `take` each frame they complete, in order, until it returns
    /// `false`; what is left (the start of a frame, or frames after a `false`) is kept for the next read.
    /// The same payloads, in the same order, and the same errors at the same frame as ``append(contentsOf:)``
    /// followed by ``nextPayload()`` until `nil`.
    ///
    /// NB: when nothing is kept from the read before (the usual case: a read ends at a frame's end), each
    /// payload is copied straight from the read's bytes, not into this decoder's buffer first and out of it
    /// again; only a frame the read leaves incomplete is kept. `tcnet bench net`'s seats read every `state`
    /// so.
    /// - Throws: ``FrameError`` as soon as a header is invalid; the decoder must not be used after.
    public mutating func take(
        _ bytes: UnsafeRawBufferPointer, _ take: ([UInt8]) -> Bool
    ) throws(FrameError) {
        var offset = 0
        if self.readIndex == self.buffer.count {
            while bytes.count - offset >= FrameLimits.headerSize {
                let length = try self.checkHeader(bytes[offset..<offset + FrameLimits.headerSize])
                let start = offset + FrameLimits.headerSize
                guard bytes.count - start >= length else {
                    // NB: the header is checked already: its frame's bytes are kept, not checked again.
                    self.checkedHeaderLength = length
                    break
                }
                offset = start + length
                // NB: rebased, so the bytes are copied at once, not one by one as a slice's are.
                guard take(Array(UnsafeRawBufferPointer(rebasing: bytes[start..<offset]))) else {
                    self.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[offset...]))
                    return
                }
            }
        }
        self.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[offset...]))
        while let payload = try self.nextPayload() {
            guard take(payload) else { return }
        }
    }

    private mutating func checkHeader(at index: Int) throws(FrameError) -> Int {
        try self.checkHeader(self.buffer[index..<index + FrameLimits.headerSize])
    }

    private mutating func checkHeader(_ header: some Collection<UInt8>) throws(FrameError) -> Int {
        // NB: an HTTP client's request line starts with an upper-case method; as a length it would read
        // as more than a gigabyte. Recognising it lets us answer with a readable error instead.
        if self.atStreamStart, HTTPRequestSniffer.looksLikeRequest(header) {
            throw .httpRequest
        }
        self.atStreamStart = false
        let announced = header.reduce(UInt32(0)) { ($0 << 8) | UInt32($1) }
        if announced == 0 {
            throw .emptyFrame
        }
        if announced > self.limits.maxPayload {
            throw .frameTooLarge(announced: announced, limit: self.limits.maxPayload)
        }
        return Int(announced)
    }

    private mutating func compactIfWorthwhile() {
        if self.readIndex == self.buffer.count {
            self.buffer.removeAll(keepingCapacity: self.buffer.capacity <= 2 * self.limits.maxPayload)
            self.readIndex = 0
        } else if self.readIndex >= 4096, self.readIndex * 2 >= self.buffer.count {
            self.buffer.removeFirst(self.readIndex)
            self.readIndex = 0
        }
    }
}

/// Recognises the first four bytes of an HTTP/1 request.
enum HTTPRequestSniffer {
    private static let methods: [[UInt8]] = ["GET ", "HEAD", "POST", "PUT ", "DELE", "OPTI", "PATC", "CONN", "TRAC"]
        .map { Array($0.utf8) }

    static func looksLikeRequest(_ header: some Collection<UInt8>) -> Bool {
        self.methods.contains { header.elementsEqual($0) }
    }
}
