import NIOCore
import NIOPosix
import Protocol

/// A buffer that frames are written into again and again: its storage is allocated once and reused
/// whenever the last frames written from it have gone out in full.
///
/// NB: a `ByteBuffer` made for each frame cost two allocations (its storage object and its bytes) and
/// their frees, for every message a host or `tcnet bench net`'s seat writes. A channel holds what it is
/// given only until the socket takes it: after a flush that wrote everything, the scratch's storage is
/// the scratch's alone again and `clear()` keeps it; when a write is still pending (a full socket),
/// `clear()` gives the scratch new storage and the pending bytes stay as they were.
struct FrameScratch {
    private var buffer: ByteBuffer?

    /// Storage above this is let go after use, not kept for the next frames (a large message is rare).
    static let keptCapacity = 16_384

    init() {}

    /// The scratch's buffer, emptied, filled by `write`: to be written and flushed before the next call.
    /// - Parameters:
    ///   - allocator: where new storage comes from when the scratch has none (the first time, or after a
    ///     large message); while earlier frames are pending, `clear()` takes it from the buffer's own.
    ///   - write: writes the frames (``ByteBuffer/writeFrame(_:)``).
    /// - Returns: the buffer.
    ///
    /// NB: the allocator is asked for only then: a channel's `allocator` checks its loop's thread and
    /// copies the loop's reference (a retain and a release) at each call, for every message written.
    mutating func fill(
        allocator: @autoclosure () -> ByteBufferAllocator, _ write: (inout ByteBuffer) -> Void
    ) -> ByteBuffer {
        var buffer = self.buffer.take() ?? allocator().buffer(capacity: 2048)
        buffer.clear()
        write(&buffer)
        if buffer.capacity <= Self.keptCapacity { self.buffer = buffer }
        return buffer
    }

    /// One payload's frame, in the scratch's buffer (see ``fill(allocator:_:)``).
    mutating func frame(_ payload: [UInt8], allocator: @autoclosure () -> ByteBufferAllocator) -> ByteBuffer {
        self.fill(allocator: allocator()) { $0.writeFrame(payload) }
    }
}

extension ByteBuffer {
    /// Writes a frame: the payload's length as four big-endian bytes, then the payload (PROTOCOL.md F-2).
    mutating func writeFrame(_ payload: [UInt8]) {
        precondition(
            !payload.isEmpty && payload.count <= UInt32.max, "a frame payload holds 1 to 2^32-1 bytes")
        self.writeInteger(UInt32(payload.count))
        self.writeBytes(payload)
    }

    /// Writes a frame of a payload in its parts (a broadcast's text with this recipient's `re` in it),
    /// each copied once, from where it is: framed TCP's (a length), or a WebSocket's text frame.
    mutating func writeFrame(_ payload: OutgoingPayload, framing: ClientLink.Framing = .lengthPrefixed) {
        payload.withParts { head, member, tail in
            let count = head.count + member.count + tail.count
            precondition(count > 0 && count <= UInt32.max, "a frame payload holds 1 to 2^32-1 bytes")
            self.reserveCapacity(minimumWritableBytes: Self.headerLength(framing, count: count) + count)
            var header: (UInt64, UInt64) = (0, 0)
            withUnsafeMutableBytes(of: &header) { header in
                let length = Self.writeHeader(framing, count: count, into: header)
                self.writeBytes(UnsafeRawBufferPointer(rebasing: header[..<length]))
            }
            self.writeBytes(head)
            self.writeBytes(member)
            self.writeBytes(tail)
        }
    }

    /// The length of the header before a payload of `count` bytes.
    static func headerLength(_ framing: ClientLink.Framing, count: Int) -> Int {
        switch framing {
        case .lengthPrefixed: 4
        case .webSocket: count < 126 ? 2 : count <= 0xFFFF ? 4 : 10
        }
    }

    /// Writes the header before a payload of `count` bytes into `header` (room for 10 bytes): framed TCP's
    /// four-byte big-endian length (PROTOCOL.md F-2), or a server's WebSocket text frame's.
    /// - Returns: the header's length.
    static func writeHeader(_ framing: ClientLink.Framing, count: Int, into header: UnsafeMutableRawBufferPointer)
        -> Int
    {
        switch framing {
        case .lengthPrefixed:
            precondition(header.count >= 4, "room for a frame's header")
            header.storeBytes(of: UInt32(count).bigEndian, as: UInt32.self)
            return 4
        case .webSocket:
            return Self.writeWebSocketHeader(opcode: 0x1, count: count, into: header)
        }
    }

    /// Writes a server's WebSocket frame header (RFC 6455 section 5.2: FIN and the opcode, then the
    /// payload's length, unmasked, in 7, 7+16 or 7+64 bits, the fewest that hold it) into `header` (room
    /// for 10 bytes).
    /// - Returns: the header's length.
    static func writeWebSocketHeader(opcode: UInt8, count: Int, into header: UnsafeMutableRawBufferPointer) -> Int {
        let length = Self.headerLength(.webSocket, count: count)
        precondition(header.count >= length, "room for a frame's header")
        header[0] = 0x80 | opcode
        switch length {
        case 2:
            header[1] = UInt8(count)
        case 4:
            header[1] = 126
            header.storeBytes(of: UInt16(count).bigEndian, toByteOffset: 2, as: UInt16.self)
        default:
            header[1] = 127
            header.storeBytes(of: UInt64(count).bigEndian, toByteOffset: 2, as: UInt64.self)
        }
        return length
    }
}

/// The frame scratch of the event loop's thread that touches it, for writes made on that loop.
///
/// NB: a host writes on its connections' loops (one by default, one a core with `--every-core`); each
/// loop's thread has its scratch, made when it first writes, and only that thread ever touches it.
final class ThreadFrameScratch: @unchecked Sendable {
    var scratch = FrameScratch()

    private static let perThread = ThreadSpecificVariable<ThreadFrameScratch>()

    /// This thread's scratch.
    static var current: ThreadFrameScratch {
        if let scratch = Self.perThread.currentValue { return scratch }
        let scratch = ThreadFrameScratch()
        Self.perThread.currentValue = scratch
        return scratch
    }
}
