import Foundation
import GameKit

/// Any JSON value, for the members whose shape belongs to a game rather than to the protocol:
/// a game's move, state and events travel as `JSONValue` and are decoded by the game's module.
public enum JSONValue: Sendable, Hashable, Codable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        // NB: each failed attempt costs a thrown DecodingError with its coding path, so the common
        // leaves (numbers, then strings) are tried first. JSON's kinds do not overlap (JSONDecoder
        // reads no Bool from a number nor a number from a Bool), so the order does not change the tree.
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value):
            // NB: integers print without a fraction, as every JSON library expects them.
            if let integer = Self.exactInteger(value) {
                try container.encode(integer)
            } else {
                try container.encode(value)
            }
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    public var description: String {
        String(decoding: WireCodec.payload(self), as: UTF8.self)
    }
}

extension JSONValue {
    /// A number as the integer it is, when it is whole and a Double holds it exactly (below 2^53 in
    /// magnitude): such a number is written, and read back, as an integer; `nil` for any other.
    static func exactInteger(_ number: Double) -> Int64? {
        number == number.rounded() && abs(number) < 0x1p53 ? Int64(number) : nil
    }

    /// Converts any Encodable value to a JSON tree.
    /// - Parameter value: the value to convert.
    /// - Returns: its JSON form.
    public static func encoding(_ value: some Encodable) -> JSONValue {
        if let flat = value as? any FlatJSONObject {
            // NB: a move, written without an Encoder (GameKit's FlatJSONObject).
            return .object(Self.tree(flat.jsonMembers))
        }
        return Self.encoded(value)
    }

    /// The value through `Encodable`.
    private static func encoded(_ value: some Encodable) -> JSONValue {
        do {
            return try JSONValueEncoder.tree(of: value)
        } catch {
            // NB: as in `WireCodec.payload`: our values hold no non-finite numbers; failing is a programming error.
            preconditionFailure("encoding \(type(of: value)) failed: \(error)")
        }
    }

    /// The tree `JSONDecoder` reads from `JSONEncoder`'s text of a value: what ``encoding(_:)`` builds
    /// directly, and its reference in tests.
    static func textRoundTrip(_ value: some Encodable) -> JSONValue {
        let bytes = WireCodec.payload(value)
        return (try? JSONDecoder().decode(JSONValue.self, from: Data(bytes))) ?? .null
    }

    /// Decodes a JSON tree as a Decodable value.
    /// - Parameter type: the type to decode.
    /// - Returns: the value.
    /// - Throws: the decoding error, when the tree does not have the type's shape.
    public func decode<T: Decodable>(as type: T.Type) throws -> T {
        if case .object(let members) = self, let flat = type as? any FlatJSONObject.Type,
            let value = flat.init(readingObject: JSONValueObjectReader(members)) as? T
        {
            // NB: a move, read without a Decoder; anything its reader leaves goes on to Decodable.
            return value
        }
        return try self.decoded(as: type)
    }

    /// A game's move, read by the game's own reader when it has one (``Game/readMove(_:)``), else as
    /// ``decode(as:)`` reads it.
    ///
    /// NB: the referee reads every move, and every client's mirror every move it is sent: the game knows
    /// at compile time whether its move reads itself, so nothing is looked up per move.
    public func decodeMove<G: Game>(of game: G.Type) throws -> G.Move {
        if case .object(let members) = self, let move = G.readMove(JSONValueObjectReader(members)) {
            return move
        }
        return try self.decoded(as: G.Move.self)
    }

    /// A game's move as a tree, written by the game's own writer when it has one (``Game/moveMembers(_:)``),
    /// else through `Encodable`, as ``encoding(_:)`` writes it.
    public static func encodingMove<G: Game>(_ move: G.Move, of game: G.Type) -> JSONValue {
        if let members = G.moveMembers(move) { return .object(Self.tree(members)) }
        return Self.encoded(move)
    }

    /// The value through `Decodable`.
    private func decoded<T: Decodable>(as type: T.Type) throws -> T {
        if let value = try? JSONTreeDecoder.decode(type, from: ParsedJSON(self), codingPath: []) {
            return value
        }
        return try JSONDecoder().decode(T.self, from: Data(WireCodec.payload(self)))
    }

    /// A flat object's members as a JSON object.
    fileprivate static func tree(_ members: [(key: String, value: JSONScalar)]) -> [String: JSONValue] {
        var tree: [String: JSONValue] = [:]
        tree.reserveCapacity(members.count)
        for (key, scalar) in members {
            switch scalar {
            case .integer(let number): tree[key] = .number(Double(number))
            case .string(let text): tree[key] = .string(text)
            case .bool(let flag): tree[key] = .bool(flag)
            }
        }
        return tree
    }
}

extension EncodedJSON {
    /// A game's move written as the wire writes ``JSONValue/encodingMove(_:of:)``'s tree: from the game's
    /// own members when it has them (``Game/moveMembers(_:)``), with no tree in between; else from the tree.
    ///
    /// NB: the host writes each move once, into the journal's record and into the `last` of every `state`
    /// that reports it; the tree, built and then written twice, cost about 7 000 instructions a move.
    public static func move<G: Game>(_ move: G.Move, of game: G.Type) -> EncodedJSON {
        if let bytes = G.moveText(move) { return EncodedJSON(written: bytes) }
        if let members = G.moveMembers(move), let bytes = Self.object(members) { return EncodedJSON(written: bytes) }
        return EncodedJSON(encoding: JSONValue.encodingMove(move, of: G.self))
    }

    /// A game's state written as ``EncodedJSON/init(encoding:)`` writes it: by the state itself when it
    /// writes itself (``Game/stateText(_:)``, chosen when the game conforms), else through `Encodable`.
    public static func state<G: Game>(_ state: G.State, of game: G.Type) -> EncodedJSON {
        if let bytes = G.stateText(state) { return EncodedJSON(written: bytes) }
        return EncodedJSON(encoding: state)
    }

    /// A list of a game's events written as ``EncodedJSON/init(encoding:)`` writes it, as ``state(_:of:)``
    /// writes a state (``Game/eventsText(_:)``).
    public static func events<G: Game>(_ events: [G.Event], of game: G.Type) -> EncodedJSON {
        if let bytes = G.eventsText(events) { return EncodedJSON(written: bytes) }
        return EncodedJSON(encoding: events)
    }

    /// A flat object's text, members sorted by key as ``SortedJSONWriter`` sorts them; `nil` when a name
    /// repeats or an integer is beyond 2^53 (the tree keeps it as a `Double`), which the tree then writes.
    static func object(_ members: [(key: String, value: JSONScalar)]) -> [UInt8]? {
        // NB: a game's members mostly come in the order of their names already: sorted only when not.
        let inOrder = members.indices.dropFirst().allSatisfy { members[$0 - 1].key < members[$0].key }
        let sorted = inOrder ? members : members.sorted { $0.key < $1.key }
        var json = JSONTextWriter(capacity: 64)
        json.beginObject()
        for (index, member) in sorted.enumerated() {
            guard index == 0 || member.key != sorted[index - 1].key else { return nil }
            if case .integer(let number) = member.value, JSONValue.exactInteger(Double(number)) != Int64(number) {
                return nil
            }
            json.member(member.key, member.value)
        }
        json.endObject()
        return json.bytes
    }
}

/// A ``JSONValue`` object as a ``FlatJSONObject`` reads it.
public struct JSONValueObjectReader: JSONObjectReader {
    let members: [String: JSONValue]

    /// A reader of an object's members.
    public init(_ members: [String: JSONValue]) {
        self.members = members
    }

    public var memberCount: Int { self.members.count }

    public func integer(_ key: String) -> Int? {
        // NB: what `Decodable` reads as an `Int` from a JSONValue (`ParsedJSON.init(_:)`).
        guard case .number(let number)? = self.members[key] else { return nil }
        return JSONValue.exactInteger(number).map { Int($0) }
    }

    public func string(_ key: String) -> String? {
        if case .string(let text)? = self.members[key] { text } else { nil }
    }

    public func bool(_ key: String) -> Bool? {
        if case .bool(let flag)? = self.members[key] { flag } else { nil }
    }
}

extension JSONValue {
    /// The elements, when this is an array; otherwise none.
    public var arrayValue: [JSONValue] {
        if case .array(let elements) = self { return elements }
        return []
    }
}

extension JSONValue: JSONTextWritable {
    /// Writes the value as the wire does (``SortedJSONWriter``).
    public func writeJSON(to json: inout JSONTextWriter) {
        json.raw(SortedJSONWriter.bytes(self))
    }
}
