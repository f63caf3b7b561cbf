import GameKit

/// The "id" a client may put on a request; the host echoes it as "re" on the reply or error.
///
/// An id is a JSON string of 1 to 64 characters or a JSON integer (written as digits, without fraction
/// or exponent, not `-0`) of magnitude below 2^53, so that every language's JSON library round-trips it
/// exactly and the host echoes it with the same bytes (PROTOCOL.md M-2, M-3).
public enum RequestID: Hashable, Sendable, Codable, CustomStringConvertible {
    case number(Int64)
    case string(String)

    /// The largest magnitude of a numeric id (2^53 - 1, exact in an IEEE double).
    public static let maxNumber: Int64 = 9_007_199_254_740_991
    /// The most characters in a string id.
    public static let maxStringLength = 64

    /// Reads an id as the wire has it, checking how a number was written (M-2).
    init(_ node: ParsedJSON, reading: JSONReading, codingPath: [any CodingKey]) throws {
        func refuse(_ why: String) -> DecodingError {
            DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: why))
        }
        switch node {
        case .integer(let number):
            guard abs(number) <= Self.maxNumber else { throw refuse("a numeric id must lie within ±(2^53-1)") }
            self = .number(number)
        case .number(let number):
            guard reading.idsByValue, number == number.rounded(), abs(number) <= Double(Self.maxNumber) else {
                throw refuse("a numeric id is an integer written as digits, without fraction or exponent, not -0")
            }
            self = .number(Int64(number))
        case .string(let string):
            guard (1...Self.maxStringLength).contains(string.count) else {
                throw refuse("a string id holds 1 to \(Self.maxStringLength) characters")
            }
            self = .string(string)
        default:
            throw refuse("an id is a string or an integer")
        }
    }

    /// A numeric id as the member-by-member readers take it (a host's `re` on a `state`, a `table`, an
    /// offer; a client's `id` on a `move`), read at the parser: an integer written plainly within
    /// ``maxNumber``; `nil` for anything else (the parser where it was, unless past an integer beyond
    /// ``maxNumber``, which no reader takes), which the general reading then judges.
    static func scannedNumber(_ parser: inout JSONParser) -> RequestID? {
        guard let number = parser.plainInteger(), number.magnitude <= Self.maxNumber else { return nil }
        return .number(number)
    }

    /// Reads an id through any other decoder (Foundation's), by value.
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

extension RequestID: JSONTextWritable {
    /// Writes the id as its `Encodable` form does.
    public func writeJSON(to json: inout JSONTextWriter) {
        switch self {
        case .number(let number): json.integer(Int(number))
        case .string(let string): json.string(string)
        }
    }
}
