/// The FIDE Berger tables (Handbook C.05, Annex 1): who plays whom, and who moves first, in each round
/// of a round robin of 3 to 16 players (and beyond: the same rule).
///
/// With an even table size n (the players, plus one when their number is odd), the players 1 ... n-1
/// meet in round r when their numbers add up to r + 1 modulo n - 1; player n meets the player p with
/// 2p = r + 1 modulo n - 1, moving second in odd rounds and first in even ones. Of two players below n,
/// the lower number moves first when the sum of their numbers is odd, the higher when it is even. Board 1
/// is player n's; board k pairs p + (k - 1) with p - (k - 1). With an odd number of players, the highest
/// number is the bye.
public enum BergerTable {
    /// One game of the table: start numbers, the first mover first.
    public struct Pair: Equatable, Sendable, Codable, CustomStringConvertible {
        public var white: Int
        public var black: Int

        /// Creates a pair.
        public init(_ white: Int, _ black: Int) {
            self.white = white
            self.black = black
        }

        public var description: String { "\(self.white)-\(self.black)" }
    }

    /// The table's rounds for a number of players.
    /// - Parameters:
    ///   - players: how many players (at least 2).
    ///   - cycles: 1 for a single round robin, 2 for a double one (each pair meets twice, the first move swapped).
    /// - Returns: the rounds, each a list of boards; with an odd number of players, the pairs with the bye
    ///   number (players + 1) are left in, for the caller to turn into byes.
    public static func rounds(players: Int, cycles: Int = 1) -> [[Pair]] {
        precondition(players >= 2 && (1...2).contains(cycles), "a round robin of \(players) players, \(cycles) cycles")
        let size = players + players % 2
        let modulus = size - 1
        var first: [[Pair]] = []
        for round in 1...modulus {
            // NB: p with 2p = round + 1 (mod size - 1); size - 1 is odd, so halving is exact in that ring.
            let target = (round + 1) % modulus
            let p = (target % 2 == 0 ? target / 2 : (target + modulus) / 2)
            let anchor = p == 0 ? modulus : p
            var boards = [round % 2 == 1 ? Pair(anchor, size) : Pair(size, anchor)]
            for step in 1..<(size / 2) {
                let up = Self.wrap(anchor + step, modulus)
                let down = Self.wrap(anchor - step, modulus)
                let (low, high) = (min(up, down), max(up, down))
                boards.append((up + down) % 2 == 1 ? Pair(low, high) : Pair(high, low))
            }
            first.append(boards)
        }
        guard cycles == 2 else { return first }
        // NB: C.05 Annex 1: in a double round robin the last two rounds of the first cycle change places, so
        // nobody has the same colour three times in a row at the turn of the cycles.
        if first.count >= 2 { first.swapAt(first.count - 1, first.count - 2) }
        let second = first.map { round in round.map { Pair($0.black, $0.white) } }
        return first + second
    }

    /// Numbers 1 ... modulus, wrapping around.
    private static func wrap(_ value: Int, _ modulus: Int) -> Int {
        ((value - 1) % modulus + modulus) % modulus + 1
    }
}
