import GameKit

/// Writes a ``JSONValue`` as compact JSON text with sorted keys: the bytes `JSONEncoder` writes with
/// `[.sortedKeys, .withoutEscapingSlashes]` for the same tree.
///
/// NB: ``SortedJSONEncoder`` writes the trees a message holds (a game's state and events) with it;
/// tests hold both to `JSONEncoder`'s bytes for every message.
enum SortedJSONWriter {
    /// The JSON text of a tree.
    static func bytes(_ value: JSONValue) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(1024)
        self.write(value, into: &output)
        return output
    }

    static func write(_ value: JSONValue, into output: inout [UInt8]) {
        switch value {
        case .null:
            output.append(contentsOf: "null".utf8)
        case .bool(let flag):
            output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let number):
            // NB: as `JSONValue.encode(to:)`: integers without a fraction; others as JSONEncoder writes a Double.
            if let integer = JSONValue.exactInteger(number) {
                JSONText.appendInteger(integer, to: &output)
            } else {
                var text = number.description
                if text.hasSuffix(".0") { text.removeLast(2) }
                output.append(contentsOf: text.utf8)
            }
        case .string(let string):
            self.write(string: string, into: &output)
        case .array(let items):
            Self.writeArray(items, into: &output) { Self.write($0, into: &$1) }
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            // NB: the members sorted as pairs (no second lookup, and hash, of each key), in a buffer on the
            // stack rather than an array per object.
            withUnsafeTemporaryAllocation(of: (key: String, value: JSONValue).self, capacity: members.count) {
                storage in
                var buffer = storage
                var count = 0
                for member in members {
                    buffer.initializeElement(at: count, to: member)
                    count += 1
                }
                buffer.sort { $0.key < $1.key }
                for index in 0..<count {
                    if index > 0 { output.append(UInt8(ascii: ",")) }
                    self.write(string: buffer[index].key, into: &output)
                    output.append(UInt8(ascii: ":"))
                    self.write(buffer[index].value, into: &output)
                }
                _ = buffer.deinitialize()
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// Writes `[` the elements `]`, separated by commas, each by `element`.
    static func writeArray<Items: Collection>(
        _ items: Items, into output: inout [UInt8], _ element: (Items.Element, inout [UInt8]) -> Void
    ) {
        output.append(UInt8(ascii: "["))
        var first = true
        for item in items {
            if !first { output.append(UInt8(ascii: ",")) }
            first = false
            element(item, &output)
        }
        output.append(UInt8(ascii: "]"))
    }

    private static func write(string: String, into output: inout [UInt8]) {
        JSONText.appendString(string, to: &output)
    }
}
