/// A JSON document parsed once, for decoding messages without Foundation's `JSONDecoder`.
///
/// NB: the parser is strict and gives up (returns `nil`) on anything unusual: a syntax error,
/// a raw control character or a lone surrogate in a string, a duplicate key, an integer of more
/// than 18 digits, a number that overflows, deep nesting. The caller then takes `JSONDecoder`,
/// which decides, and reports, exactly as before.
indirect enum ParsedJSON: Sendable {
    case null
    case bool(Bool)
    /// A number written without fraction or exponent.
    case integer(Int64)
    /// Any other number.
    case number(Double)
    case string(String)
    case array([ParsedJSON])
    case object([String: ParsedJSON])

    /// Parses a whole payload.
    static func parse(_ bytes: [UInt8]) -> ParsedJSON? {
        bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(bytes: buffer)
            guard let value = parser.value(depth: 0) else { return nil }
            parser.skipWhitespace()
            return parser.index == buffer.count ? value : nil
        }
    }

    /// The tree a ``JSONValue`` would write and `JSONDecoder` read back.
    init(_ value: JSONValue) {
        switch value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .number(let number):
            // NB: as JSONValue writes it: an integer when it is one and fits a Double exactly.
            if number == number.rounded(), abs(number) < 9_007_199_254_740_992 {
                self = .integer(Int64(number))
            } else {
                self = .number(number)
            }
        case .string(let string): self = .string(string)
        case .array(let items): self = .array(items.map(ParsedJSON.init))
        case .object(let members): self = .object(members.mapValues(ParsedJSON.init))
        }
    }

    /// The same tree as a ``JSONValue``, as `JSONValue.init(from:)` reads it.
    var jsonValue: JSONValue {
        switch self {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .integer(let integer): .number(Double(integer))
        case .number(let number): .number(number)
        case .string(let string): .string(string)
        case .array(let items): .array(items.map(\.jsonValue))
        case .object(let members): .object(members.mapValues(\.jsonValue))
        }
    }
}
