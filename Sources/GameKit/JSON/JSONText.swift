/// Writes JSON text into bytes: the one place that decides how strings are escaped.
///
/// The escapes are those of Foundation's `JSONEncoder` with `.withoutEscapingSlashes`: `\"`, `\\`,
/// `\b`, `\t`, `\n`, `\f`, `\r`, other control characters as `\u00XX`, everything else as its UTF-8
/// bytes. Both of the project's JSON writers use it: ``OrderedJSON`` (keys in the order a value
/// encodes them: docs and hashes) and the wire's sorted-key writer in `Protocol`.
public enum JSONText {
    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Appends a quoted, escaped JSON string.
    /// - Parameters:
    ///   - string: the text.
    ///   - output: where to write.
    public static func appendString(_ string: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        // NB: a native string's bytes are contiguous: scanned in place, and copied at once when no byte
        // needs an escape (most strings).
        let done: Bool? = string.utf8.withContiguousStorageIfAvailable { bytes in
            if !bytes.contains(where: Self.needsEscape) {
                output.append(contentsOf: bytes)
                return true
            }
            for byte in bytes { Self.append(byte, to: &output) }
            return true
        }
        if done == nil {
            for byte in string.utf8 { Self.append(byte, to: &output) }
        }
        output.append(UInt8(ascii: "\""))
    }

    /// Whether a byte of a string is written escaped.
    @inline(__always)
    static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// The bytes of `word` (eight, in memory order) that are written escaped (``needsEscape(_:)``), each
    /// marked by its top bit; zero when there is none. The first marked byte is the first such byte (a
    /// byte after it may be marked too); the JSON parser and ``JSONTextWriter`` scan strings with it.
    ///
    /// NB: the usual bit tricks on the eight bytes at once: `x - 0x01…` borrows out of each zero byte, so
    /// a byte's top bit in `(x - 0x01…) & ~x & 0x80…` says it was zero (a byte above a marked one may be
    /// marked by the borrow too, but never the first); for the quote and the backslash `x` is the word XOR
    /// that byte repeated, and for bytes below 0x20 the word minus 0x20 repeated.
    @inlinable @inline(__always)
    public static func escapedBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        func zeroBytes(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & high }
        let control = (word &- 0x20 &* ones) & ~word & high
        return control | zeroBytes(word ^ (0x22 &* ones)) | zeroBytes(word ^ (0x5C &* ones))
    }

    @inline(__always)
    private static func append(_ byte: UInt8, to output: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "\""): output.append(contentsOf: #"\""#.utf8)
        case UInt8(ascii: "\\"): output.append(contentsOf: #"\\"#.utf8)
        case 0x08: output.append(contentsOf: #"\b"#.utf8)
        case 0x09: output.append(contentsOf: #"\t"#.utf8)
        case 0x0A: output.append(contentsOf: #"\n"#.utf8)
        case 0x0C: output.append(contentsOf: #"\f"#.utf8)
        case 0x0D: output.append(contentsOf: #"\r"#.utf8)
        case 0..<0x20:
            output.append(contentsOf: #"\u00"#.utf8)
            output.append(Self.hexDigits[Int(byte >> 4)])
            output.append(Self.hexDigits[Int(byte & 0x0F)])
        default: output.append(byte)
        }
    }

    /// Appends an integer in decimal, as `String(integer)` spells it, without making the string.
    public static func appendInteger(_ integer: Int64, to output: inout [UInt8]) {
        Self.withInteger(integer) { output.append(contentsOf: $0) }
    }

    /// Hands `body` an integer in decimal, as `String(integer)` spells it, in memory on the stack.
    public static func withInteger<Result>(_ integer: Int64, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        // NB: the magnitude as UInt64, so that Int64.min has one too; it has at most 20 digits, and a sign.
        var magnitude = integer.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        return withUnsafeMutableBytes(of: &digits) { buffer in
            var start = buffer.count
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if integer < 0 {
                start -= 1
                buffer[start] = UInt8(ascii: "-")
            }
            return body(UnsafeRawBufferPointer(rebasing: buffer[start...]))
        }
    }

    /// A quoted, escaped JSON string.
    public static func quoted(_ string: String) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(string.utf8.count + 2)
        Self.appendString(string, to: &output)
        return String(decoding: output, as: UTF8.self)
    }
}
