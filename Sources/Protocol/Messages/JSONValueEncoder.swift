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
        try JSONTreeBox.value(of: value, path: [], key: nil)
    }
}

/// The container a value's `encode(to:)` fills in: its members or elements, kept as finished
/// `JSONValue`s.
///
/// NB: a member or element is encoded to its `JSONValue` at once (leaves without any box), so a box is
/// made only per nested struct, array or dictionary. A nested container that a value asks for and
/// fills in later (`nestedContainer`, `superEncoder`) gets a box of its own, read when this one is.
final class JSONTreeBox {
    private enum Kind {
        case empty
        case single
        case array
        case object
    }

    private var kind = Kind.empty
    private var single = JSONValue.null
    private var items: [JSONValue] = []
    private var members: [String: JSONValue] = [:]
    /// Nested containers still open, by the index or key they fill.
    private var pendingItems: [(index: Int, box: JSONTreeBox)] = []
    private var pendingMembers: [String: JSONTreeBox] = [:]

    /// The tree of a value.
    /// - Parameters:
    ///   - path: the coding path of the container the value is in.
    ///   - key: the value's key in that container, if it is keyed.
    ///   - checked: whether a type that is not one of the standard library's numbers is also asked
    ///     whether it is a number (a protocol conformance check, much slower than comparing types).
    ///     A single-value container asks: a number type the comparisons miss (`Int128`, one of a
    ///     package's own) encodes itself into one, and would otherwise come back here for ever.
    static func value<T: Encodable>(
        of value: T, path: [any CodingKey], key: (any CodingKey)?, checked: Bool = false
    ) throws -> JSONValue {
        // NB: the common types first, by comparing metatypes, which is much cheaper than the dynamic
        // casts below; every struct, array and dictionary otherwise pays for all of them.
        if T.self == String.self { return .string(value as! String) }
        if T.self == Int.self { return .number(Double(value as! Int)) }
        if T.self == JSONValue.self { return value as! JSONValue }
        if T.self == DeferredJSON.self { return (value as! DeferredJSON).value }
        if T.self == DeferredJSONList.self { return (value as! DeferredJSONList).json.value }
        if T.self == Bool.self { return .bool(value as! Bool) }
        if T.self == [Int].self { return .array((value as! [Int]).map { .number(Double($0)) }) }
        if T.self == [String].self { return .array((value as! [String]).map(JSONValue.string)) }
        if !EncodableKind.isScalar(T.self) && (!checked || EncodableKind.isStructured(T.self)) {
            let box = JSONTreeBox()
            try value.encode(to: JSONTreeEncoder(box: box, codingPath: Self.path(path, key)))
            return box.value
        }
        switch value {
        case let double as Double:
            return try Self.number(double, Self.path(path, key))
        case let float as Float:
            return try Self.number(Double("\(float)") ?? .nan, Self.path(path, key))
        case let integer as any BinaryInteger:
            return .number(Double(integer))
        case is Data, is URL, is Decimal, is Date:
            return JSONValue.textRoundTrip(value)
        default:
            let box = JSONTreeBox()
            try value.encode(to: JSONTreeEncoder(box: box, codingPath: Self.path(path, key)))
            return box.value
        }
    }

    private static func path(_ path: [any CodingKey], _ key: (any CodingKey)?) -> [any CodingKey] {
        guard let key else { return path }
        return path + [key]
    }

    /// The finished tree: an empty box is an empty object, as `JSONEncoder` writes a value that
    /// encoded nothing.
    var value: JSONValue {
        switch self.kind {
        case .empty: return .object([:])
        case .single: return self.single
        case .array:
            var items = self.items
            for (index, box) in self.pendingItems { items[index] = box.value }
            return .array(items)
        case .object:
            var members = self.members
            for (key, box) in self.pendingMembers { members[key] = box.value }
            return .object(members)
        }
    }

    // MARK: Filled in by the containers

    func setSingle(_ value: JSONValue) {
        self.kind = .single
        self.single = value
    }

    func becomeObject() {
        guard self.kind != .object else { return }
        self.kind = .object
        // NB: room for the members of a typical struct, so its dictionary is not grown (and rehashed) on
        // the way; a larger one grows from there.
        self.members = Dictionary(minimumCapacity: 8)
        self.pendingMembers = [:]
    }

    func becomeArray() {
        guard self.kind != .array else { return }
        self.kind = .array
        self.items = []
        self.pendingItems = []
    }

    func setMember(_ key: String, _ value: JSONValue) {
        self.becomeObject()
        if !self.pendingMembers.isEmpty { self.pendingMembers.removeValue(forKey: key) }
        self.members[key] = value
    }

    /// A box for a member filled in later.
    func memberBox(_ key: String) -> JSONTreeBox {
        self.becomeObject()
        let box = JSONTreeBox()
        self.members.removeValue(forKey: key)
        self.pendingMembers[key] = box
        return box
    }

    func append(_ value: JSONValue) {
        self.becomeArray()
        self.items.append(value)
    }

    /// A box for an element filled in later.
    func appendBox() -> JSONTreeBox {
        self.becomeArray()
        let box = JSONTreeBox()
        self.pendingItems.append((self.items.count, box))
        self.items.append(.null)
        return box
    }

    var count: Int { self.kind == .array ? self.items.count : 0 }

    private static func number(_ double: Double, _ codingPath: [any CodingKey]) throws -> JSONValue {
        guard double.isFinite else {
            throw EncodingError.invalidValue(
                double, .init(codingPath: codingPath, debugDescription: "JSON has no non-finite numbers"))
        }
        return .number(double)
    }
}
