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
///
/// NB: the text grows in memory of the writer's own, not in an array: the host writes a move's events,
/// the state and the `state` messages after every move, a few hundred small pieces, and an array's
/// `append` checks that its storage is unique and large enough for each of them. Each piece here checks
/// the room once and copies its bytes; ``bytes`` copies the text out at the end. Not copyable, so the
/// memory has one owner, which frees it.
public struct JSONTextWriter: ~Copyable {
    /// The text's first byte.
    private var start: UnsafeMutablePointer<UInt8>
    /// The bytes written.
    private var count = 0
    /// The bytes there is room for.
    private var capacity: Int
    /// Whether the container being written holds no value yet.
    private var first = true
    /// Whether a key was just written (its value takes no comma).
    private var afterKey = false

    /// A writer with room for `capacity` bytes to begin with (it grows as needed).
    public init(capacity: Int = 512) {
        self.capacity = Swift.max(capacity, 64)
        self.start = .allocate(capacity: self.capacity)
    }

    deinit {
        self.start.deallocate()
    }

    /// The text so far.
    public var bytes: [UInt8] {
        [UInt8](UnsafeBufferPointer(start: self.start, count: self.count))
    }

    /// How many bytes the text holds so far: where the next piece will start.
    public var byteCount: Int { self.count }

    /// Hands the text so far to `body`, without copying it out.
    public func withBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: self.start, count: self.count))
    }

    /// Forgets the text, keeping its memory for the next one.
    public mutating func removeAll() {
        self.count = 0
        self.first = true
        self.afterKey = false
    }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        if self.count + extra > self.capacity { self.grow(to: self.count + extra) }
    }

    private mutating func grow(to needed: Int) {
        let capacity = Swift.max(needed, 2 * self.capacity)
        let start = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        start.initialize(from: self.start, count: self.count)
        self.start.deallocate()
        self.start = start
        self.capacity = capacity
    }

    /// Appends a byte there is room for.
    @inline(__always)
    private mutating func put(_ byte: UInt8) {
        self.start[self.count] = byte
        self.count += 1
    }

    /// Appends bytes there is room for.
    @inline(__always)
    private mutating func put(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        (self.start + self.count).initialize(from: base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        self.count += bytes.count
    }

    /// Writes the comma before a value or key, when one is due; there must be room for it.
    @inline(__always)
    private mutating func separate() {
        if self.afterKey {
            self.afterKey = false
        } else if !self.first {
            self.put(UInt8(ascii: ","))
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
        self.reserve(2)
        self.separate()
        self.put(bracket)
        self.first = true
    }

    private mutating func close(_ bracket: UInt8) {
        self.reserve(1)
        self.put(bracket)
        self.first = false
    }

    /// Writes a member's key; its value comes next.
    ///
    /// NB: keys are the value's own names, written in the code: copied as they are, with no scan for
    /// characters to escape (a key needs none; checked in debug builds).
    public mutating func key(_ key: StaticString) {
        key.withUTF8Buffer { self.key(UnsafeRawBufferPointer($0)) }
    }

    /// Writes a member's key that is data, not code (a name a game gives at run time), escaped as a
    /// string is; its value comes next.
    public mutating func key(_ key: String) {
        self.string(key)
        self.reserve(1)
        self.put(UInt8(ascii: ":"))
        self.afterKey = true
    }

    private mutating func key(_ text: UnsafeRawBufferPointer) {
        assert(!text.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") })
        self.reserve(text.count + 4)
        self.separate()
        self.put(UInt8(ascii: "\""))
        self.put(text)
        self.put(UInt8(ascii: "\""))
        self.put(UInt8(ascii: ":"))
        self.afterKey = true
    }

    /// Writes a string the code spells out, one of a fixed set of names (an event's type, a square's
    /// name, a seat): copied as it is, with no scan for characters to escape (such a name needs none;
    /// checked in debug builds).
    ///
    /// NB: the host writes about thirty such names into a move's events and state; a `String` goes
    /// through its storage and the escape check, several times the work of the copy.
    public mutating func string(_ name: StaticString) {
        name.withUTF8Buffer { text in
            assert(!text.contains(where: JSONText.needsEscape) && name.isASCII)
            self.reserve(text.count + 3)
            self.separate()
            self.put(UInt8(ascii: "\""))
            self.put(UnsafeRawBufferPointer(text))
            self.put(UInt8(ascii: "\""))
        }
    }

    public mutating func string(_ string: String) {
        // NB: a native string's bytes are contiguous. A short one (a square's name, an event's type, a
        // seat: most of them) is checked and copied in one pass; a longer one (a hash) is checked, then
        // copied at once. The first byte that needs an escape takes the text back to before the string,
        // and `JSONText`, which decides every escape, writes it instead. Read where it is (a string whose
        // bytes are elsewhere, bridged, is copied first: `withUTF8` on a copy retained every string).
        let plain =
            string.utf8.withContiguousStorageIfAvailable { self.plainString($0) }
            ?? {
                var copy = string
                return copy.withUTF8 { self.plainString($0) }
            }()
        if plain { return }
        var escaped: [UInt8] = []
        JSONText.appendString(string, to: &escaped)
        self.reserve(escaped.count)
        escaped.withUnsafeBytes { self.put($0) }
    }

    /// Writes a string's bytes quoted when none needs an escape; else writes nothing and returns `false`.
    @inline(__always)
    private mutating func plainString(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        self.reserve(text.count + 3)
        self.separate()
        let quote = self.count
        self.put(UInt8(ascii: "\""))
        if text.count > 16 {
            if text.contains(where: JSONText.needsEscape) {
                self.count = quote
                return false
            }
            self.put(UnsafeRawBufferPointer(text))
        } else {
            for byte in text {
                guard !JSONText.needsEscape(byte) else {
                    self.count = quote
                    return false
                }
                self.put(byte)
            }
        }
        self.put(UInt8(ascii: "\""))
        return true
    }

    public mutating func integer(_ integer: Int) {
        // NB: at most 20 digits and a sign, written from the last digit back.
        self.reserve(22)
        self.separate()
        if integer < 0 { self.put(UInt8(ascii: "-")) }
        var magnitude = integer.magnitude
        var digits = 1
        var rest = magnitude / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        var index = self.count + digits
        repeat {
            index -= 1
            self.start[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
        self.count += digits
    }

    public mutating func bool(_ flag: Bool) {
        self.literal(flag ? "true" : "false")
    }

    public mutating func null() {
        self.literal("null")
    }

    private mutating func literal(_ text: StaticString) {
        text.withUTF8Buffer { text in
            self.reserve(text.count + 1)
            self.separate()
            self.put(UnsafeRawBufferPointer(text))
        }
    }

    /// Writes a value's text as it is: text this writer, or the wire's, wrote already.
    public mutating func raw(_ text: [UInt8]) {
        self.reserve(text.count + 1)
        self.separate()
        text.withUnsafeBytes { self.put($0) }
    }

    /// Writes a member: its key, then a string.
    public mutating func member(_ key: StaticString, _ value: String) {
        self.key(key)
        self.string(value)
    }

    /// Writes a member: its key, then a name the code spells out (``string(_:)-(StaticString)``).
    public mutating func member(_ key: StaticString, _ name: StaticString) {
        self.key(key)
        self.string(name)
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

    /// Writes a flat object's member (``FlatJSONObject/jsonMembers``): its key, then its scalar.
    public mutating func member(_ key: String, _ value: JSONScalar) {
        self.key(key)
        switch value {
        case .integer(let number): self.integer(number)
        case .string(let text): self.string(text)
        case .bool(let flag): self.bool(flag)
        }
    }
}
