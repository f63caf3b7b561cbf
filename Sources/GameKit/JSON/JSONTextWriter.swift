/// A value that writes its own JSON text: the bytes the wire writes for its `Encodable` form, compact
/// with every object's members sorted by key.
///
/// NB: optional. A game adopts it for what the host writes after every move, its events and its state,
/// where going through `Encodable` costs more than the rules; the host then writes those values with
/// ``writeJSON(to:)`` instead (docs/GAMES.md, "Writing JSON fast"). The two must agree byte for byte,
/// which a game's tests check over played games.
public protocol JSONTextWritable: Encodable {
    /// Writes the value, members sorted by key.
    func writeJSON(to json: inout JSONTextWriter)
}

extension JSONTextWritable {
    /// The value's text.
    public var jsonText: [UInt8] {
        var json = JSONTextWriter()
        self.writeJSON(to: &json)
        return json.bytes
    }
}

extension Array: JSONTextWritable where Element: JSONTextWritable {
    public func writeJSON(to json: inout JSONTextWriter) {
        json.beginArray()
        for element in self { element.writeJSON(to: &json) }
        json.endArray()
    }
}

extension Int: JSONTextWritable {
    public func writeJSON(to json: inout JSONTextWriter) {
        json.integer(self)
    }
}

extension String: JSONTextWritable {
    public func writeJSON(to json: inout JSONTextWriter) {
        json.string(self)
    }
}

extension Bool: JSONTextWritable {
    public func writeJSON(to json: inout JSONTextWriter) {
        json.bool(self)
    }
}

/// Writes compact JSON text, value by value, into bytes; the caller writes each object's members in the
/// order of their keys.
///
/// NB: commas are the writer's: a value (or a key) written after another in the same container gets one.
public struct JSONTextWriter {
    /// The text so far.
    public private(set) var bytes: [UInt8]
    /// Whether the container being written holds no value yet.
    private var first = true
    /// Whether a key was just written (its value takes no comma).
    private var afterKey = false

    /// A writer with room for `capacity` bytes.
    public init(capacity: Int = 512) {
        self.bytes = []
        self.bytes.reserveCapacity(capacity)
    }

    @inline(__always)
    private mutating func separate() {
        if self.afterKey {
            self.afterKey = false
        } else if !self.first {
            self.bytes.append(UInt8(ascii: ","))
        }
        self.first = false
    }

    /// Writes `{`; the members follow as ``key(_:)`` and a value each.
    public mutating func beginObject() {
        self.open(UInt8(ascii: "{"))
    }

    /// Writes `}`.
    public mutating func endObject() {
        self.close(UInt8(ascii: "}"))
    }

    /// Writes `[`; the elements follow, a value each.
    public mutating func beginArray() {
        self.open(UInt8(ascii: "["))
    }

    /// Writes `]`.
    public mutating func endArray() {
        self.close(UInt8(ascii: "]"))
    }

    private mutating func open(_ bracket: UInt8) {
        self.separate()
        self.bytes.append(bracket)
        self.first = true
    }

    private mutating func close(_ bracket: UInt8) {
        self.bytes.append(bracket)
        self.first = false
    }

    /// Writes a member's key; its value comes next.
    ///
    /// NB: keys are the value's own names, written in the code: copied as they are, with no scan for
    /// characters to escape (a key needs none; checked in debug builds).
    public mutating func key(_ key: StaticString) {
        self.separate()
        self.bytes.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { text in
            assert(!text.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") })
            self.bytes.append(contentsOf: text)
        }
        self.bytes.append(UInt8(ascii: "\""))
        self.bytes.append(UInt8(ascii: ":"))
        self.afterKey = true
    }

    public mutating func string(_ string: String) {
        self.separate()
        JSONText.appendString(string, to: &self.bytes)
    }

    public mutating func integer(_ integer: Int) {
        self.separate()
        JSONText.appendInteger(Int64(integer), to: &self.bytes)
    }

    public mutating func bool(_ flag: Bool) {
        self.separate()
        self.bytes.append(contentsOf: (flag ? "true" : "false").utf8)
    }

    public mutating func null() {
        self.separate()
        self.bytes.append(contentsOf: "null".utf8)
    }

    /// Writes a value's text as it is: text this writer, or the wire's, wrote already.
    public mutating func raw(_ text: [UInt8]) {
        self.separate()
        self.bytes.append(contentsOf: text)
    }

    /// Writes a member: its key, then a string.
    public mutating func member(_ key: StaticString, _ value: String) {
        self.key(key)
        self.string(value)
    }

    /// Writes a member: its key, then an integer.
    public mutating func member(_ key: StaticString, _ value: Int) {
        self.key(key)
        self.integer(value)
    }

    /// Writes a member: its key, then a value that writes itself.
    public mutating func member(_ key: StaticString, _ value: some JSONTextWritable) {
        self.key(key)
        value.writeJSON(to: &self)
    }
}
