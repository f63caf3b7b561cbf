/// A game's value in a message (a `state`'s state and events), read from the wire only when asked for.
///
/// A client checks most `state` messages by re-applying the move and comparing hashes, so it never
/// needs the host's copy of the state or the events. `WireCodec.decodeHost` checks them as JSON and
/// keeps their text; ``value`` builds the tree on each call. A value made on this side is kept as it is.
struct DeferredJSON: Sendable, Equatable, Codable {
    private enum Storage: Sendable {
        case value(JSONValue)
        case text(DeferredJSONText)
    }

    private let storage: Storage

    init(_ value: JSONValue) {
        self.storage = .value(value)
    }

    /// A checked text (``JSONTreeDecoder`` makes these: see ``ParsedJSON/deferred(_:)``).
    init(_ text: DeferredJSONText) {
        self.storage = .text(text)
    }

    /// The value.
    ///
    /// NB: the decoder checked the text against the strict reading's number rule before keeping it,
    /// so the conversion cannot fail; `null` stands for the impossible failure.
    var value: JSONValue {
        switch self.storage {
        case .value(let value): value
        case .text(let text): (try? text.built.jsonValue(.strict)) ?? .null
        }
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
        }
    }

    static func == (lhs: DeferredJSON, rhs: DeferredJSON) -> Bool {
        lhs.value == rhs.value
    }

    /// Read by any other decoder (or from a node that was not deferred): as a ``JSONValue``.
    init(from decoder: any Decoder) throws {
        self.storage = .value(try JSONValue(from: decoder))
    }

    func encode(to encoder: any Encoder) throws {
        try self.value.encode(to: encoder)
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
