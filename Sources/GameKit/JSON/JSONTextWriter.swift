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
        JSONTextWriter.text { self.writeJSON(to: &$0) }
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
    /// Whether ``start`` is memory of the writer's own, which it frees; else it is lent (``text(_:)``).
    private var owned: Bool

    /// A writer with room for `capacity` bytes to begin with (it grows as needed).
    public init(capacity: Int = 512) {
        self.capacity = Swift.max(capacity, 64)
        self.start = .allocate(capacity: self.capacity)
        self.owned = true
    }

    /// A writer that starts in lent memory, which must outlive it; it moves to memory of its own if the
    /// text outgrows it.
    private init(lent scratch: UnsafeMutableBufferPointer<UInt8>) {
        self.start = scratch.baseAddress!
        self.capacity = scratch.count
        self.owned = false
    }

    deinit {
        if self.owned { self.start.deallocate() }
    }

    /// The bytes of a text that `body` writes, in a writer that starts on the stack.
    ///
    /// NB: the host writes a move's events, its state and the `state` message after every move: a writer
    /// of its own memory for each was an allocation, then a larger one as it grew, besides the array its
    /// text is copied into at the end. A thousand bytes on the stack hold most of them (a long sowing's
    /// events and the message that carries them grow once, as before).
    public static func text(_ body: (inout JSONTextWriter) -> Void) -> [UInt8] {
        // NB: at most 1 024 bytes, which Swift places on the stack without checking the thread's room.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.stackBytes) { scratch in
            var json = JSONTextWriter(lent: scratch)
            body(&json)
            return json.bytes
        }
    }

    /// The room a writer of ``text(_:)`` starts with.
    static let stackBytes = 1024

    /// The bytes of a text that `body` writes, in an array of room for `capacity` bytes, written in place
    /// when the text fits (else copied out of the larger memory the writer moved to).
    ///
    /// NB: for a text whose size is known nearly in advance (the `state` message around its state and
    /// events): one allocation and no copy, where a writer of its own memory was two and a copy.
    public static func array(capacity: Int, _ body: (inout JSONTextWriter) -> Void) -> [UInt8] {
        var outgrown: [UInt8]?
        let written = [UInt8](unsafeUninitializedCapacity: Swift.max(capacity, 64)) { buffer, count in
            var json = JSONTextWriter(lent: buffer)
            body(&json)
            if json.owned {
                outgrown = json.bytes
                count = 0
            } else {
                count = json.count
            }
        }
        return outgrown ?? written
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

    /// Starts another text right after the one written, in the same memory: its first value takes no
    /// comma. The texts lie end to end; each starts at the ``byteCount`` read before it is written.
    public mutating func startAnotherText() {
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
        if self.owned { self.start.deallocate() }
        self.start = start
        self.capacity = capacity
        self.owned = true
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
        Self.copy(bytes, to: self.start + self.count)
        self.count += bytes.count
    }

    /// Copies bytes to memory there is room in.
    ///
    /// NB: up to 16 bytes (a key, a name: most of what a move writes) as two overlapping words of 8, 4 or
    /// 1 bytes, inline, where a call to `memcpy` cost more than the copy.
    @inline(__always)
    private static func copy(_ bytes: UnsafeRawBufferPointer, to target: UnsafeMutablePointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        let count = bytes.count
        let target = UnsafeMutableRawPointer(target)
        switch count {
        case 8...16:
            target.storeBytes(of: base.loadUnaligned(as: UInt64.self), as: UInt64.self)
            (target + (count &- 8)).storeBytes(
                of: (base + (count &- 8)).loadUnaligned(as: UInt64.self), as: UInt64.self)
        case 4..<8:
            target.storeBytes(of: base.loadUnaligned(as: UInt32.self), as: UInt32.self)
            (target + (count &- 4)).storeBytes(
                of: (base + (count &- 4)).loadUnaligned(as: UInt32.self), as: UInt32.self)
        case 1..<4:
            target.storeBytes(of: base.load(as: UInt8.self), as: UInt8.self)
            (target + (count &- 1)).storeBytes(of: (base + (count &- 1)).load(as: UInt8.self), as: UInt8.self)
            if count == 3 { (target + 1).storeBytes(of: (base + 1).load(as: UInt8.self), as: UInt8.self) }
        case 0:
            return
        default:
            target.copyMemory(from: base, byteCount: count)
        }
    }

    /// Writes the comma before a value or key, when one is due; there must be room for it.
    @inline(__always)
    private mutating func separate() {
        self.count = self.separated(at: self.count)
    }

    /// Writes the comma due before a value or key at `end`, when one is due (there must be room for it),
    /// and returns where the value or key starts.
    ///
    /// NB: the hot writes below keep their position in a local and store ``count`` once: written through
    /// ``start`` each byte could be any memory, so the count was stored and checked after every byte.
    @inline(__always)
    private mutating func separated(at end: Int) -> Int {
        let comma = !self.afterKey && !self.first
        self.afterKey = false
        self.first = false
        guard comma else { return end }
        self.start[end] = UInt8(ascii: ",")
        return end &+ 1
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
        let end = self.separated(at: self.count)
        self.start[end] = bracket
        self.count = end &+ 1
        self.first = true
    }

    private mutating func close(_ bracket: UInt8) {
        self.reserve(1)
        self.start[self.count] = bracket
        self.count &+= 1
        self.first = false
    }

    /// Writes a member's key; its value comes next.
    ///
    /// NB: keys are the value's own names, written in the code: copied as they are, with no scan for
    /// characters to escape (a key needs none; checked in debug builds).
    @inline(__always)
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

    @inline(__always)
    private mutating func key(_ text: UnsafeRawBufferPointer) {
        assert(!text.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") })
        self.reserve(text.count + 4)
        self.quoted(text, colon: true)
        self.afterKey = true
    }

    /// Writes text that needs no escape between quotes, after the comma due, and a colon after it for a
    /// key; there must be room for it all.
    @inline(__always)
    private mutating func quoted(_ text: UnsafeRawBufferPointer, colon: Bool) {
        let start = self.start
        let opening = self.separated(at: self.count)
        start[opening] = UInt8(ascii: "\"")
        Self.copy(text, to: start + (opening &+ 1))
        var end = opening &+ 1 &+ text.count
        start[end] = UInt8(ascii: "\"")
        end &+= 1
        if colon {
            start[end] = UInt8(ascii: ":")
            end &+= 1
        }
        self.count = end
    }

    /// Writes a string the code spells out, one of a fixed set of names (an event's type, a square's
    /// name, a seat): copied as it is, with no scan for characters to escape (such a name needs none;
    /// checked in debug builds).
    ///
    /// NB: the host writes about thirty such names into a move's events and state; a `String` goes
    /// through its storage and the escape check, several times the work of the copy.
    @inline(__always)
    public mutating func string(_ name: StaticString) {
        name.withUTF8Buffer { text in
            assert(!text.contains(where: JSONText.needsEscape) && name.isASCII)
            self.reserve(text.count + 3)
            self.quoted(UnsafeRawBufferPointer(text), colon: false)
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
        let start = self.start
        let quote = self.separated(at: self.count)
        start[quote] = UInt8(ascii: "\"")
        var end = quote &+ 1
        if text.count > 16 {
            if Self.anyNeedsEscape(text) {
                self.count = quote
                return false
            }
            Self.copy(UnsafeRawBufferPointer(text), to: start + end)
            end &+= text.count
        } else {
            for byte in text {
                guard !JSONText.needsEscape(byte) else {
                    self.count = quote
                    return false
                }
                start[end] = byte
                end &+= 1
            }
        }
        start[end] = UInt8(ascii: "\"")
        self.count = end &+ 1
        return true
    }

    /// Whether any byte of `text` needs an escape (``JSONText/needsEscape(_:)``), eight bytes at a time
    /// (``JSONText/escapedBytes(_:)``): a hash, 64 hex digits in most states and journal rows, takes 8 words.
    private static func anyNeedsEscape(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = text.baseAddress else { return false }
        var index = 0
        while index &+ 8 <= text.count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            if JSONText.escapedBytes(word) != 0 { return true }
            index &+= 8
        }
        return text[index...].contains(where: JSONText.needsEscape)
    }

    public mutating func integer(_ integer: Int) {
        // NB: at most 20 digits and a sign, written from the last digit back.
        self.reserve(22)
        let start = self.start
        var end = self.separated(at: self.count)
        // NB: most of a move's numbers (counts, squares' stones, a turn) have one or two digits.
        if integer >= 0, integer < 100 {
            if integer >= 10 {
                start[end] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: integer / 10)
                end &+= 1
            }
            start[end] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: integer % 10)
            self.count = end &+ 1
            return
        }
        if integer < 0 {
            start[end] = UInt8(ascii: "-")
            end &+= 1
        }
        var magnitude = integer.magnitude
        var digits = 1
        var rest = magnitude / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        var index = end &+ digits
        repeat {
            index -= 1
            start[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
        self.count = end &+ digits
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
