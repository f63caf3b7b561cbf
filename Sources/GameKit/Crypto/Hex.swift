/// Lower-case hexadecimal text for bytes, and back: how secrets, seeds and digests travel in JSON.
public enum Hex {
    @usableFromInline static let digits = Array("0123456789abcdef".utf8)

    /// The bytes as lower-case hex, two digits a byte.
    /// - Parameter bytes: any bytes.
    /// - Returns: the text.
    @inlinable
    public static func string(of bytes: some Collection<UInt8>) -> String {
        // NB: the digits are written straight into the string's storage: one allocation, not two.
        // Inlinable, so a caller in another module iterates its own collection type: unspecialised, the
        // loop took an allocation per byte (a table's record, at every match's start and end).
        String(unsafeUninitializedCapacity: 2 * bytes.count) { text in
            var index = 0
            for byte in bytes {
                text[index] = Self.digits[Int(byte >> 4)]
                text[index + 1] = Self.digits[Int(byte & 0x0f)]
                index += 2
            }
            return index
        }
    }

    /// A 32-bit word's eight hex digits in lower case, most significant first, as eight bytes in the
    /// order they are written (stored little-endian).
    ///
    /// NB: eight digits at once, for a digest's words: each byte of the word moved to a 16-bit lane of its
    /// own, its two nibbles to the lane's two bytes, then `"0"` added to each, and 39 more (`"a"` - `"0"` -
    /// 10) to those from 10 up (`(n + 6) >> 4` is 1 for them). A digit at a time took 24 instructions.
    @inline(__always)
    static func digits(of word: UInt32) -> UInt64 {
        var spread = UInt64(word.byteSwapped)
        spread = (spread | spread << 16) & 0x0000_FFFF_0000_FFFF
        spread = (spread | spread << 8) & 0x00FF_00FF_00FF_00FF
        let nibbles = (spread >> 4) & 0x000F_000F_000F_000F | (spread & 0x000F_000F_000F_000F) << 8
        let letters = ((nibbles &+ 0x0606_0606_0606_0606) >> 4) & 0x0101_0101_0101_0101
        return nibbles &+ 0x3030_3030_3030_3030 &+ letters &* 0x27
    }

    /// The bytes of hex text (either case).
    /// - Parameter text: an even number of hex digits.
    /// - Returns: the bytes, or `nil` when the text is not hex.
    public static func bytes(of text: String) -> [UInt8]? {
        let utf8 = Array(text.utf8)
        guard utf8.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count / 2)
        var index = 0
        while index < utf8.count {
            guard let high = Self.value(utf8[index]), let low = Self.value(utf8[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    private static func value(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
