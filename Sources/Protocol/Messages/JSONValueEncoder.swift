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
        let root = JSONTreeNode()
        try root.store(value, codingPath: [])
        return root.value
    }
}

/// One place in the tree being built; containers fill it in.
final class JSONTreeNode {
    private enum Content {
        case empty
        case leaf(JSONValue)
        case array([JSONTreeNode])
        case object([String: JSONTreeNode])
    }

    private var content = Content.empty

    func store<T: Encodable>(_ value: T, codingPath: [any CodingKey]) throws {
        switch value {
        case let string as String: self.content = .leaf(.string(string))
        case let bool as Bool: self.content = .leaf(.bool(bool))
        case let double as Double: self.content = .leaf(try Self.number(double, codingPath))
        case let float as Float: self.content = .leaf(try Self.number(Double("\(float)") ?? .nan, codingPath))
        case let integer as any BinaryInteger: self.content = .leaf(.number(Double(integer)))
        case let json as JSONValue: self.content = .leaf(json)
        case is Data, is URL, is Decimal: self.content = .leaf(JSONValue.textRoundTrip(value))
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
        let node = JSONTreeNode()
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
        let node = JSONTreeNode()
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

    private static func number(_ double: Double, _ codingPath: [any CodingKey]) throws -> JSONValue {
        guard double.isFinite else {
            throw EncodingError.invalidValue(
                double, .init(codingPath: codingPath, debugDescription: "JSON has no non-finite numbers"))
        }
        return .number(double)
    }
}
