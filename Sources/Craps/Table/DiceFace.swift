import CrapsRules

/// How a die looks in the terminal: the seed's glyph (U+2680 … U+2685) and its number beside it, since
/// a glyph is one small character cell.
public enum DiceFace {
    /// The seed's `dieGlyph:`: ⚀ for 1 … ⚅ for 6; "?" for anything else.
    public static func glyph(_ value: Int) -> String {
        guard Dice.faces.contains(value), let scalar = Unicode.Scalar(0x2680 + UInt32(value - 1)) else { return "?" }
        return String(Character(scalar))
    }

    /// A die as the screen writes it: `⚂ 3`.
    public static func label(_ value: Int) -> String {
        "\(Self.glyph(value)) \(value)"
    }

    /// A roll in words: `⚂ ⚄ 3+5 = 8`.
    public static func words(_ dice: Dice) -> String {
        "\(Self.glyph(dice.first)) \(Self.glyph(dice.second)) \(dice.first)+\(dice.second) = \(dice.total)"
    }
}
