/// The strict parser behind ``ParsedJSON/parse(_:)``; every method returns `nil` to give up.
struct JSONParser {
    let bytes: UnsafeBufferPointer<UInt8>
    private(set) var index = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    mutating func skipWhitespace() {
        while self.index < self.bytes.count {
            switch self.bytes[self.index] {
            case 0x20, 0x09, 0x0A, 0x0D: self.index += 1
            default: return
            }
        }
    }

    mutating func value(depth: Int) -> ParsedJSON? {
        guard depth < 256 else { return nil }
        self.skipWhitespace()
        guard self.index < self.bytes.count else { return nil }
        switch self.bytes[self.index] {
        case UInt8(ascii: "{"): return self.object(depth: depth)
        case UInt8(ascii: "["): return self.array(depth: depth)
        case UInt8(ascii: "\""): return self.string().map(ParsedJSON.string)
        case UInt8(ascii: "t"): return self.literal("true", .bool(true))
        case UInt8(ascii: "f"): return self.literal("false", .bool(false))
        case UInt8(ascii: "n"): return self.literal("null", .null)
        default: return self.number()
        }
    }

    private mutating func literal(_ text: StaticString, _ value: ParsedJSON) -> ParsedJSON? {
        let count = text.utf8CodeUnitCount
        guard self.index + count <= self.bytes.count else { return nil }
        for offset in 0..<count where self.bytes[self.index + offset] != text.utf8Start[offset] {
            return nil
        }
        self.index += count
        return value
    }

    private mutating func object(depth: Int) -> ParsedJSON? {
        self.index += 1
        var members: [String: ParsedJSON] = [:]
        self.skipWhitespace()
        if self.index < self.bytes.count, self.bytes[self.index] == UInt8(ascii: "}") {
            self.index += 1
            return .object(members)
        }
        while true {
            self.skipWhitespace()
            guard self.index < self.bytes.count, self.bytes[self.index] == UInt8(ascii: "\""),
                let key = self.string()
            else { return nil }
            self.skipWhitespace()
            guard self.index < self.bytes.count, self.bytes[self.index] == UInt8(ascii: ":") else { return nil }
            self.index += 1
            guard let value = self.value(depth: depth + 1), members.updateValue(value, forKey: key) == nil else {
                return nil
            }
            self.skipWhitespace()
            guard self.index < self.bytes.count else { return nil }
            let byte = self.bytes[self.index]
            self.index += 1
            if byte == UInt8(ascii: "}") { return .object(members) }
            guard byte == UInt8(ascii: ",") else { return nil }
        }
    }

    private mutating func array(depth: Int) -> ParsedJSON? {
        self.index += 1
        var items: [ParsedJSON] = []
        self.skipWhitespace()
        if self.index < self.bytes.count, self.bytes[self.index] == UInt8(ascii: "]") {
            self.index += 1
            return .array(items)
        }
        while true {
            guard let item = self.value(depth: depth + 1) else { return nil }
            items.append(item)
            self.skipWhitespace()
            guard self.index < self.bytes.count else { return nil }
            let byte = self.bytes[self.index]
            self.index += 1
            if byte == UInt8(ascii: "]") { return .array(items) }
            guard byte == UInt8(ascii: ",") else { return nil }
        }
    }

    /// A string starting at the opening quote; escapes other than the simple ones give up.
    private mutating func string() -> String? {
        self.index += 1
        let start = self.index
        while self.index < self.bytes.count {
            let byte = self.bytes[self.index]
            if byte == UInt8(ascii: "\"") {
                let text = String(
                    decoding: UnsafeBufferPointer(rebasing: self.bytes[start..<self.index]), as: UTF8.self)
                self.index += 1
                return text
            }
            // NB: escapes are rare in our messages; a string with one is left to JSONDecoder.
            if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
            self.index += 1
        }
        return nil
    }

    private mutating func number() -> ParsedJSON? {
        let start = self.index
        var integral = true
        if self.peek(UInt8(ascii: "-")) { self.index += 1 }
        guard let first = self.digit() else { return nil }
        var digits = 1
        if first != 0 {
            while self.digit() != nil { digits += 1 }
        }
        if self.peek(UInt8(ascii: ".")) {
            integral = false
            self.index += 1
            guard self.digit() != nil else { return nil }
            while self.digit() != nil {}
        }
        if self.peek(UInt8(ascii: "e")) || self.peek(UInt8(ascii: "E")) {
            integral = false
            self.index += 1
            if self.peek(UInt8(ascii: "+")) || self.peek(UInt8(ascii: "-")) { self.index += 1 }
            guard self.digit() != nil else { return nil }
            while self.digit() != nil {}
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: self.bytes[start..<self.index]), as: UTF8.self)
        if integral {
            guard digits <= 18, let integer = Int64(text) else { return nil }
            return .integer(integer)
        }
        // NB: an underflow to zero, or a zero with a fraction, is left to JSONDecoder to judge.
        guard let number = Double(text), number.isFinite, number != 0 else { return nil }
        return .number(number)
    }

    private func peek(_ byte: UInt8) -> Bool {
        self.index < self.bytes.count && self.bytes[self.index] == byte
    }

    private mutating func digit() -> UInt8? {
        guard self.index < self.bytes.count else { return nil }
        let byte = self.bytes[self.index]
        guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
        self.index += 1
        return byte - UInt8(ascii: "0")
    }
}
