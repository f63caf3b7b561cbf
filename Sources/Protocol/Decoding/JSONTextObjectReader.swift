import GameKit

/// A flat JSON object read from its text for a game's ``Game/readMove(_:)``: its members' names and
/// scalar values in a short list, without a tree or a dictionary.
///
/// It answers as ``JSONValueObjectReader`` answers over the strict reading of the same text; it is made
/// only for an object whose members are all `null`, booleans, numbers or strings, with names written
/// without escapes and none repeated, and is `nil` for any other text (which the tree then reads).
///
/// NB: every client reads the move in every `state` it checks. As a tree, `{"bank":3,"direction":"up"}`
/// became a dictionary, each name hashed to store it and again to find it; here a lookup compares a
/// few short names.
public struct JSONTextObjectReader: JSONObjectReader, Sendable {
    private var members: [(name: String, value: ParsedJSON)] = []

    /// Reads a whole text that is one flat object.
    /// - Parameter text: the text.
    public init?(_ text: [UInt8]) {
        guard let reader = text.withUnsafeBufferPointer({ Self(bytes: $0) }) else { return nil }
        self = reader
    }

    /// Reads a flat object the parser has checked and kept as text (a member of a message).
    init?(_ text: DeferredJSONText) {
        guard let reader = text.bytes.withUnsafeBufferPointer({ Self(bytes: $0) }) else { return nil }
        self = reader
    }

    private init?(bytes: UnsafeBufferPointer<UInt8>) {
        var members: [(name: String, value: ParsedJSON)] = []
        members.reserveCapacity(4)
        var parser = JSONParser(bytes: bytes)
        let read = parser.readObject { parser, name in
            guard let value = parser.memberValue() else { return false }
            switch value {
            case .null, .bool, .integer, .string: break
            // NB: the strict reading refuses a whole number not written as an integer (PROTOCOL.md M-8).
            case .number(let number): if JSONValue.exactInteger(number) != nil { return false }
            case .array, .object, .deferred: return false
            }
            let key = String(decoding: name, as: UTF8.self)
            // NB: a name that repeats counts with its last value in the tree; the tree reads that object.
            guard !members.contains(where: { $0.name == key }) else { return false }
            members.append((key, value))
            return true
        }
        guard read else { return nil }
        self.members = members
    }

    private func value(_ key: String) -> ParsedJSON? {
        self.members.first { $0.name == key }?.value
    }

    public var memberCount: Int { self.members.count }

    public func integer(_ key: String) -> Int? {
        // NB: what `JSONValueObjectReader` reads from the strict tree, where a number is a `Double`: a
        // whole number below 2^53 in magnitude, which the strict reading takes only written as an integer.
        if case .integer(let number)? = self.value(key), number.magnitude < 1 << 53 { Int(number) } else { nil }
    }

    public func string(_ key: String) -> String? {
        if case .string(let text)? = self.value(key) { text } else { nil }
    }

    public func bool(_ key: String) -> Bool? {
        if case .bool(let flag)? = self.value(key) { flag } else { nil }
    }
}
