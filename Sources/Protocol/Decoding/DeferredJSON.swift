import GameKit

/// A game's value in a message (a `state`'s state and events), read from the wire only when asked for.
///
/// A client checks most `state` messages by re-applying the move and comparing hashes, so it never
/// needs the host's copy of the state or the events. `WireCodec.decodeHost` checks them as JSON and
/// keeps their text; ``value`` builds the tree on each call. A value made on this side is kept as it is.
struct DeferredJSON: Sendable, Equatable, Codable {
    private enum Storage: Sendable {
        case value(JSONValue)
        case text(DeferredJSONText)
        /// The host's own text of a value, as the wire writes it (``EncodedJSON``).
        case encoded(EncodedJSON)
    }

    private let storage: Storage

    init(_ value: JSONValue) {
        self.storage = .value(value)
    }

    /// A checked text (``JSONTreeDecoder`` makes these: see ``ParsedJSON/deferred(_:)``).
    init(_ text: DeferredJSONText) {
        self.storage = .text(text)
    }

    /// A value the host wrote once, to splice into every message that carries it.
    init(_ encoded: EncodedJSON) {
        self.storage = .encoded(encoded)
    }

    /// The text to splice into a message as it is, when the value is the host's own.
    var encodedBytes: [UInt8]? {
        if case .encoded(let encoded) = self.storage { return encoded.bytes }
        return nil
    }

    /// The value.
    ///
    /// NB: the decoder checked the text against the strict reading's number rule before keeping it,
    /// so the conversion cannot fail; `null` stands for the impossible failure.
    var value: JSONValue {
        switch self.storage {
        case .value(let value): value
        case .text(let text): (try? text.built.jsonValue(.strict)) ?? .null
        case .encoded(let encoded): encoded.value
        }
    }

    /// The checked text the value was kept as, when it was read from the wire.
    var text: DeferredJSONText? {
        if case .text(let text) = self.storage { return text }
        return nil
    }

    /// Whether the value was kept as text (for tests).
    var isDeferred: Bool {
        if case .text = self.storage { return true }
        return false
    }

    /// Decodes the value as a game's type, straight from its text when it has one.
    func decode<T: Decodable>(as type: T.Type) throws -> T {
        switch self.storage {
        case .value(let value): try value.decode(as: type)
        case .text(let text): try JSONTreeDecoder.decode(type, from: text.built, codingPath: [])
        case .encoded(let encoded): try encoded.value.decode(as: type)
        }
    }

    /// The value as a game's move: when it was kept as text, the move of that text if the game keeps it
    /// (``Game/keptMove(_:)``), else read from it by the game's reader (``JSONTextObjectReader``) when the
    /// game reads its moves itself; otherwise as ``JSONValue/decodeMove(of:)`` reads it.
    func decodeMove<G: Game>(of _: G.Type) throws -> G.Move {
        if let text = self.text {
            if let move = text.bytes.withUnsafeBytes(G.keptMove) { return move }
            if let object = JSONTextObjectReader(text), let move = G.readMove(object) { return move }
        }
        return try self.value.decodeMove(of: G.self)
    }

    static func == (lhs: DeferredJSON, rhs: DeferredJSON) -> Bool {
        // NB: two texts of one writer are equal exactly when their values are (keys sorted, one
        // spelling per number), and a broadcast's copies share one buffer, compared at once.
        if let left = lhs.encodedBytes, let right = rhs.encodedBytes { return left == right }
        return lhs.value == rhs.value
    }

    /// Read by any other decoder (or from a node that was not deferred): as a ``JSONValue``.
    init(from decoder: any Decoder) throws {
        self.storage = .value(try JSONValue(from: decoder))
    }

    func encode(to encoder: any Encoder) throws {
        try self.value.encode(to: encoder)
    }
}

extension DeferredJSON: JSONTextWritable {
    /// The host's or the game's own text as it is; any other value as the wire writes it.
    func writeJSON(to json: inout JSONTextWriter) {
        if let bytes = self.encodedBytes {
            json.raw(bytes)
        } else {
            self.value.writeJSON(to: &json)
        }
    }
}

/// A game's list (a `state`'s events), deferred as ``DeferredJSON`` is; decoding refuses anything but
/// an array, as decoding a `[JSONValue]` does.
struct DeferredJSONList: Sendable, Equatable, Codable {
    let json: DeferredJSON

    init(_ items: [JSONValue]) {
        self.json = DeferredJSON(.array(items))
    }

    init(_ json: DeferredJSON) {
        self.json = json
    }

    /// A list the host wrote once (see ``DeferredJSON/init(_:)-encoded``).
    init(_ encoded: EncodedJSON) {
        self.json = DeferredJSON(encoded)
    }

    /// The items.
    var items: [JSONValue] {
        if case .array(let items) = self.json.value { return items }
        return []
    }

    init(from decoder: any Decoder) throws {
        self.json = DeferredJSON(.array(try [JSONValue](from: decoder)))
    }

    func encode(to encoder: any Encoder) throws {
        try self.json.encode(to: encoder)
    }
}

/// A game's value written once by the host, compact with its keys sorted: the bytes
/// `WireCodec.payload` writes for it inside a message, which every message that carries it splices
/// in as they are.
///
/// NB: a state goes to every player and spectator of a table after each move; written once here, it
/// is not built into a `JSONValue` tree and written again for each message.
public struct EncodedJSON: Sendable, Equatable, Encodable {
    /// The text.
    public let bytes: [UInt8]

    /// Writes a value.
    ///
    /// NB: `SortedJSONEncoder` writes what ``SortedJSONWriter`` writes for the value's tree; a value it
    /// does not take (a floating-point number) is written from its tree, as a message holding the tree
    /// would write it.
    public init(encoding value: some Encodable) {
        if let writable = value as? any JSONTextWritable {
            // NB: a game's events and state, written by the game itself: no `Encoder` in between.
            self.bytes = writable.jsonText
        } else if let bytes = try? SortedJSONEncoder.bytes(of: value) {
            self.bytes = bytes
        } else {
            self.bytes = SortedJSONWriter.bytes(JSONValue.encoding(value))
        }
    }

    /// Text this type writes, written already (``move(_:of:)``).
    init(written bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Encodes the value (what any encoder but `WireCodec.payload`'s own gets).
    public func encode(to encoder: any Encoder) throws {
        try self.value.encode(to: encoder)
    }

    /// The value, read back from the text (for checks; the host sends the text).
    public var value: JSONValue {
        // NB: this type's own text: reading it cannot fail; `null` stands for the impossible failure.
        guard case .success(let parsed) = ParsedJSON.parse(self.bytes) else { return .null }
        return (try? parsed.jsonValue(.strict)) ?? .null
    }

    /// `null`, written.
    public static let null = EncodedJSON(encoding: JSONValue.null)

    /// Decodes the value as `type` (see ``JSONValue/decode(as:)``).
    public func decode<T: Decodable>(as type: T.Type) throws -> T {
        try self.value.decode(as: type)
    }
}

extension EncodedJSON: Decodable {
    /// Reads any JSON value, and writes it as this type writes one (compact, keys sorted): a record that
    /// keeps a written value (``MatchArchive``) reads it back from the journal.
    public init(from decoder: any Decoder) throws {
        self.init(encoding: try JSONValue(from: decoder))
    }
}

extension EncodedJSON: JSONTextWritable {
    /// The text as it is: a record that holds written values (``MatchArchive``) writes them without a tree.
    public func writeJSON(to json: inout JSONTextWriter) {
        json.raw(self.bytes)
    }
}
