/// Builds tcnet/1 frames.
public enum FrameEncoder {
    /// Returns a frame: the payload's length as four big-endian bytes, then the payload.
    /// - Parameter payload: the UTF-8 bytes of one JSON object; must not be empty.
    /// - Returns: the bytes to write to the connection.
    public static func frame(_ payload: some Collection<UInt8>) -> [UInt8] {
        precondition(!payload.isEmpty && payload.count <= UInt32.max, "a frame payload holds 1 to 2^32-1 bytes")
        var bytes: [UInt8] = []
        bytes.reserveCapacity(FrameLimits.headerSize + payload.count)
        bytes.append(contentsOf: self.header(length: payload.count))
        bytes.append(contentsOf: payload)
        return bytes
    }

    /// Returns the four header bytes announcing a payload of `length` bytes.
    /// - Parameter length: the payload length, 0 to 2^32-1 (0 only to build deliberately bad frames).
    /// - Returns: the length as an unsigned 32-bit big-endian integer.
    public static func header(length: Int) -> [UInt8] {
        let value = UInt32(length)
        return [UInt8(truncatingIfNeeded: value >> 24), UInt8(truncatingIfNeeded: value >> 16),
                UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
    }
}
