/// A JSON text parsed once, for decoding messages without Foundation's `JSONDecoder`.
///
/// NB: numbers keep how they were written, which the protocol's number rules need (PROTOCOL.md M-8):
/// an integer written as one is ``integer(_:)``; a fraction, an exponent, `-0` or an integer beyond
/// 64 bits is ``number(_:)``.
enum ParsedJSON: Sendable {
    case null
    case bool(Bool)
    /// A number written as an integer (digits, optionally after a minus; not `-0`) that fits 64 bits.
    case integer(Int64)
    /// Any other number.
    case number(Double)
    case string(String)
    case array([ParsedJSON])
    case object([String: ParsedJSON])
    /// An object or array checked as JSON but not built yet: a member of a message read with
    /// `deferring`. Decoding builds it, unless it is decoded as a ``DeferredJSON``.
    case deferred(DeferredJSONText)

    /// Parses a whole payload as RFC 8259 JSON, within the host's limits (PROTOCOL.md section 4).
    /// - Parameters:
    ///   - bytes: a payload (a text that is not UTF-8 is refused, ``JSONSyntaxError/Reason/notUTF8``).
    ///   - deferring: whether the objects and arrays among the top-level object's members are only
    ///     checked, and kept as text (``deferred(_:)``) until they are decoded.
    /// - Returns: the tree, or why the payload is not JSON the host accepts.
    static func parse(_ bytes: [UInt8], deferring: Bool = false) -> Result<ParsedJSON, JSONSyntaxError> {
        self.parsing(bytes, deferring: deferring) { $0.document() }
    }

    /// Runs a parser over the payload: what `read` returns, or why the payload is refused.
    static func parsing<T>(
        _ bytes: [UInt8], deferring: Bool, _ read: (inout JSONParser) -> T?
    ) -> Result<T, JSONSyntaxError> {
        bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(bytes: buffer, deferring: deferring ? bytes : nil)
            guard let value = read(&parser) else {
                return .failure(parser.failure ?? JSONSyntaxError(reason: .unexpectedCharacter, offset: parser.index))
            }
            return .success(value)
        }
    }

    /// The tree a ``JSONValue`` would write and the parser read back.
    init(_ value: JSONValue) {
        switch value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .number(let number):
            // NB: as JSONValue writes it: an integer when it is one and fits a Double exactly.
            if let integer = JSONValue.exactInteger(number) {
                self = .integer(integer)
            } else {
                self = .number(number)
            }
        case .string(let string): self = .string(string)
        case .array(let items): self = .array(items.map(ParsedJSON.init))
        case .object(let members): self = .object(members.mapValues(ParsedJSON.init))
        }
    }
}

/// The text of an object or array the parser checked but did not build (``ParsedJSON/deferred(_:)``).
struct DeferredJSONText: Sendable {
    /// The value's text: a slice of the payload, which it keeps alive.
    let bytes: ArraySlice<UInt8>
    /// Whether a number in it is whole but not written as an integer (`1.0`, `1e0`, `-0`): the strict
    /// reading refuses it where a game's value is read (PROTOCOL.md M-8).
    let wroteWholeAsFraction: Bool

    /// Whether the text is an array (else an object).
    var isArray: Bool { self.bytes.first == UInt8(ascii: "[") }

    /// The tree, built now.
    ///
    /// NB: the parser checked this text when it deferred it, so building it cannot fail; `null`
    /// stands for the impossible failure rather than a trap on a peer's input.
    var built: ParsedJSON {
        self.bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(bytes: buffer)
            return parser.document() ?? .null
        }
    }
}

extension ParsedJSON {
    /// The node with a deferred object or array built.
    var built: ParsedJSON {
        if case .deferred(let text) = self { return text.built }
        return self
    }
}

// MARK: - Numbers

extension ParsedJSON {
    /// The largest magnitude of an integer a ``JSONValue`` holds exactly: 2^53 − 1.
    static let exactIntegerLimit: Int64 = 9_007_199_254_740_991

    /// Why a number cannot be read as an integer, for the error that names the member.
    static func notAnInteger(_ number: Double) -> String {
        if number == 0, number.sign == .minus { return "-0 is not an integer here; write 0" }
        if number == number.rounded(), abs(number) < 0x1p63 {
            return "an integer is written without fraction or exponent (1, not 1.0 or 1e0)"
        }
        if number == number.rounded() { return "the integer is too large" }
        return "the number is not an integer"
    }

    /// The same tree as a ``JSONValue``, checking the protocol's rule for numbers whose meaning the
    /// protocol leaves to a game: a whole number of magnitude below 2^53 must be written as an integer.
    /// - Parameter reading: `integersByValue` restores the reading before that rule (a broken host's).
    /// - Throws: ``NumberFormProblem`` with the path of the first number that breaks the rule.
    func jsonValue(_ reading: JSONReading) throws(NumberFormProblem) -> JSONValue {
        if let value = self.checkedJSONValue(reading) { return value }
        // NB: a second walk, only for a refusal, finds where the number is.
        throw self.numberFormProblem(reading) ?? NumberFormProblem(path: [], reason: "a number breaks M-8")
    }

    /// Whether a number breaks the rule (PROTOCOL.md M-8).
    private static func breaksRule(_ number: Double, _ reading: JSONReading) -> Bool {
        JSONValue.exactInteger(number) != nil && !reading.integersByValue
    }

    /// The tree, or `nil` when a number breaks the rule.
    ///
    /// NB: `map` and `mapValues` keep the cost of the conversion before the rule (no rehashing of keys).
    private func checkedJSONValue(_ reading: JSONReading) -> JSONValue? {
        switch self {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .integer(let integer): return .number(Double(integer))
        case .number(let number): return Self.breaksRule(number, reading) ? nil : .number(number)
        case .string(let string): return .string(string)
        case .array(let items):
            var broken = false
            let values = items.map { item -> JSONValue in
                guard let value = item.checkedJSONValue(reading) else {
                    broken = true
                    return .null
                }
                return value
            }
            return broken ? nil : .array(values)
        case .object(let members):
            var broken = false
            let values = members.mapValues { member -> JSONValue in
                guard let value = member.checkedJSONValue(reading) else {
                    broken = true
                    return .null
                }
                return value
            }
            return broken ? nil : .object(values)
        case .deferred(let text):
            return text.built.checkedJSONValue(reading)
        }
    }

    /// The first number that breaks the rule, with its path.
    private func numberFormProblem(_ reading: JSONReading) -> NumberFormProblem? {
        switch self {
        case .number(let number) where Self.breaksRule(number, reading):
            return NumberFormProblem(path: [], reason: Self.notAnInteger(number))
        case .array(let items):
            for (index, item) in items.enumerated() {
                if let problem = item.numberFormProblem(reading) { return problem.inside("[\(index)]") }
            }
        case .object(let members):
            for key in members.keys.sorted() {
                if let problem = members[key]?.numberFormProblem(reading) { return problem.inside(key) }
            }
        case .deferred(let text):
            return text.built.numberFormProblem(reading)
        default:
            break
        }
        return nil
    }
}

/// A number in a game's member (a move) written against the protocol's number rule (PROTOCOL.md M-8).
struct NumberFormProblem: Error {
    /// The members from the value given to ``ParsedJSON/jsonValue(_:)`` down to the number.
    var path: [String]
    var reason: String

    func inside(_ component: String) -> NumberFormProblem {
        NumberFormProblem(path: [component] + self.path, reason: self.reason)
    }
}
