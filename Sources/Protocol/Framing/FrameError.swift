/// Why a byte stream is not a valid sequence of tcnet/1 frames.
///
/// Every case is fatal to the connection: after one, the stream cannot be resynchronised.
public enum FrameError: Error, Sendable, Equatable {
    /// A header announced a zero-length payload.
    case emptyFrame
    /// A header announced more bytes than the receiver accepts.
    case frameTooLarge(announced: UInt32, limit: Int)
    /// The first bytes of the stream are an HTTP request line, not a frame header.
    case httpRequest
}

extension FrameError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .emptyFrame:
            "a frame header announced 0 bytes; every frame carries one JSON object"
        case .frameTooLarge(let announced, let limit):
            "a frame header announced \(announced) bytes, more than the limit of \(limit)"
        case .httpRequest:
            "this port speaks tcnet/1 (length-prefixed JSON over TCP), not HTTP"
        }
    }
}
