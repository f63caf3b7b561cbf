/// A short code that takes a player's seat back from any machine: `hello` with `seatCode` instead
/// of `resume` (H-12). The host gives it in `welcome`; a person reads it off the screen and types it.
///
/// Ten symbols of Crockford's base 32 (digits and capitals without I, L, O, U: 50 bits), shown in
/// two groups of five, "K7QM4-XRT2B". Typed codes are read leniently: case, spaces and hyphens do
/// not matter, and I and L are read as 1, O as 0.
public struct SeatCode: WireString, CustomStringConvertible {
    public let rawValue: String

    /// The symbols of a code, in the order of their values.
    public static let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ")
    /// Symbols in a code.
    public static let length = 10

    /// Takes a code as the wire carries it (any typing the host accepts).
    /// - Parameter rawValue: the code.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Reads a code as a person typed it.
    /// - Parameter typed: the text.
    /// - Returns: the code in its canonical form, or `nil` when it is not ten symbols of the alphabet.
    public static func typed(_ typed: String) -> SeatCode? {
        var symbols: [Character] = []
        for character in typed.uppercased() where character != "-" && !character.isWhitespace {
            let read: Character = character == "I" || character == "L" ? "1" : character == "O" ? "0" : character
            guard Self.alphabet.contains(read) else { return nil }
            symbols.append(read)
        }
        guard symbols.count == Self.length else { return nil }
        return SeatCode(rawValue: String(symbols.prefix(5)) + "-" + String(symbols.dropFirst(5)))
    }

    /// The code made from 50 bits (the low 50 of `bits`).
    /// - Parameter bits: the code's value.
    public init(bits: UInt64) {
        var symbols: [Character] = []
        for index in (0..<Self.length).reversed() {
            symbols.append(Self.alphabet[Int((bits >> UInt64(5 * index)) & 31)])
        }
        self.rawValue = String(symbols.prefix(5)) + "-" + String(symbols.dropFirst(5))
    }

    /// The canonical form of this code, or `nil` when it cannot be one (what the host compares).
    public var canonical: SeatCode? { Self.typed(self.rawValue) }

    // NB: a bearer credential, like the resume token: never in a log line.
    public var description: String { "SeatCode(redacted)" }
}
