/// A key the player pressed, decoded from the terminal's bytes.
public enum Key: Sendable, Hashable {
    /// A printable character.
    case character(Character)
    case up, down, left, right
    /// Page Up and Page Down, Home and End (a slider's big steps and ends).
    case pageUp, pageDown, home, end
    /// An arrow with Shift held (a slider's middle step).
    case shiftLeft, shiftRight
    /// Shift-Tab (the previous field).
    case backTab
    case enter, escape, backspace, tab
    /// Ctrl-C read as a byte (when the terminal does not turn it into SIGINT).
    case interrupt
}

/// Turns the bytes of one read from a terminal in raw mode into keys.
///
/// NB: a lone ESC byte in a read is the Escape key; an escape sequence (arrows) arrives whole in one read
/// from every terminal and from tmux, so no timer is needed to tell them apart.
public enum KeyDecoder {
    /// Decodes one read.
    /// - Parameter bytes: what `read(2)` returned.
    /// - Returns: the keys, in order; bytes that are no key are skipped.
    public static func keys(in bytes: [UInt8]) -> [Key] {
        var keys: [Key] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x1B:
                if index + 2 < bytes.count,
                    bytes[index + 1] == UInt8(ascii: "[") || bytes[index + 1] == UInt8(ascii: "O")
                {
                    // NB: a CSI or SS3 sequence: parameters, then one final byte that names the key.
                    var end = index + 2
                    while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) {
                        end += 1
                    }
                    if end < bytes.count, let key = Self.key(final: bytes[end], parameters: bytes[(index + 2)..<end]) {
                        keys.append(key)
                    }
                    index = end + 1
                    continue
                }
                keys.append(.escape)
            case 0x03: keys.append(.interrupt)
            case 0x0D, 0x0A: keys.append(.enter)
            case 0x7F, 0x08: keys.append(.backspace)
            case 0x09: keys.append(.tab)
            case 0x20...0x7E: keys.append(.character(Character(UnicodeScalar(byte))))
            default:
                // NB: UTF-8 text (a name with accents) is decoded whole.
                if byte >= 0xC0 {
                    let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                    let end = min(bytes.count, index + length)
                    if let character = String(validating: bytes[index..<end], as: UTF8.self)?.first {
                        keys.append(.character(character))
                    }
                    index = end
                    continue
                }
            }
            index += 1
        }
        return keys
    }

    /// The key a CSI or SS3 sequence names: arrows, Home and End by their final byte (Shift-Left and
    /// Shift-Right as `ESC [ 1 ; 2 D` and `C`; other modifiers read as the plain arrow); Shift-Tab as
    /// `ESC [ Z`; Page Up, Page Down, Home and End also as `ESC [ n ~` (VT220), by the first parameter.
    private static func key(final: UInt8, parameters: ArraySlice<UInt8>) -> Key? {
        let shifted = parameters.elementsEqual("1;2".utf8)
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return shifted ? .shiftRight : .right
        case UInt8(ascii: "D"): return shifted ? .shiftLeft : .left
        case UInt8(ascii: "Z"): return .backTab
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "~"):
            let first = parameters.prefix { $0 != UInt8(ascii: ";") }
            switch String(decoding: first, as: UTF8.self) {
            case "1", "7": return .home
            case "4", "8": return .end
            case "5": return .pageUp
            case "6": return .pageDown
            default: return nil
            }
        default: return nil
        }
    }
}
