import Foundation
import GameKit

/// Writes an `Encodable` value as compact JSON text with sorted keys, straight from its `encode(to:)`:
/// the bytes ``SortedJSONWriter`` writes for its `JSONValueEncoder` tree, without the tree.
///
/// NB: each struct, array or dictionary keeps its members as a list of leaves and nested lists, sorted
/// only when written: no `JSONValue` per member, no dictionary (and hash of each key) per object. A
/// value whose numbers a `Double` does not hold exactly, or a Foundation type, is refused with
/// ``InexactTree``, and `WireCodec.payload` takes `JSONEncoder`'s path for it.
enum SortedJSONEncoder {
    /// The JSON text of a value.
    /// - Throws: ``InexactTree`` for a value whose numbers or types the fast path does not write.
    static func bytes(of value: some Encodable) throws -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(1024)
        try JSONBytesBox.node(of: value).write(into: &output)
        return output
    }
}

/// A value the direct writer does not write the way `JSONEncoder` does (a floating-point number, an
/// integer beyond 2^53, a Foundation type): `WireCodec.payload` then takes `JSONEncoder`'s path.
struct InexactTree: Error {}

/// A value on its way to text: a leaf, a tree the caller already had, or a container's box.
enum JSONBytesNode {
    case null
    case bool(Bool)
    case integer(Int64)
    case string(String)
    case tree(JSONValue)
    /// Text written already, as this writer writes it (``EncodedJSON``).
    case text([UInt8])
    /// An array of integers (each within 2^53) or of strings, without a box.
    case integers([Int])
    case strings([String])
    case box(JSONBytesBox)

    func write(into output: inout [UInt8]) {
        switch self {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .integer(let integer): JSONText.appendInteger(integer, to: &output)
        case .string(let string): JSONText.appendString(string, to: &output)
        case .tree(let tree): SortedJSONWriter.write(tree, into: &output)
        case .text(let text): output.append(contentsOf: text)
        case .integers(let integers):
            SortedJSONWriter.writeArray(integers, into: &output) {
                JSONText.appendInteger(Int64($0), to: &$1)
            }
        case .strings(let strings):
            SortedJSONWriter.writeArray(strings, into: &output) { JSONText.appendString($0, to: &$1) }
        case .box(let box): box.write(into: &output)
        }
    }
}

/// The container a value's `encode(to:)` fills in, as ``JSONTreeBox`` is for the tree.
final class JSONBytesBox {
    private enum Kind {
        case empty
        case single
        case array
        case object
    }

    private var kind = Kind.empty
    private var single = JSONBytesNode.null
    private var items: [JSONBytesNode] = []
    private var members: [(key: String, node: JSONBytesNode)] = []

    /// The node of a value.
    /// - Parameter checked: as in ``JSONTreeBox/value(of:exact:path:key:checked:)``: a single-value
    ///   container asks, so that a number type the comparisons miss does not come back here for ever.
    static func node<T: Encodable>(of value: T, checked: Bool = false) throws -> JSONBytesNode {
        // NB: the common types first, by comparing metatypes (see JSONTreeBox).
        if T.self == String.self { return .string(value as! String) }
        if T.self == Int.self { return try Self.integer(Int64(value as! Int)) }
        if T.self == Bool.self { return .bool(value as! Bool) }
        if T.self == JSONValue.self { return .tree(value as! JSONValue) }
        if T.self == DeferredJSON.self { return Self.node(of: value as! DeferredJSON) }
        if T.self == DeferredJSONList.self { return Self.node(of: (value as! DeferredJSONList).json) }
        if T.self == EncodedJSON.self { return .text((value as! EncodedJSON).bytes) }
        if T.self == [Int].self {
            let integers = value as! [Int]
            for integer in integers where !Self.isExact(Int64(integer)) {
                throw InexactTree()
            }
            return .integers(integers)
        }
        if T.self == [String].self { return .strings(value as! [String]) }
        if !EncodableKind.isScalar(T.self) && (!checked || EncodableKind.isStructured(T.self)) {
            return .box(try Self.box(of: value))
        }
        switch value {
        case is Double, is Float, is Data, is URL, is Decimal, is Date:
            throw InexactTree()
        case let integer as any BinaryInteger:
            guard let exact = Int64(exactly: integer) else { throw InexactTree() }
            return try Self.integer(exact)
        default:
            return .box(try Self.box(of: value))
        }
    }

    private static func node(of deferred: DeferredJSON) -> JSONBytesNode {
        if let bytes = deferred.encodedBytes { return .text(bytes) }
        return .tree(deferred.value)
    }

    private static func box(of value: some Encodable) throws -> JSONBytesBox {
        let box = JSONBytesBox()
        try value.encode(to: JSONBytesEncoder(box: box, codingPath: []))
        return box
    }

    /// Whether a Double holds an integer exactly with its neighbours (within ±(2^53 - 1)), as a
    /// number read into a `JSONValue` must: `JSONEncoder` writes the others its own way.
    private static func isExact(_ integer: Int64) -> Bool {
        (-9_007_199_254_740_991...9_007_199_254_740_991).contains(integer)
    }

    private static func integer(_ integer: Int64) throws -> JSONBytesNode {
        guard Self.isExact(integer) else { throw InexactTree() }
        return .integer(integer)
    }

    // MARK: Filled in by the containers

    func setSingle(_ node: JSONBytesNode) {
        self.kind = .single
        self.single = node
    }

    func becomeObject() {
        guard self.kind != .object else { return }
        self.kind = .object
        self.members = []
        self.members.reserveCapacity(8)
    }

    func becomeArray() {
        guard self.kind != .array else { return }
        self.kind = .array
        self.items = []
    }

    /// Adds a member; a key given twice keeps its last value when written, as the tree's dictionary does.
    func setMember(_ key: String, _ node: JSONBytesNode) {
        self.becomeObject()
        self.members.append((key, node))
    }

    /// A box for a member filled in later.
    func memberBox(_ key: String) -> JSONBytesBox {
        let box = JSONBytesBox()
        self.setMember(key, .box(box))
        return box
    }

    func append(_ node: JSONBytesNode) {
        self.becomeArray()
        self.items.append(node)
    }

    /// A box for an element filled in later.
    func appendBox() -> JSONBytesBox {
        let box = JSONBytesBox()
        self.append(.box(box))
        return box
    }

    var count: Int { self.kind == .array ? self.items.count : 0 }

    /// Writes the container: an empty box is an empty object, as `JSONEncoder` writes a value that
    /// encoded nothing.
    func write(into output: inout [UInt8]) {
        switch self.kind {
        case .empty:
            output.append(contentsOf: "{}".utf8)
        case .single:
            self.single.write(into: &output)
        case .array:
            SortedJSONWriter.writeArray(self.items, into: &output) { $0.write(into: &$1) }
        case .object:
            self.writeMembers(into: &output)
        }
    }

    private func writeMembers(into output: inout [UInt8]) {
        output.append(UInt8(ascii: "{"))
        let members = self.members
        // NB: the members' positions sorted by key, in a buffer on the stack. A key given twice (rare)
        // is found after the sort; then the positions are sorted again with the order given, and of a
        // key given twice the last one is written, as the tree's dictionary keeps it.
        withUnsafeTemporaryAllocation(of: Int.self, capacity: members.count) { buffer in
            var order = buffer
            for index in 0..<members.count { order.initializeElement(at: index, to: index) }
            order.sort { members[$0].key < members[$1].key }
            var twice = false
            for position in order.indices.dropFirst()
            where members[order[position - 1]].key == members[order[position]].key {
                twice = true
                break
            }
            if twice {
                order.sort {
                    let left = members[$0].key
                    let right = members[$1].key
                    return left == right ? $0 < $1 : left < right
                }
            }
            var first = true
            for position in order.indices {
                let member = members[order[position]]
                if twice, position + 1 < order.count, members[order[position + 1]].key == member.key { continue }
                if !first { output.append(UInt8(ascii: ",")) }
                first = false
                JSONText.appendString(member.key, to: &output)
                output.append(UInt8(ascii: ":"))
                member.node.write(into: &output)
            }
        }
        output.append(UInt8(ascii: "}"))
    }
}

/// The `Encoder` behind ``SortedJSONEncoder``; coding paths are kept only for what asks for them (no
/// error here needs one: a number the fast path refuses ends it with ``InexactTree``).
///
/// NB: the same shape as ``JSONTreeEncoder``, over another box. One encoder generic over both boxes
/// measured 7 % more instructions per move in `tcnet bench lobby`: a value reaches its encoder as
/// `any Encoder`, and the generic type's conformance runs unspecialized.
struct JSONBytesEncoder: Encoder {
    let box: JSONBytesBox
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy _: Key.Type) -> KeyedEncodingContainer<Key> {
        self.box.becomeObject()
        return KeyedEncodingContainer(Keyed(box: self.box, codingPath: self.codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        self.box.becomeArray()
        return Unkeyed(box: self.box, codingPath: self.codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        Single(box: self.box, codingPath: self.codingPath)
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let box: JSONBytesBox
        let codingPath: [any CodingKey]

        mutating func encodeNil(forKey key: Key) throws {
            self.box.setMember(key.stringValue, .null)
        }

        mutating func encode(_ value: String, forKey key: Key) throws {
            self.box.setMember(key.stringValue, .string(value))
        }

        mutating func encode(_ value: Bool, forKey key: Key) throws {
            self.box.setMember(key.stringValue, .bool(value))
        }

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            self.box.setMember(key.stringValue, try JSONBytesBox.node(of: value))
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            JSONBytesEncoder(box: self.box.memberBox(key.stringValue), codingPath: self.codingPath + [key])
                .container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            JSONBytesEncoder(box: self.box.memberBox(key.stringValue), codingPath: self.codingPath + [key])
                .unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder {
            JSONBytesEncoder(box: self.box.memberBox("super"), codingPath: self.codingPath)
        }

        mutating func superEncoder(forKey key: Key) -> any Encoder {
            JSONBytesEncoder(box: self.box.memberBox(key.stringValue), codingPath: self.codingPath + [key])
        }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let box: JSONBytesBox
        let codingPath: [any CodingKey]
        var count: Int { self.box.count }

        mutating func encodeNil() throws {
            self.box.append(.null)
        }

        mutating func encode<T: Encodable>(_ value: T) throws {
            self.box.append(try JSONBytesBox.node(of: value))
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
            -> KeyedEncodingContainer<NestedKey>
        {
            JSONBytesEncoder(box: self.box.appendBox(), codingPath: self.codingPath).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            JSONBytesEncoder(box: self.box.appendBox(), codingPath: self.codingPath).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder {
            JSONBytesEncoder(box: self.box.appendBox(), codingPath: self.codingPath)
        }
    }

    struct Single: SingleValueEncodingContainer {
        let box: JSONBytesBox
        let codingPath: [any CodingKey]

        mutating func encodeNil() throws {
            self.box.setSingle(.null)
        }

        mutating func encode<T: Encodable>(_ value: T) throws {
            self.box.setSingle(try JSONBytesBox.node(of: value, checked: true))
        }
    }
}
