import Foundation

/// A `Decoder` over a ``ParsedJSON`` tree: how `WireCodec` decodes every message, and the fast path of
/// `JSONValue.decode(as:)`.
///
/// NB: its errors are `DecodingError`s shaped like `JSONDecoder`'s (the same coding paths), so
/// `ReadableDecodingError` names the member. Unlike `JSONDecoder` it reads an integer only from a
/// number written as one (PROTOCOL.md M-8). Floats and Foundation types (`Data`, `Date`, `URL`,
/// `Decimal`) are not read: no message has them.
struct JSONTreeDecoder: Decoder {
    let node: ParsedJSON
    let codingPath: [any CodingKey]
    let reading: JSONReading
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(node: ParsedJSON, codingPath: [any CodingKey], reading: JSONReading) {
        self.node = node.built
        self.codingPath = codingPath
        self.reading = reading
    }

    func container<Key: CodingKey>(keyedBy _: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = self.node else {
            throw Self.mismatch([String: Any].self, self.node, self.codingPath)
        }
        return KeyedDecodingContainer(Keyed(members: members, codingPath: self.codingPath, reading: self.reading))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = self.node else { throw Self.mismatch([Any].self, self.node, self.codingPath) }
        return Unkeyed(items: items, codingPath: self.codingPath, reading: self.reading)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        Single(node: self.node, codingPath: self.codingPath, reading: self.reading)
    }

    /// Decodes a value of any type from a node.
    static func decode<T: Decodable>(
        _: T.Type, from node: ParsedJSON, codingPath: [any CodingKey], reading: JSONReading = .strict
    ) throws -> T {
        if case .deferred(let text) = node {
            // NB: a deferred game value stays text, unless a number in it must be refused (with its path).
            if !text.wroteWholeAsFraction || reading.integersByValue {
                if T.self == DeferredJSON.self { return DeferredJSON(text) as! T }
                if T.self == DeferredJSONList.self, text.isArray { return DeferredJSONList(DeferredJSON(text)) as! T }
            }
            return try Self.decode(T.self, from: text.built, codingPath: codingPath, reading: reading)
        }
        // NB: the common types by comparing metatypes first: the casts of the switch below look up
        // protocol conformances, which every struct of a message would otherwise pay for.
        if T.self == Int.self { return try Self.integer(Int.self, node, codingPath, reading) as! T }
        if T.self == String.self {
            guard case .string(let string) = node else { throw Self.mismatch(T.self, node, codingPath) }
            return string as! T
        }
        switch T.self {
        case is String.Type:
            guard case .string(let string) = node else { throw Self.mismatch(T.self, node, codingPath) }
            return string as! T
        case is Bool.Type:
            guard case .bool(let flag) = node else { throw Self.mismatch(T.self, node, codingPath) }
            return flag as! T
        case is Double.Type:
            switch node {
            case .integer(let integer): return Double(integer) as! T
            case .number(let number): return number as! T
            default: throw Self.mismatch(T.self, node, codingPath)
            }
        case is JSONValue.Type:
            do {
                return try node.jsonValue(reading) as! T
            } catch {
                let path = codingPath + error.path.map { AnyKey($0) }
                throw DecodingError.dataCorrupted(.init(codingPath: path, debugDescription: error.reason))
            }
        case is RequestID.Type:
            return try RequestID(node, reading: reading, codingPath: codingPath) as! T
        case is Int64.Type, is Int32.Type, is Int16.Type, is Int8.Type, is UInt.Type, is UInt64.Type,
            is UInt32.Type, is UInt16.Type, is UInt8.Type, is Int128.Type, is UInt128.Type:
            // NB: each integer type by its metatype, not `as any FixedWidthInteger.Type`: that cast looks
            // up the conformance of every struct decoded (a game's state, each of its members) and finds
            // none, at the cost of a few thousand instructions each time. Every standard integer type must
            // be listed: its `init(from:)` asks a single-value container for itself, which comes back here.
            return try Self.integer((T.self as! any FixedWidthInteger.Type), node, codingPath, reading) as! T
        case is Float.Type, is Data.Type, is Date.Type, is URL.Type, is Decimal.Type:
            throw DecodingError.typeMismatch(
                T.self, .init(codingPath: codingPath, debugDescription: "no tcnet/1 message holds \(T.self)"))
        default:
            return try T(from: JSONTreeDecoder(node: node, codingPath: codingPath, reading: reading))
        }
    }

    /// An integer: only a number written as one, unless the reading takes whole numbers by value.
    private static func integer<I: FixedWidthInteger>(
        _: I.Type, _ node: ParsedJSON, _ codingPath: [any CodingKey], _ reading: JSONReading
    ) throws -> I {
        switch node {
        case .integer(let integer):
            guard let value = I(exactly: integer) else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: codingPath, debugDescription: "\(integer) is out of range"))
            }
            return value
        case .number(let number):
            if reading.integersByValue, let value = I(exactly: number) { return value }
            throw DecodingError.dataCorrupted(
                .init(codingPath: codingPath, debugDescription: ParsedJSON.notAnInteger(number)))
        default:
            throw Self.mismatch(I.self, node, codingPath)
        }
    }

    /// The error for a node of the wrong kind: `valueNotFound` for `null`, as `JSONDecoder` says.
    static func mismatch(_ type: Any.Type, _ node: ParsedJSON, _ codingPath: [any CodingKey]) -> DecodingError {
        if case .null = node {
            return DecodingError.valueNotFound(type, .init(codingPath: codingPath, debugDescription: "found null"))
        }
        let found =
            switch node {
            case .null: "null"
            case .bool: "a boolean"
            case .integer, .number: "a number"
            case .string: "a string"
            case .array: "an array"
            case .object: "an object"
            case .deferred(let text): text.isArray ? "an array" : "an object"
            }
        return DecodingError.typeMismatch(type, .init(codingPath: codingPath, debugDescription: "found \(found)"))
    }

    /// A key made from a string or an array index, for coding paths.
    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int?

        init(_ stringValue: String) {
            self.stringValue = stringValue
            self.intValue = nil
        }

        init?(stringValue: String) {
            self.init(stringValue)
        }

        init(intValue: Int) {
            self.stringValue = "\(intValue)"
            self.intValue = intValue
        }
    }

    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let members: [String: ParsedJSON]
        let codingPath: [any CodingKey]
        let reading: JSONReading

        var allKeys: [Key] { self.members.keys.compactMap(Key.init(stringValue:)) }

        func contains(_ key: Key) -> Bool {
            self.members[key.stringValue] != nil
        }

        private func node(_ key: Key) throws -> ParsedJSON {
            guard let node = self.members[key.stringValue] else {
                throw DecodingError.keyNotFound(
                    key, .init(codingPath: self.codingPath, debugDescription: "no member \(key.stringValue)"))
            }
            return node
        }

        func decodeNil(forKey key: Key) throws -> Bool {
            if case .null = try self.node(key) { return true }
            return false
        }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            let node = try self.node(key)
            // NB: the member's coding path is built only for an error; building it for every member
            // cost an allocation each.
            do {
                return try JSONTreeDecoder.decode(type, from: node, codingPath: self.codingPath, reading: self.reading)
            } catch let error as DecodingError {
                throw error.inserting(key, at: self.codingPath.count)
            }
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
            -> KeyedDecodingContainer<NestedKey>
        {
            try self.decoder(key, try self.node(key)).container(keyedBy: type)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try self.decoder(key, try self.node(key)).unkeyedContainer()
        }

        func superDecoder() throws -> any Decoder {
            self.decoder(AnyKey("super"), self.members["super"] ?? .null)
        }

        func superDecoder(forKey key: Key) throws -> any Decoder {
            self.decoder(key, self.members[key.stringValue] ?? .null)
        }

        private func decoder(_ key: any CodingKey, _ node: ParsedJSON) -> JSONTreeDecoder {
            JSONTreeDecoder(node: node, codingPath: self.codingPath + [key], reading: self.reading)
        }
    }

    struct Unkeyed: UnkeyedDecodingContainer {
        let items: [ParsedJSON]
        let codingPath: [any CodingKey]
        let reading: JSONReading
        private(set) var currentIndex = 0

        init(items: [ParsedJSON], codingPath: [any CodingKey], reading: JSONReading) {
            self.items = items
            self.codingPath = codingPath
            self.reading = reading
        }

        var count: Int? { self.items.count }
        var isAtEnd: Bool { self.currentIndex >= self.items.count }
        private var path: [any CodingKey] { self.codingPath + [AnyKey(intValue: self.currentIndex)] }

        /// The next element, and its path when `withPath`.
        private mutating func next(_ type: Any.Type, withPath: Bool = false) throws -> (ParsedJSON, [any CodingKey]) {
            guard !self.isAtEnd else {
                throw DecodingError.valueNotFound(
                    type, .init(codingPath: self.path, debugDescription: "the array ends"))
            }
            defer { self.currentIndex += 1 }
            return (self.items[self.currentIndex], withPath ? self.path : [])
        }

        mutating func decodeNil() throws -> Bool {
            guard !self.isAtEnd else {
                throw DecodingError.valueNotFound(
                    Any?.self, .init(codingPath: self.path, debugDescription: "the array ends"))
            }
            if case .null = self.items[self.currentIndex] {
                self.currentIndex += 1
                return true
            }
            return false
        }

        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            let index = self.currentIndex
            let (node, _) = try self.next(type)
            // NB: as in `Keyed.decode`: the element's path is built only for an error.
            do {
                return try JSONTreeDecoder.decode(type, from: node, codingPath: self.codingPath, reading: self.reading)
            } catch let error as DecodingError {
                throw error.inserting(AnyKey(intValue: index), at: self.codingPath.count)
            }
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
            -> KeyedDecodingContainer<NestedKey>
        {
            let (node, path) = try self.next([String: Any].self, withPath: true)
            return try JSONTreeDecoder(node: node, codingPath: path, reading: self.reading).container(keyedBy: type)
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            let (node, path) = try self.next([Any].self, withPath: true)
            return try JSONTreeDecoder(node: node, codingPath: path, reading: self.reading).unkeyedContainer()
        }

        mutating func superDecoder() throws -> any Decoder {
            let (node, path) = try self.next(Any.self, withPath: true)
            return JSONTreeDecoder(node: node, codingPath: path, reading: self.reading)
        }
    }

    struct Single: SingleValueDecodingContainer {
        let node: ParsedJSON
        let codingPath: [any CodingKey]
        let reading: JSONReading

        func decodeNil() -> Bool {
            if case .null = self.node { return true }
            return false
        }

        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            try JSONTreeDecoder.decode(type, from: self.node, codingPath: self.codingPath, reading: self.reading)
        }
    }
}

extension DecodingError {
    /// The same error with `key` inserted into its coding path at `position`: how a container adds
    /// the member or element it was decoding to an error from inside it.
    fileprivate func inserting(_ key: any CodingKey, at position: Int) -> DecodingError {
        func moved(_ context: Context) -> Context {
            var path = context.codingPath
            path.insert(key, at: min(position, path.count))
            return Context(
                codingPath: path, debugDescription: context.debugDescription, underlyingError: context.underlyingError)
        }
        switch self {
        case .typeMismatch(let type, let context): return .typeMismatch(type, moved(context))
        case .valueNotFound(let type, let context): return .valueNotFound(type, moved(context))
        case .keyNotFound(let missing, let context): return .keyNotFound(missing, moved(context))
        case .dataCorrupted(let context): return .dataCorrupted(moved(context))
        @unknown default: return self
        }
    }
}
