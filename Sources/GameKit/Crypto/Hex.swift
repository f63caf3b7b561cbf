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
