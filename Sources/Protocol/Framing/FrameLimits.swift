/// The sizes that bound a tcnet/1 frame.
public struct FrameLimits: Sendable, Equatable {
    /// Bytes in a frame header: an unsigned 32-bit big-endian payload length.
    public static let headerSize = 4

    /// The default largest payload a peer accepts, announced by the host in `welcome` as `maxFrame`.
    public static let defaultMaxPayload = 65_536

    /// The largest payload, in bytes, that this side accepts.
    public var maxPayload: Int

    /// Creates limits.
    /// - Parameter maxPayload: the largest payload accepted; must be at least 1.
    public init(maxPayload: Int = FrameLimits.defaultMaxPayload) {
        precondition(maxPayload >= 1, "a frame must be allowed to carry at least one byte")
        self.maxPayload = maxPayload
    }
}
