/// The "id" a client may put on a request; the host echoes it as "re" on the reply or error.
///
/// An id is a JSON string of 1 to 64 characters or a JSON integer of magnitude below 2^53, so that
/// every language's JSON library round-trips it exactly.
public enum RequestID: Hashable, Sendable, Codable, CustomStringConvertible {
    case number(Int64)
    case string(String)

    /// The largest magnitude of a numeric id (2^53 - 1, exact in an IEEE double).
    public static let maxNumber: Int64 = 9_007_199_254_740_991
    /// The most characters in a string id.
    public static let maxStringLength = 64

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int64.self) {
            guard abs(number) <= Self.maxNumber else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "a numeric id must lie within ±(2^53-1)")
            }
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            guard (1...Self.maxStringLength).contains(string.count) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "a string id holds 1 to \(Self.maxStringLength) characters")
            }
            self = .string(string)
        } else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "an id is a string or an integer")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .number(let number): try container.encode(number)
        case .string(let string): try container.encode(string)
        }
    }

    public var description: String {
        switch self {
        case .number(let number): "\(number)"
        case .string(let string): "\"\(string)\""
        }
    }
}
