import GameKit

/// The RFC 8259 parser behind ``ParsedJSON/parse(_:)``: it accepts exactly the JSON texts of the RFC,
/// within the limits its section 9 allows and docs/PROTOCOL.md section 4 lists (nesting depth, the
/// range of numbers, strings that are Unicode text). Every method returns `nil` after recording why
/// in ``failure``.
///
/// NB: outside strings every byte the grammar allows is ASCII, so a non-ASCII byte there is a syntax
/// error; inside strings each byte from 0x80 up starts a sequence checked as UTF-8 (RFC 3629). A text
/// the parser takes is therefore UTF-8 throughout, and a caller need not check it first (one that
/// refuses a text tells a text that is not UTF-8 from one that is not JSON by checking after a refusal).
struct JSONParser {
    /// The most arrays and objects nested in one another, the outermost counted.
    static let maxNesting = 64

    let bytes: UnsafeBufferPointer<UInt8>
    private(set) var index = 0
    private(set) var failure: JSONSyntaxError?
    /// The text again, when the top-level object's container members are to be checked but not built:
    /// each becomes a ``ParsedJSON/deferred(_:)`` slice of it.
    private let source: [UInt8]?
    /// Whether a number since the last deferred member began is whole but not written as an integer.
    private var wroteWholeAsFraction = false

    /// - Parameters:
    ///   - bytes: the text.
    ///   - source: the same text as an array, to defer the top-level object's objects and arrays.
    init(bytes: UnsafeBufferPointer<UInt8>, deferring source: [UInt8]? = nil) {
        self.bytes = bytes
        self.source = source
    }

    /// The whole text: one value between optional white space.
    mutating func document() -> ParsedJSON? {
        self.whole { $0.value(depth: 0) }
    }

    /// A whole text: no byte-order mark, one value as `read` reads it, then nothing but white space.
    private mutating func whole<T>(_ read: (inout JSONParser) -> T?) -> T? {
        if self.bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            _ = self.fail(.byteOrderMark)
            return nil
        }
        guard let value = read(&self) else { return nil }
        self.skipWhitespace()
        guard self.index == self.bytes.count else {
            _ = self.fail(.textAfterValue)
            return nil
        }
        return value
    }

    /// Reads a whole text that is one object member by member, as it parses it (``readMembers(depth:_:)``);
    /// `false` when the text is not such an object, or `read` returned `false`: the caller then reads the
    /// text as any other.
    ///
    /// NB: a client reads a `state` after every move; this spares it a list of members to build and go
    /// through again, and a small member read twice (`last`).
    mutating func readObject(_ read: (inout JSONParser, UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        self.whole { parser -> Bool? in
            parser.skipWhitespace()
            return parser.readMembers(depth: 1, read) ? true : nil
        } != nil
    }

    /// Reads a whole payload that is one object member by member as it is parsed (``readObject(_:)``),
    /// the top-level object's objects and arrays kept as checked text when `deferring`.
    static func readObject(
        of payload: [UInt8], deferring: Bool = false, _ read: (inout JSONParser, UnsafeBufferPointer<UInt8>) -> Bool
    ) -> Bool {
        payload.withUnsafeBufferPointer { bytes in
            var parser = JSONParser(bytes: bytes, deferring: deferring ? payload : nil)
            return parser.readObject(read)
        }
    }

    /// Reads the object at the parser member by member, as ``members(depth:)`` would at `depth`:
    /// `read` gets each member's name (its bytes) with the parser at the member's value, and takes the
    /// value (``memberValue()``, ``strictValue(depth:)``, or this again) or returns `false`. `false` when
    /// there is no such object here, a name holds an escape, or `read` returned `false`.
    mutating func readMembers(depth: Int, _ read: (inout JSONParser, UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        guard depth <= Self.maxNesting, self.peek(UInt8(ascii: "{")) else { return false }
        if self.opensEmpty(closer: UInt8(ascii: "}")) { return true }
        while true {
            self.skipWhitespace()
            guard let name = self.plainStringBytes() else { return false }
            self.skipWhitespace()
            guard self.peek(UInt8(ascii: ":")) else { return false }
            self.index += 1
            self.skipWhitespace()
            guard read(&self, name), let ends = self.endsAfterItem(closer: UInt8(ascii: "}")) else { return false }
            if ends { return true }
        }
    }

    /// Reads the array at the parser item by item, as ``array(depth:)`` would nested in an object at
    /// `depth`: `read` takes each item at the parser or returns `false`. `false` when there is no such
    /// array here, or `read` returned `false`.
    mutating func readItems(depth: Int, _ read: (inout JSONParser) -> Bool) -> Bool {
        guard depth + 1 <= Self.maxNesting, self.peek(UInt8(ascii: "[")) else { return false }
        if self.opensEmpty(closer: UInt8(ascii: "]")) { return true }
        while true {
            self.skipWhitespace()
            guard read(&self), let ends = self.endsAfterItem(closer: UInt8(ascii: "]")) else { return false }
            if ends { return true }
        }
    }

    /// An array whose every item `read` takes; `nil` when an item is refused or the array is not one.
    mutating func readList<Item>(depth: Int, _ read: (inout JSONParser) -> Item?) -> [Item]? {
        var items: [Item] = []
        let whole = self.readItems(depth: depth) { parser in
            guard let item = read(&parser) else { return false }
            items.append(item)
            return true
        }
        return whole ? items : nil
    }

    /// Steps past a container's opening bracket and the white space after it; `true` when the container
    /// ends right there (its closing bracket taken too).
    private mutating func opensEmpty(closer: UInt8) -> Bool {
        self.index += 1
        self.skipWhitespace()
        guard self.peek(closer) else { return false }
        self.index += 1
        return true
    }

    /// After a member or an item of a container read by ``readMembers(depth:_:)`` or
    /// ``strictValue(depth:)``: steps past the comma (`false`) or the closing bracket (`true`); `nil`
    /// for anything else.
    private mutating func endsAfterItem(closer: UInt8) -> Bool? {
        self.skipWhitespace()
        guard self.index < self.bytes.count else { return nil }
        let byte = self.bytes[self.index]
        guard byte == UInt8(ascii: ",") || byte == closer else { return nil }
        self.index += 1
        return byte == closer
    }

    /// The value of a member of the top-level object, as ``document()`` reads it: an object or an array
    /// kept as checked text when the parser defers them.
    mutating func memberValue() -> ParsedJSON? {
        self.value(depth: 1)
    }

    /// Whether the value at the parser opens an object or an array: a reader that takes only a plain value
    /// there gives up at once, before the container's text is checked.
    mutating func valueIsContainer() -> Bool {
        self.skipWhitespace()
        return self.peek(UInt8(ascii: "{")) || self.peek(UInt8(ascii: "["))
    }

    /// A game's value at the parser (a move), nested as in an object at `depth`: an object or an array
    /// checked and kept as text when the parser defers (``init(bytes:deferring:)``), which the game then
    /// reads itself, any other value built at once (``strictValue(depth:)``). `nil` for a text the
    /// parser refuses, a parser that does not defer a container, or a whole number not written as an
    /// integer (PROTOCOL.md M-8): the caller leaves those to the general reading.
    mutating func gameValue(depth: Int) -> DeferredJSON? {
        self.skipWhitespace()
        guard self.peek(UInt8(ascii: "{")) || self.peek(UInt8(ascii: "[")) else {
            return self.strictValue(depth: depth).map { DeferredJSON($0) }
        }
        guard self.source != nil, case .deferred(let text)? = self.deferred(depth: depth + 1),
            !text.wroteWholeAsFraction
        else { return nil }
        return DeferredJSON(text)
    }

    /// The value at the parser built at once as the strict reading builds it (``ParsedJSON/jsonValue(_:)``),
    /// nested as in an object at `depth`; `nil` for a text the parser refuses, a name with an escape, or
    /// a whole number not written as an integer (PROTOCOL.md M-8), which the caller leaves to the general
    /// reading.
    mutating func strictValue(depth: Int) -> JSONValue? {
        self.skipWhitespace()
        guard self.index < self.bytes.count else { return nil }
        switch self.bytes[self.index] {
        case UInt8(ascii: "{"):
            // NB: room for a few members at once: a move has two or three, for which an empty dictionary
            // was resized twice.
            var members = [String: JSONValue](minimumCapacity: 4)
            let read = self.readMembers(depth: depth + 1) { parser, name in
                guard let value = parser.strictValue(depth: depth + 1) else { return false }
                members[String(decoding: name, as: UTF8.self)] = value
                return true
            }
            return read ? .object(members) : nil
        case UInt8(ascii: "["):
            var items: [JSONValue] = []
            let read = self.readItems(depth: depth) { parser in
                guard let item = parser.strictValue(depth: depth + 1) else { return false }
                items.append(item)
                return true
            }
            return read ? .array(items) : nil
        default:
            switch self.value(depth: depth) {
            case .null?: return .null
            case .bool(let flag)?: return .bool(flag)
            case .string(let text)?: return .string(text)
            case .integer(let integer)?: return .number(Double(integer))
            case .number(let number)?: return JSONValue.exactInteger(number) == nil ? .number(number) : nil
            default: return nil
            }
        }
    }

    private mutating func skipWhitespace() {
        // NB: the position in a local: the loops that scan bytes keep it in a register, not in `self`.
        var index = self.index
        while index < self.bytes.count {
            switch self.bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default:
                self.index = index
                return
            }
        }
        self.index = index
    }

    /// The length of the run of plain string bytes from `index`: printable ASCII other than the quote
    /// and the backslash, which need no check beyond their value.
    ///
    /// NB: eight bytes at a time while eight are left (``firstSpecialByte(_:)``), then one by one: a
    /// client checks every string of every `state` it reads, mostly names of a few letters.
    @inline(__always)
    func plainRun(from index: Int) -> Int {
        var end = index
        if let base = self.bytes.baseAddress {
            while end + 8 <= self.bytes.count {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + end).loadUnaligned(as: UInt64.self))
                if let special = Self.firstSpecialByte(word) { return end + special - index }
                end += 8
            }
        }
        while end < self.bytes.count {
            let byte = self.bytes[end]
            guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") else { break }
            end += 1
        }
        return end - index
    }

    /// The position (0 to 7) of the first byte of `word` (its bytes in memory order) that is not plain in
    /// a string: below 0x20, from 0x80 up, the quote or the backslash; `nil` when every byte is plain.
    ///
    /// NB: the bytes a writer escapes (``JSONText/escapedBytes(_:)``), and those with their top bit set.
    @inline(__always)
    static func firstSpecialByte(_ word: UInt64) -> Int? {
        let special = JSONText.escapedBytes(word) | (word & 0x8080_8080_8080_8080)
        return special == 0 ? nil : special.trailingZeroBitCount / 8
    }

    private mutating func fail(_ reason: JSONSyntaxError.Reason) -> ParsedJSON? {
        self.failure = JSONSyntaxError(reason: reason, offset: self.index)
        return nil
    }

    private func peek(_ byte: UInt8) -> Bool {
        self.index < self.bytes.count && self.bytes[self.index] == byte
    }

    private func peekDigit() -> Bool {
        // NB: one unsigned comparison: a `move` decodes in 1.5 % fewer instructions than with a range.
        self.index < self.bytes.count && self.bytes[self.index] &- UInt8(ascii: "0") < 10
    }

    // MARK: Values

    private mutating func value(depth: Int) -> ParsedJSON? {
        self.skipWhitespace()
        guard self.index < self.bytes.count else { return self.fail(.endOfText) }
        switch self.bytes[self.index] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            if depth == 1, self.source != nil { return self.deferred(depth: depth + 1) }
            if self.bytes[self.index] == UInt8(ascii: "{") { return self.object(depth: depth + 1) }
            return self.array(depth: depth + 1)
        case UInt8(ascii: "\""): return self.string().map(ParsedJSON.string)
        case UInt8(ascii: "t"): return self.literal("true", .bool(true))
        case UInt8(ascii: "f"): return self.literal("false", .bool(false))
        case UInt8(ascii: "n"): return self.literal("null", .null)
        case UInt8(ascii: "-"): return self.number()
        case let byte where byte &- UInt8(ascii: "0") < 10: return self.number()
        case UInt8(ascii: "]"), UInt8(ascii: "}"): return self.fail(.missingValue)
        default: return self.fail(.unexpectedCharacter)
        }
    }

    private mutating func literal(_ text: StaticString, _ value: ParsedJSON) -> ParsedJSON? {
        self.skipLiteral(text) ? value : nil
    }

    /// An object or array checked as any other but kept as its text (see ``init(bytes:deferring:)``).
    private mutating func deferred(depth: Int) -> ParsedJSON? {
        let start = self.index
        self.wroteWholeAsFraction = false
        let isObject = self.bytes[start] == UInt8(ascii: "{")
        if let end = self.plainContainerEnd(from: start) {
            self.index = end
        } else {
            guard isObject ? self.skipObject(depth: depth) : self.skipArray(depth: depth) else { return nil }
        }
        guard let source = self.source else { return nil }
        let text = DeferredJSONText(
            bytes: source[start..<self.index], wroteWholeAsFraction: self.wroteWholeAsFraction)
        return .deferred(text)
    }

    private mutating func object(depth: Int) -> ParsedJSON? {
        self.members(depth: depth).map(ParsedJSON.object)
    }

    /// An object's members.
    private mutating func members(depth: Int) -> [String: ParsedJSON]? {
        guard depth <= Self.maxNesting else {
            _ = self.fail(.tooDeep)
            return nil
        }
        var members: [String: ParsedJSON] = [:]
        var count = 0
        if self.opensEmpty(closer: UInt8(ascii: "}")) { return members }
        while true {
            self.skipWhitespace()
            guard self.peek(UInt8(ascii: "\"")) else {
                _ = self.fail(self.peek(UInt8(ascii: "}")) && count > 0 ? .trailingComma : .expectedName)
                return nil
            }
            guard let key = self.string() else { return nil }
            self.skipWhitespace()
            guard self.peek(UInt8(ascii: ":")) else {
                _ = self.fail(.expectedColon)
                return nil
            }
            self.index += 1
            guard let value = self.value(depth: depth) else { return nil }
            count += 1
            // NB: RFC 8259 lets names repeat; the last one counts, as in most parsers (PROTOCOL.md F-3).
            members[key] = value
            self.skipWhitespace()
            guard self.index < self.bytes.count else {
                _ = self.fail(.endOfText)
                return nil
            }
            let byte = self.bytes[self.index]
            guard byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") else {
                _ = self.fail(.expectedCommaOrEnd)
                return nil
            }
            self.index += 1
            if byte == UInt8(ascii: "}") { return members }
        }
    }

    private mutating func array(depth: Int) -> ParsedJSON? {
        guard depth <= Self.maxNesting else { return self.fail(.tooDeep) }
        var items: [ParsedJSON] = []
        var count = 0
        if self.opensEmpty(closer: UInt8(ascii: "]")) { return .array(items) }
        while true {
            self.skipWhitespace()
            if self.peek(UInt8(ascii: "]")), count > 0 { return self.fail(.trailingComma) }
            guard let item = self.value(depth: depth) else { return nil }
            count += 1
            items.append(item)
            self.skipWhitespace()
            guard self.index < self.bytes.count else { return self.fail(.endOfText) }
            let byte = self.bytes[self.index]
            guard byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") else { return self.fail(.expectedCommaOrEnd) }
            self.index += 1
            if byte == UInt8(ascii: "]") { return .array(items) }
        }
    }

    // MARK: Plain values, read in place

    // NB: a reader that knows a member's type reads its value here, without a ``ParsedJSON`` to make,
    // switch over and drop: each takes only the value written plainly, as hosts write it, and otherwise
    // returns `nil` with the parser where it was, so that the caller leaves the text to the general
    // reading (which takes or refuses the rest as ``value(depth:)`` does).

    /// The string at the parser when it is written plainly (printable ASCII, no escape), the parser past
    /// it; `nil` for any other value.
    mutating func plainString() -> String? {
        self.plainStringBytes().map { String(decoding: $0, as: UTF8.self) }
    }

    /// ``plainString()``'s bytes, between its quotes, not made into a `String`.
    mutating func plainStringBytes() -> UnsafeBufferPointer<UInt8>? {
        guard self.peek(UInt8(ascii: "\"")), let end = self.plainStringEnd(from: self.index) else { return nil }
        let text = UnsafeBufferPointer(rebasing: self.bytes[(self.index + 1)..<(end - 1)])
        self.index = end
        return text
    }

    /// The integer at the parser when it is written plainly (1 to 18 digits, no leading zero, not `-0`,
    /// no fraction or exponent) and something follows it, the parser past it; `nil` for any other value.
    mutating func plainInteger() -> Int64? {
        let count = self.bytes.count
        let negative = self.peek(UInt8(ascii: "-"))
        let digits = negative ? self.index + 1 : self.index
        var end = digits
        var magnitude: Int64 = 0
        while end < count, self.bytes[end] &- UInt8(ascii: "0") < 10 {
            magnitude = magnitude &* 10 &+ Int64(self.bytes[end] &- UInt8(ascii: "0"))
            end += 1
        }
        let length = end - digits
        guard length > 0, length <= 18, end < count else { return nil }
        if self.bytes[digits] == UInt8(ascii: "0"), length > 1 || negative { return nil }
        let next = self.bytes[end]
        if next == UInt8(ascii: ".") || next | 0x20 == UInt8(ascii: "e") { return nil }
        self.index = end
        return negative ? -magnitude : magnitude
    }

    /// Takes `null` at the parser; `false`, the parser where it was, for any other value.
    mutating func takeNull() -> Bool {
        guard self.spells("null", at: self.index) else { return false }
        self.index += 4
        return true
    }

    // MARK: Checked, not kept

    // NB: a deferred member's inside is checked by the same grammar, failing for the same reason at the
    // same byte (DeferredJSONTests holds the two readings together over the JSON test suite's texts), but
    // builds nothing: no values to make and drop for every member of a state a client only hashes.

    /// Records why the text is refused; `false`, for the checks' `return`.
    private mutating func refuse(_ reason: JSONSyntaxError.Reason) -> Bool {
        self.failure = JSONSyntaxError(reason: reason, offset: self.index)
        return false
    }

    /// The end of the object or array at `start` when it is written plainly, as hosts write a game's
    /// state and events: no white space, strings of printable ASCII without escapes, integers of 1 to 18
    /// digits (no leading zero, not `-0`), literals, nested fewer than 60 deep. `nil` for anything else,
    /// valid or not, which ``skipObject(depth:)`` and ``skipArray(depth:)`` then check byte by byte.
    ///
    /// NB: one loop over the bytes, the nesting in a bit mask, instead of a call per value: a client
    /// checks the state and events of every `state` it reads, about 500 bytes after each move. Each pass
    /// takes a value, then what follows it (a comma and the next member's name, or closing brackets), so
    /// a member costs one pass, not one for its name, one for its value and one for its comma. What it
    /// takes the checks above take too (`DeferredJSONTests` holds the two to that), so the slower path
    /// decides every refusal, its reason and its offset.
    func plainContainerEnd(from start: Int) -> Int? {
        let bytes = self.bytes
        let count = bytes.count
        var index = start
        // NB: bit `level` set: the container open at that level is an object. Levels stay below 60, so the
        // bit is shifted in without the checks of a shift by 64 or more (`&<<`).
        var objects: UInt64 = 0
        var level = 0
        // NB: each pass starts at a value.
        while index < count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                level += 1
                guard level < 60, index + 1 < count else { return nil }
                index += 1
                // NB: a container that ends as it opens goes on to what follows a value, below, which takes
                // its closing bracket.
                if byte == UInt8(ascii: "{") {
                    objects |= 1 &<< level
                    if bytes[index] != UInt8(ascii: "}") {
                        guard let value = self.plainName(at: index) else { return nil }
                        index = value
                        continue
                    }
                } else {
                    objects &= ~(1 &<< level)
                    // NB: an array's first item is the next pass's value.
                    if bytes[index] != UInt8(ascii: "]") { continue }
                }
            case UInt8(ascii: "\""):
                guard let end = self.plainStringEnd(from: index) else { return nil }
                index = end
            case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                let word: StaticString =
                    byte == UInt8(ascii: "t") ? "true" : byte == UInt8(ascii: "f") ? "false" : "null"
                guard self.spells(word, at: index) else { return nil }
                index += word.utf8CodeUnitCount
            default:
                let digits = byte == UInt8(ascii: "-") ? index + 1 : index
                var end = digits
                while end < count, bytes[end] &- UInt8(ascii: "0") < 10 { end += 1 }
                let length = end - digits
                guard length > 0, length <= 18, end < count else { return nil }
                if bytes[digits] == UInt8(ascii: "0"), length > 1 || digits > index { return nil }
                let next = bytes[end]
                if next == UInt8(ascii: ".") || next | 0x20 == UInt8(ascii: "e") { return nil }
                index = end
            }
            // NB: after a value: closing brackets, then a comma and the next value (with its name in an
            // object), or the end of the outermost container.
            while true {
                guard index < count else { return nil }
                let inObject = objects & (1 &<< level) != 0
                let next = bytes[index]
                if next == UInt8(ascii: ",") {
                    index += 1
                    if inObject {
                        guard let value = self.plainName(at: index) else { return nil }
                        index = value
                    }
                    break
                }
                guard next == (inObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else { return nil }
                index += 1
                level -= 1
                if level == 0 { return index }
            }
        }
        return nil
    }

    /// The index past `"name":` at `index`, a member's name written plainly; `nil` for anything else.
    @inline(__always)
    private func plainName(at index: Int) -> Int? {
        guard index < self.bytes.count, self.bytes[index] == UInt8(ascii: "\""),
            let end = self.plainStringEnd(from: index),
            end < self.bytes.count, self.bytes[end] == UInt8(ascii: ":")
        else { return nil }
        return end + 1
    }

    /// The index past the closing quote of a string whose opening quote is at `start`, made of printable
    /// ASCII other than the quote and the backslash; `nil` for any other string.
    @inline(__always)
    private func plainStringEnd(from start: Int) -> Int? {
        let end = start + 1 + self.plainRun(from: start + 1)
        guard end < self.bytes.count, self.bytes[end] == UInt8(ascii: "\"") else { return nil }
        return end + 1
    }

    /// A value, checked and skipped.
    private mutating func skipValue(depth: Int) -> Bool {
        self.skipWhitespace()
        guard self.index < self.bytes.count else { return self.refuse(.endOfText) }
        switch self.bytes[self.index] {
        case UInt8(ascii: "{"): return self.skipObject(depth: depth + 1)
        case UInt8(ascii: "["): return self.skipArray(depth: depth + 1)
        case UInt8(ascii: "\""): return self.skipString()
        case UInt8(ascii: "t"): return self.skipLiteral("true")
        case UInt8(ascii: "f"): return self.skipLiteral("false")
        case UInt8(ascii: "n"): return self.skipLiteral("null")
        case UInt8(ascii: "-"): return self.skipNumber()
        case let byte where byte &- UInt8(ascii: "0") < 10: return self.skipNumber()
        case UInt8(ascii: "]"), UInt8(ascii: "}"): return self.refuse(.missingValue)
        default: return self.refuse(.unexpectedCharacter)
        }
    }

    private mutating func skipLiteral(_ text: StaticString) -> Bool {
        guard self.spells(text, at: self.index) else { return self.refuse(.unexpectedCharacter) }
        self.index += text.utf8CodeUnitCount
        return true
    }

    /// Whether the bytes at `index` are `word` (a literal: `true`, `false`, `null`).
    @inline(__always)
    private func spells(_ word: StaticString, at index: Int) -> Bool {
        let length = word.utf8CodeUnitCount
        guard index + length <= self.bytes.count else { return false }
        for offset in 0..<length where self.bytes[index + offset] != word.utf8Start[offset] { return false }
        return true
    }

    /// A number, checked and skipped: an integer of 1 to 18 digits (no leading zero, not `-0`), the
    /// usual number of a game's state, needs no value; any other is read as ``number()`` reads it.
    private mutating func skipNumber() -> Bool {
        let start = self.index
        var index = start
        if self.bytes[index] == UInt8(ascii: "-") { index += 1 }
        let digits = index
        while index < self.bytes.count, self.bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
        let count = index - digits
        let zero = count > 0 && self.bytes[digits] == UInt8(ascii: "0")
        let plain = count > 0 && count <= 18 && !(zero && (count > 1 || digits > start))
        let ends =
            index == self.bytes.count
            || (self.bytes[index] != UInt8(ascii: ".") && self.bytes[index] | 0x20 != UInt8(ascii: "e"))
        if plain && ends {
            self.index = index
            return true
        }
        return self.number() != nil
    }

    private mutating func skipObject(depth: Int) -> Bool {
        guard depth <= Self.maxNesting else { return self.refuse(.tooDeep) }
        var count = 0
        if self.opensEmpty(closer: UInt8(ascii: "}")) { return true }
        while true {
            self.skipWhitespace()
            guard self.peek(UInt8(ascii: "\"")) else {
                return self.refuse(self.peek(UInt8(ascii: "}")) && count > 0 ? .trailingComma : .expectedName)
            }
            guard self.skipString() else { return false }
            self.skipWhitespace()
            guard self.peek(UInt8(ascii: ":")) else { return self.refuse(.expectedColon) }
            self.index += 1
            guard self.skipValue(depth: depth) else { return false }
            count += 1
            self.skipWhitespace()
            guard self.index < self.bytes.count else { return self.refuse(.endOfText) }
            let byte = self.bytes[self.index]
            guard byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") else {
                return self.refuse(.expectedCommaOrEnd)
            }
            self.index += 1
            if byte == UInt8(ascii: "}") { return true }
        }
    }

    private mutating func skipArray(depth: Int) -> Bool {
        guard depth <= Self.maxNesting else { return self.refuse(.tooDeep) }
        var count = 0
        if self.opensEmpty(closer: UInt8(ascii: "]")) { return true }
        while true {
            self.skipWhitespace()
            if self.peek(UInt8(ascii: "]")), count > 0 { return self.refuse(.trailingComma) }
            guard self.skipValue(depth: depth) else { return false }
            count += 1
            self.skipWhitespace()
            guard self.index < self.bytes.count else { return self.refuse(.endOfText) }
            let byte = self.bytes[self.index]
            guard byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") else {
                return self.refuse(.expectedCommaOrEnd)
            }
            self.index += 1
            if byte == UInt8(ascii: "]") { return true }
        }
    }

    /// A string starting at the opening quote, checked and skipped; one with an escape is read as
    /// ``string()`` reads it (escapes are rare, and checked there).
    private mutating func skipString() -> Bool {
        self.index += 1
        let start = self.index
        self.index += self.plainRun(from: start)
        while self.index < self.bytes.count {
            let byte = self.bytes[self.index]
            if byte == UInt8(ascii: "\"") {
                self.index += 1
                return true
            }
            if byte == UInt8(ascii: "\\") { return self.escapedString(from: start) != nil }
            if byte < 0x20 {
                self.failure = JSONSyntaxError(reason: .controlCharacterInString, offset: self.index)
                return false
            }
            if byte >= 0x80 {
                guard self.skipUTF8Sequence() else { return false }
                continue
            }
            self.index += 1
        }
        self.failure = JSONSyntaxError(reason: .unterminatedString, offset: start - 1)
        return false
    }

    // MARK: Strings

    /// A string starting at the opening quote.
    private mutating func string() -> String? {
        self.index += 1
        let start = self.index
        self.index += self.plainRun(from: start)
        while self.index < self.bytes.count {
            let byte = self.bytes[self.index]
            if byte == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: self.bytes[start..<self.index])
                self.index += 1
                return String(decoding: slice, as: UTF8.self)
            }
            // NB: most strings have no escape; the first one moves the rest of the string to a copy.
            if byte == UInt8(ascii: "\\") { return self.escapedString(from: start) }
            if byte < 0x20 {
                self.failure = JSONSyntaxError(reason: .controlCharacterInString, offset: self.index)
                return nil
            }
            if byte >= 0x80 {
                guard self.skipUTF8Sequence() else { return nil }
                continue
            }
            self.index += 1
        }
        self.failure = JSONSyntaxError(reason: .unterminatedString, offset: start - 1)
        return nil
    }

    private mutating func escapedString(from start: Int) -> String? {
        var text = Array(UnsafeBufferPointer(rebasing: self.bytes[start..<self.index]))
        while self.index < self.bytes.count {
            let byte = self.bytes[self.index]
            switch byte {
            case UInt8(ascii: "\""):
                self.index += 1
                return String(decoding: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard self.escape(into: &text) else { return nil }
            case 0..<0x20:
                self.failure = JSONSyntaxError(reason: .controlCharacterInString, offset: self.index)
                return nil
            case 0x80...:
                let sequence = self.index
                guard self.skipUTF8Sequence() else { return nil }
                text.append(contentsOf: UnsafeBufferPointer(rebasing: self.bytes[sequence..<self.index]))
            default:
                text.append(byte)
                self.index += 1
            }
        }
        self.failure = JSONSyntaxError(reason: .unterminatedString, offset: start - 1)
        return nil
    }

    /// A UTF-8 sequence of two to four bytes at a byte from 0x80 up, skipped: the well-formed sequences
    /// of the Unicode Standard's table 3-7 (no overlong forms, no surrogates, nothing above U+10FFFF).
    private mutating func skipUTF8Sequence() -> Bool {
        let lead = self.bytes[self.index]
        // NB: the second byte's range depends on the lead; the others are always 0x80...0xBF.
        let (count, low, high): (Int, UInt8, UInt8) =
            switch lead {
            case 0xC2...0xDF: (2, 0x80, 0xBF)
            case 0xE0: (3, 0xA0, 0xBF)
            case 0xE1...0xEC, 0xEE...0xEF: (3, 0x80, 0xBF)
            case 0xED: (3, 0x80, 0x9F)
            case 0xF0: (4, 0x90, 0xBF)
            case 0xF1...0xF3: (4, 0x80, 0xBF)
            case 0xF4: (4, 0x80, 0x8F)
            default: (0, 0, 0)
            }
        guard count > 0, self.index + count <= self.bytes.count else { return self.refuse(.notUTF8) }
        let second = self.bytes[self.index + 1]
        guard second >= low, second <= high else { return self.refuse(.notUTF8) }
        for offset in 2..<count where self.bytes[self.index + offset] & 0xC0 != 0x80 {
            return self.refuse(.notUTF8)
        }
        self.index += count
        return true
    }

    /// One escape at the backslash, appended as UTF-8.
    private mutating func escape(into text: inout [UInt8]) -> Bool {
        let at = self.index
        guard self.index + 1 < self.bytes.count else {
            self.failure = JSONSyntaxError(reason: .unterminatedString, offset: at)
            return false
        }
        let letter = self.bytes[self.index + 1]
        self.index += 2
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(letter)
        case UInt8(ascii: "b"): text.append(0x08)
        case UInt8(ascii: "f"): text.append(0x0C)
        case UInt8(ascii: "n"): text.append(0x0A)
        case UInt8(ascii: "r"): text.append(0x0D)
        case UInt8(ascii: "t"): text.append(0x09)
        case UInt8(ascii: "u"):
            guard let scalar = self.unicodeEscape(at: at) else { return false }
            text.append(contentsOf: UTF8.encode(scalar)!)
        default:
            self.failure = JSONSyntaxError(reason: .invalidEscape, offset: at)
            return false
        }
        return true
    }

    /// The scalar of `\uXXXX` (the index past the `u`), joining a surrogate pair written as two escapes.
    private mutating func unicodeEscape(at start: Int) -> Unicode.Scalar? {
        guard let unit = self.hexQuad() else {
            self.failure = JSONSyntaxError(reason: .invalidEscape, offset: start)
            return nil
        }
        switch unit {
        case 0xD800...0xDBFF:
            guard self.peek(UInt8(ascii: "\\")), self.index + 1 < self.bytes.count,
                self.bytes[self.index + 1] == UInt8(ascii: "u")
            else { break }
            self.index += 2
            guard let low = self.hexQuad(), (0xDC00...0xDFFF).contains(low) else { break }
            return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
        case 0xDC00...0xDFFF:
            break
        default:
            return Unicode.Scalar(unit)
        }
        self.failure = JSONSyntaxError(reason: .loneSurrogate, offset: start)
        return nil
    }

    private mutating func hexQuad() -> UInt32? {
        guard self.index + 4 <= self.bytes.count else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = self.bytes[self.index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
            self.index += 1
        }
        return value
    }

    // MARK: Numbers

    /// A number: ``ParsedJSON/integer(_:)`` when written as an integer that fits 64 bits (not `-0`),
    /// ``ParsedJSON/number(_:)`` otherwise.
    private mutating func number() -> ParsedJSON? {
        let start = self.index
        let negative = self.peek(UInt8(ascii: "-"))
        if negative { self.index += 1 }
        guard self.peekDigit() else { return self.fail(.invalidNumber) }
        var magnitude: UInt64 = 0
        var overflow = false
        if self.bytes[self.index] == UInt8(ascii: "0") {
            self.index += 1
            if self.peekDigit() { return self.fail(.leadingZero) }
        } else {
            while self.peekDigit() {
                let digit = UInt64(self.bytes[self.index] - UInt8(ascii: "0"))
                let (times, o1) = magnitude.multipliedReportingOverflow(by: 10)
                let (sum, o2) = times.addingReportingOverflow(digit)
                magnitude = sum
                overflow = overflow || o1 || o2
                self.index += 1
            }
        }
        var integral = true
        if self.peek(UInt8(ascii: ".")) {
            integral = false
            self.index += 1
            guard self.peekDigit() else { return self.fail(.invalidNumber) }
            while self.peekDigit() { self.index += 1 }
        }
        if self.peek(UInt8(ascii: "e")) || self.peek(UInt8(ascii: "E")) {
            integral = false
            self.index += 1
            if self.peek(UInt8(ascii: "+")) || self.peek(UInt8(ascii: "-")) { self.index += 1 }
            guard self.peekDigit() else { return self.fail(.invalidNumber) }
            while self.peekDigit() { self.index += 1 }
        }
        if integral, !overflow, magnitude != 0 || !negative {
            if !negative, magnitude <= UInt64(Int64.max) { return .integer(Int64(magnitude)) }
            if negative, magnitude <= UInt64(Int64.max) + 1 {
                return .integer(Int64(truncatingIfNeeded: 0 &- magnitude))
            }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: self.bytes[start..<self.index]), as: UTF8.self)
        guard let number = Double(text), number.isFinite else {
            self.failure = JSONSyntaxError(reason: .numberOutOfRange, offset: start)
            return nil
        }
        if JSONValue.exactInteger(number) != nil { self.wroteWholeAsFraction = true }
        return .number(number)
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether these bytes (a member's name as the parser hands it over) are the name the code spells.
    ///
    /// NB: the lengths, then byte against byte; against a `String`'s `utf8` view, each name compared
    /// cost about 200 instructions, four or five times for every `move` the host reads.
    @inline(__always)
    func isNamed(_ name: StaticString) -> Bool {
        guard self.count == name.utf8CodeUnitCount else { return false }
        let spelled = name.utf8Start
        for index in self.indices where self[index] != spelled[index] { return false }
        return true
    }
}
