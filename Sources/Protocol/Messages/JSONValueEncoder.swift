import Foundation

/// Builds a ``JSONValue`` tree straight from an `Encodable` value, without writing JSON text and
/// reading it back.
///
/// NB: the tree is the one `JSONDecoder` would read from `WireCodec.payload(value)`: numbers become
/// `Double`s, `nil` optionals encoded with `encodeIfPresent` are left out, keys encoded twice keep the
/// last value. The few types `JSONEncoder` treats specially (`Data`, `URL`, `Decimal`) take the
/// text round trip, so their trees stay exactly the same.
struct JSONValueEncoder {
    /// The tree of a value.
    static func tree(of value: some Encodable) throws -> JSONValue {
        let root = JSONTreeNode(exact: false)
        try root.store(value, codingPath: [])
        return root.value
    }

    /// The tree of a value whose every number the tree holds exactly as `JSONEncoder` writes it.
    /// - Throws: ``InexactTree`` for a floating-point field, an integer beyond 2^53, or a type
    ///   `JSONEncoder` writes its own way; the caller then takes the `JSONEncoder` path.
    static func exactTree(of value: some Encodable) throws -> JSONValue {
        let root = JSONTreeNode(exact: true)
        try root.store(value, codingPath: [])
        return root.value
    }
}

/// A value the exact tree cannot hold the way `JSONEncoder` writes it.
struct InexactTree: Error {}

/// One place in the tree being built; containers fill it in.
final class JSONTreeNode {
    private enum Content {
        case empty
        case leaf(JSONValue)
        case array([JSONTreeNode])
        case object([String: JSONTreeNode])
    }

    private var content = Content.empty
    /// Whether numbers that the tree cannot hold exactly are refused (see ``JSONValueEncoder/exactTree(of:)``).
    private let exact: Bool

    init(exact: Bool) {
        self.exact = exact
    }

    func store<T: Encodable>(_ value: T, codingPath: [any CodingKey]) throws {
        // NB: the common types first, by comparing metatypes, which is much cheaper than the dynamic
        // casts below; every struct, array and dictionary otherwise pays for all of them.
        if T.self == String.self {
            self.content = .leaf(.string(value as! String))
            return
        }
        if T.self == Int.self {
            let integer = value as! Int
            if self.exact, !(-Int(Self.exactLimit)...Int(Self.exactLimit)).contains(integer) { throw InexactTree() }
            self.content = .leaf(.number(Double(integer)))
            return
        }
        if T.self == JSONValue.self {
            self.content = .leaf(value as! JSONValue)
            return
        }
        if T.self == Bool.self {
            self.content = .leaf(.bool(value as! Bool))
            return
        }
        if !(T.self is any BinaryInteger.Type) && !(T.self is any BinaryFloatingPoint.Type) && T.self != Data.self
            && T.self != URL.self && T.self != Decimal.self && T.self != Date.self
        {
            try value.encode(to: JSONTreeEncoder(node: self, codingPath: codingPath))
            return
        }
        switch value {
        case let string as String: self.content = .leaf(.string(string))
        case let bool as Bool: self.content = .leaf(.bool(bool))
        case let double as Double:
            if self.exact { throw InexactTree() }
            self.content = .leaf(try Self.number(double, codingPath))
        case let float as Float:
            if self.exact { throw InexactTree() }
            self.content = .leaf(try Self.number(Double("\(float)") ?? .nan, codingPath))
        case let integer as any BinaryInteger:
            // NB: 2^53 bounds the integers a Double holds exactly, and that JSONValue writes as integers.
            if self.exact {
                guard let exact = Int64(exactly: integer), (-Self.exactLimit...Self.exactLimit).contains(exact) else {
                    throw InexactTree()
                }
            }
            self.content = .leaf(.number(Double(integer)))
        case let json as JSONValue: self.content = .leaf(json)
        case is Data, is URL, is Decimal, is Date:
            if self.exact { throw InexactTree() }
            self.content = .leaf(JSONValue.textRoundTrip(value))
        default: try value.encode(to: JSONTreeEncoder(node: self, codingPath: codingPath))
        }
    }

    func storeNil() {
        self.content = .leaf(.null)
    }

    var value: JSONValue {
        switch self.content {
        case .empty: .object([:])
        case .leaf(let leaf): leaf
        case .array(let items): .array(items.map(\.value))
        case .object(let members): .object(members.mapValues(\.value))
        }
    }

    /// The members, making this node an object if it is not one yet.
    func child(forKey key: String) -> JSONTreeNode {
        let node = JSONTreeNode(exact: self.exact)
        if case .object(var members) = self.content {
            self.content = .empty
            members[key] = node
            self.content = .object(members)
        } else {
            self.content = .object([key: node])
        }
        return node
    }

    func becomeObject() {
        if case .object = self.content { return }
        self.content = .object([:])
    }

    func becomeArray() {
        if case .array = self.content { return }
        self.content = .array([])
    }

    func appendChild() -> JSONTreeNode {
        let node = JSONTreeNode(exact: self.exact)
        if case .array(var items) = self.content {
            self.content = .empty
            items.append(node)
            self.content = .array(items)
        } else {
            self.content = .array([node])
        }
        return node
    }

    var count: Int {
        if case .array(let items) = self.content { return items.count }
        return 0
    }

    /// The largest integer a Double holds exactly with its neighbours: 2^53 - 1.
    private static let exactLimit: Int64 = 9_007_199_254_740_991

    private static func number(_ double: Double, _ codingPath: [any CodingKey]) throws -> JSONValue {
        guard double.isFinite else {
            throw EncodingError.invalidValue(
                double, .init(codingPath: codingPath, debugDescription: "JSON has no non-finite numbers"))
        }
        return .number(double)
    }
}
