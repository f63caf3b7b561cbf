/// Encodes `Encodable` values as compact JSON text with the keys in the order the value encodes them.
///
/// NB: Foundation's `JSONEncoder` writes object keys in hash order (or sorted), not in the documented
/// order, and GameKit and the rules modules stay free of Foundation. The wire shapes of the games' docs
/// (and the replay output) come from here, so they read the same every time and match the golden tests
/// byte for byte. Strings are escaped by ``JSONText``, as on the wire.
public enum OrderedJSON {
    /// The JSON text of a value, on one line, without spaces.
    /// - Parameter value: any encodable value (floating-point numbers are written with Swift's
    ///   `description`; non-finite ones are refused).
    /// - Returns: the JSON text.
    /// - Throws: `EncodingError` if the value cannot be encoded.
    public static func string(from value: some Encodable) throws -> String {
        let root = JSONSlot()
        try root.store(value, codingPath: [])
        var text = ""
        root.render(into: &text)
        return text
    }
}

/// One place in the JSON tree being built; containers fill it in.
final class JSONSlot {
    enum Content {
        case empty
        case leaf(String)
        case array([JSONSlot])
        case object([(key: String, slot: JSONSlot)])
    }

    var content = Content.empty

    func store(_ value: some Encodable, codingPath: [any CodingKey]) throws {
        switch value {
        case let string as String: content = .leaf(JSONText.quoted(string))
        case let bool as Bool: content = .leaf(bool ? "true" : "false")
        case let integer as any FixedWidthInteger: content = .leaf("\(integer)")
        case let float as Float: try store(Double(float), codingPath: codingPath)
        case let double as Double:
            guard double.isFinite else {
                throw EncodingError.invalidValue(
                    double, .init(codingPath: codingPath, debugDescription: "JSON has no non-finite numbers"))
            }
            content = .leaf(double.description)
        default: try value.encode(to: JSONSlotEncoder(slot: self, codingPath: codingPath))
        }
    }

    func render(into text: inout String) {
        switch content {
        case .empty: text += "null"
        case .leaf(let leaf): text += leaf
        case .array(let items):
            text += "["
            for (index, item) in items.enumerated() {
                if index > 0 { text += "," }
                item.render(into: &text)
            }
            text += "]"
        case .object(let entries):
            text += "{"
            for (index, entry) in entries.enumerated() {
                if index > 0 { text += "," }
                text += JSONText.quoted(entry.key) + ":"
                entry.slot.render(into: &text)
            }
            text += "}"
        }
    }

    /// Appends a fresh slot under `key` of this object (making it one if needed).
    func addEntry(_ key: String) -> JSONSlot {
        let slot = JSONSlot()
        if case .object(var entries) = content {
            entries.append((key, slot))
            content = .object(entries)
        } else {
            content = .object([(key, slot)])
        }
        return slot
    }

    /// Appends a fresh slot to this array (making it one if needed).
    func addItem() -> JSONSlot {
        let slot = JSONSlot()
        if case .array(var items) = content {
            items.append(slot)
            content = .array(items)
        } else {
            content = .array([slot])
        }
        return slot
    }

    var itemCount: Int {
        if case .array(let items) = content { return items.count }
        return 0
    }
}
