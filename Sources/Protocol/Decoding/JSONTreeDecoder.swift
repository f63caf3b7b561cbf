import Foundation

/// A `Decoder` over a ``ParsedJSON`` tree: the fast path of `WireCodec`'s decoding and of
/// `JSONValue.decode(as:)`.
///
/// NB: it accepts a subset of what `JSONDecoder` accepts, with the same result, and throws on
/// everything else (a type mismatch, a number that is not an integer literal for an integer type,
/// floats, Foundation types); the caller then runs `JSONDecoder`, whose errors are the ones reported.
struct JSONTreeDecoder: Decoder {
    let node: ParsedJSON
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// Thrown to send a value back to `JSONDecoder`.
    struct Unsupported: Error {}

    func container<Key: CodingKey>(keyedBy _: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = self.node else { throw Unsupported() }
        return KeyedDecodingContainer(Keyed(members: members, codingPath: self.codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = self.node else { throw Unsupported() }
        return Unkeyed(items: items, codingPath: self.codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        Single(node: self.node, codingPath: self.codingPath)
    }

    /// Decodes a value of any type from a node.
    static func decode<T: Decodable>(_: T.Type, from node: ParsedJSON, codingPath: [any CodingKey]) throws -> T {
        switch T.self {
        case is String.Type:
            guard case .string(let string) = node else { throw Unsupported() }
            return string as! T
        case is Bool.Type:
            guard case .bool(let flag) = node else { throw Unsupported() }
            return flag as! T
        case is Double.Type:
            switch node {
            case .integer(let integer): return Double(integer) as! T
            case .number(let number): return number as! T
            default: throw Unsupported()
            }
        case is JSONValue.Type:
            return node.jsonValue as! T
        case let integerType as any FixedWidthInteger.Type:
            guard case .integer(let integer) = node, let value = integerType.init(exactly: integer) else {
                throw Unsupported()
            }
            return value as! T
        case is Float.Type, is Data.Type, is Date.Type, is URL.Type, is Decimal.Type:
            throw Unsupported()
        default:
            return try T(from: JSONTreeDecoder(node: node, codingPath: codingPath))
        }
    }

    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let members: [String: ParsedJSON]
        let codingPath: [any CodingKey]

        var allKeys: [Key] { self.members.keys.compactMap(Key.init(stringValue:)) }

        func contains(_ key: Key) -> Bool {
            self.members[key.stringValue] != nil
        }

        private func node(_ key: Key) throws -> ParsedJSON {
            guard let node = self.members[key.stringValue] else { throw Unsupported() }
            return node
        }

        func decodeNil(forKey key: Key) throws -> Bool {
            if case .null = try self.node(key) { return true }
            return false
        }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            try JSONTreeDecoder.decode(type, from: try self.node(key), codingPath: self.codingPath + [key])
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
            -> KeyedDecodingContainer<NestedKey>
        {
            try JSONTreeDecoder(node: try self.node(key), codingPath: self.codingPath + [key]).container(keyedBy: type)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try JSONTreeDecoder(node: try self.node(key), codingPath: self.codingPath + [key]).unkeyedContainer()
        }

        func superDecoder() throws -> any Decoder {
            throw Unsupported()
        }

        func superDecoder(forKey key: Key) throws -> any Decoder {
            throw Unsupported()
        }
    }

    struct Unkeyed: UnkeyedDecodingContainer {
        let items: [ParsedJSON]
        let codingPath: [any CodingKey]
        private(set) var currentIndex = 0

        init(items: [ParsedJSON], codingPath: [any CodingKey]) {
            self.items = items
            self.codingPath = codingPath
        }

        var count: Int? { self.items.count }
        var isAtEnd: Bool { self.currentIndex >= self.items.count }

        private mutating func next() throws -> ParsedJSON {
            guard !self.isAtEnd else { throw Unsupported() }
            defer { self.currentIndex += 1 }
            return self.items[self.currentIndex]
        }

        mutating func decodeNil() throws -> Bool {
            guard !self.isAtEnd else { throw Unsupported() }
            if case .null = self.items[self.currentIndex] {
                self.currentIndex += 1
                return true
            }
            return false
        }

        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            try JSONTreeDecoder.decode(type, from: try self.next(), codingPath: self.codingPath)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
            -> KeyedDecodingContainer<NestedKey>
        {
            try JSONTreeDecoder(node: try self.next(), codingPath: self.codingPath).container(keyedBy: type)
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            try JSONTreeDecoder(node: try self.next(), codingPath: self.codingPath).unkeyedContainer()
        }

        mutating func superDecoder() throws -> any Decoder {
            throw Unsupported()
        }
    }

    struct Single: SingleValueDecodingContainer {
        let node: ParsedJSON
        let codingPath: [any CodingKey]

        func decodeNil() -> Bool {
            if case .null = self.node { return true }
            return false
        }

        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            try JSONTreeDecoder.decode(type, from: self.node, codingPath: self.codingPath)
        }
    }
}
