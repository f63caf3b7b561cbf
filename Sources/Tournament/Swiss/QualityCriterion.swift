/// The quality criteria of the Dutch system (C.04.3 2017 C.5-C.19; 2.3 of the 2025 text), each a field
/// of the weight of a possible pair, most important highest.
///
/// NB: the encoding is the one Dutch-system engines built on weighted matching use (bbpPairings, and
/// py4swiss after it), so that the same inputs give the same pairings: each criterion's field is wide
/// enough that the sum over a whole round of a lower field cannot spill into a higher one.
enum QualityCriterion: CaseIterable {
    /// Maximise the number of pairs.
    case c5
    /// Minimise the pairing score difference: pair the moved-down players with the most points.
    case c6
    /// Choose the downfloaters so the next bracket pairs best (not in the last two brackets).
    case c7
    /// Topscorers and their opponents: no colour difference beyond ±2.
    case c8
    /// Topscorers and their opponents: not the same colour three times in a row.
    case c9
    /// Colour preferences granted.
    case c10
    /// Strong colour preferences granted.
    case c11
    /// No downfloat twice in a row; no upfloat twice in a row; the same, two rounds apart.
    case c12
    case c13
    case c14
    case c15
    /// The score differences of those repeated floats, minimised.
    case c16
    case c17
    case c18
    case c19

    /// The width of the criterion's field in a bracket.
    func bits(in bracket: DutchBracket) -> Int {
        switch self {
        case .c5, .c8, .c9, .c10, .c11: bracket.bracketBits
        case .c6: bracket.differenceBits
        case .c7: bracket.penultimate || bracket.isLast ? 0 : bracket.lowerBits + bracket.differenceBits
        case .c12, .c14: bracket.oneRoundPlayed ? bracket.bracketBits : 0
        case .c13, .c15: bracket.twoRoundsPlayed ? bracket.bracketBits : 0
        case .c16, .c17: bracket.oneRoundPlayed ? bracket.differenceBits : 0
        case .c18, .c19: bracket.twoRoundsPlayed ? bracket.differenceBits : 0
        }
    }

    /// Adds the criterion's value for pairing `first` (the higher ranked) with `second` to a weight whose
    /// field for this criterion is at the bottom.
    func add(_ first: DutchPlayer, _ second: DutchPlayer, in bracket: DutchBracket, to weight: inout WideWeight) {
        let one = WideWeight(1, like: weight)
        func bit(_ offset: Int) -> WideWeight { WideWeight.bit(offset, like: weight) }
        if self == .c7 {
            guard !(bracket.penultimate || bracket.isLast) else { return }
            var value = WideWeight(second.role == .lower ? 1 : 0, like: weight).shiftedLeft(bracket.differenceBits)
            if first.role != .lower { value += bit(bracket.offset(ofDifference: bracket.floatDifference(of: first))) }
            if second.role != .lower { value += bit(bracket.offset(ofDifference: bracket.floatDifference(of: second))) }
            weight += value
            return
        }
        // NB: only pairs of this bracket's players count; a pair with the next scoregroup is C.7's business.
        guard second.role != .lower, self.bits(in: bracket) > 0 || self == .c5 else { return }
        let higher = first.points > second.points
        let sideConflict = first.preference.conflicts(with: second.preference)
        let topScorer = first.topScorer || second.topScorer
        switch self {
        case .c5:
            weight += one
        case .c6:
            weight += bit(bracket.offset(ofDifference: bracket.floatDifference(of: first)))
            weight += bit(bracket.offset(ofDifference: bracket.floatDifference(of: second)))
            weight -= bit(bracket.offset(ofDifference: first.points - second.points))
        case .c8:
            let wide = abs(first.colourDifference) > 1 && abs(second.colourDifference) > 1
            if !(topScorer && wide && first.preference.side == second.preference.side) { weight += one }
        case .c9:
            if !(topScorer && first.colourDouble && second.colourDouble
                && first.preference.side == second.preference.side)
            {
                weight += one
            }
        case .c10:
            if !sideConflict { weight += one }
        case .c11:
            let strong = first.preference.strength >= .strong && second.preference.strength >= .strong
            if !(strong && sideConflict) { weight += one }
        case .c12, .c14:
            let (mine, theirs) = self == .c12 ? (first.float1, second.float1) : (first.float2, second.float2)
            let count = (mine == .down && !higher ? 1 : 0) + (theirs == .down ? 1 : 0)
            weight += WideWeight(UInt64(count), like: weight)
        case .c13, .c15:
            let theirs = self == .c13 ? second.float1 : second.float2
            if !(theirs == .up && higher) { weight += one }
        case .c16, .c18:
            let (mine, theirs) = self == .c16 ? (first.float1, second.float1) : (first.float2, second.float2)
            if mine == .down { weight += bit(bracket.offset(ofDifference: bracket.floatDifference(of: first))) }
            if theirs == .down { weight += bit(bracket.offset(ofDifference: bracket.floatDifference(of: second))) }
            if mine == .down, higher { weight -= bit(bracket.offset(ofDifference: first.points - second.points)) }
        case .c17, .c19:
            let theirs = self == .c17 ? second.float1 : second.float2
            if theirs == .up, higher {
                weight -= bit(bracket.offset(ofDifference: bracket.floatDifference(of: first)))
            }
        case .c7:
            break
        }
    }
}
