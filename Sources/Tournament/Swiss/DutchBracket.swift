/// A pairing bracket of the Dutch system: its moved-down players, its residents, and the next scoregroup's
/// players (there to see whether the downfloaters can be paired), with the widths of the weight fields
/// its criteria need.
struct DutchBracket: Sendable {
    var movedDown: [DutchPlayer]
    var residents: [DutchPlayer]
    var lower: [DutchPlayer]
    /// Whether one round, or two, were played before the one being paired.
    let oneRoundPlayed: Bool
    let twoRoundsPlayed: Bool
    /// The penultimate pairing bracket (after a collapse) or the last: the bye is decided here, and
    /// C.7 looks no further.
    let penultimate: Bool
    var isLast: Bool { self.lower.isEmpty }
    /// The lowest resident score.
    let minimumScore: Int
    /// Bits to count the residents, and the next scoregroup's players.
    let bracketBits: Int
    let lowerBits: Int
    /// The score differences that can occur, each with the offset of its own field (bigger differences
    /// higher), and the total width of those fields.
    let differenceOffsets: [Int: Int]
    let differenceBits: Int

    init(
        movedDown: [DutchPlayer], residents: [DutchPlayer], lower: [DutchPlayer], round: Int, collapsed: Bool
    ) {
        self.movedDown = movedDown
        self.residents = residents
        self.lower = lower
        self.oneRoundPlayed = round > 1
        self.twoRoundsPlayed = round > 2
        self.penultimate = collapsed
        self.minimumScore = residents.last?.points ?? 0
        self.bracketBits = residents.count.bitWidth - residents.count.leadingZeroBitCount
        self.lowerBits = lower.count.bitWidth - lower.count.leadingZeroBitCount
        (self.differenceBits, self.differenceOffsets) = Self.differenceFields(
            movedDown: movedDown, residents: residents)
    }

    /// The score difference of a player who would float down from this bracket (C.04.3, A.8 of 2017):
    /// their score minus an imaginary score one point below the bracket's lowest.
    func floatDifference(of player: DutchPlayer) -> Int {
        player.points - self.minimumScore + 10
    }

    /// The offset of a difference's field; 0 for a difference that cannot occur.
    func offset(ofDifference difference: Int) -> Int {
        self.differenceOffsets[difference] ?? 0
    }

    /// Counts every score difference the bracket can produce (downfloaters, and pairs of different scores),
    /// and gives each value a field wide enough to count its occurrences.
    private static func differenceFields(
        movedDown: [DutchPlayer], residents: [DutchPlayer]
    ) -> (bits: Int, offsets: [Int: Int]) {
        guard let lowest = residents.last?.points else { return (0, [:]) }
        var counts: [Int: Int] = [:]
        for player in movedDown + residents { counts[player.points - lowest + 10, default: 0] += 1 }
        for moved in movedDown {
            for difference in Set(residents.map { moved.points - $0.points }) { counts[difference, default: 0] += 1 }
        }
        for (index, resident) in residents.enumerated() {
            for difference in Set(residents[(index + 1)...].map { resident.points - $0.points }) {
                counts[difference, default: 0] += 1
            }
        }
        var offsets: [Int: Int] = [:]
        var total = 0
        for difference in counts.keys.sorted() {
            offsets[difference] = total
            let count = counts[difference] ?? 0
            total += count.bitWidth - count.leadingZeroBitCount
        }
        return (total, offsets)
    }
}
