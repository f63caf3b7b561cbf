/// Who moves first on a board (C.04.3 2017, E.1-E.5).
enum ColourAllocation {
    /// Whether the higher ranked player of a pair gets White (the first move).
    /// - Parameters:
    ///   - higher: the higher ranked player.
    ///   - lower: the other.
    ///   - firstColour: the first-ranked player's colour in round 1.
    static func whiteFor(_ higher: DutchPlayer, _ lower: DutchPlayer, firstColour: Colour) -> Bool {
        let (mine, theirs) = (higher.preference, lower.preference)
        // E.1: both preferences granted.
        if let side = mine.side, let other = theirs.side, side != other { return side == .white }
        // E.2: the stronger preference; of two absolute ones, the wider colour difference.
        if mine.strength != theirs.strength {
            return mine.strength > theirs.strength ? mine.side == .white : theirs.side == .black
        }
        if mine.strength == .absolute, abs(higher.colourDifference) != abs(lower.colourDifference) {
            return abs(higher.colourDifference) > abs(lower.colourDifference)
                ? mine.side == .white : theirs.side == .black
        }
        // E.3: alternate from the most recent round in which they had different colours.
        for (own, other) in zip(higher.colours.reversed(), lower.colours.reversed()) where own != other {
            return own == .black
        }
        // E.4: the higher ranked player's preference.
        if let side = mine.side { return side == .white }
        // E.5: by the higher ranked player's number: odd takes the first player's round-1 colour.
        let odd = higher.number % 2 == 1
        return odd == (firstColour == .white)
    }
}
