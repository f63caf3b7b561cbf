import GameKit

/// Whole games of uniformly random legal moves: the benchmark workload, shared move for move with the C
/// yardstick in Benchmarks/yardstick/.
///
/// The policy, so that another implementation can reproduce it: in the refill phase play the refill
/// (drawing nothing); in the sowing phase let `m` be the number of the mover's non-empty banks, draw
/// `i = nextIndex(below: 2m)`, and sow the `(i / 2)`-th non-empty bank (counted from the top), up if
/// `i` is even, down if odd. That is `legalMoves[i]`. One generator serves every game in turn.
public struct RandomPlayouts: Sendable {
    /// What a run of playouts did.
    public struct Summary: Sendable, Hashable, CustomStringConvertible {
        /// Games played to the end.
        public var games = 0
        /// Sowing moves played (refills not counted).
        public var sowingMoves = 0
        /// Refills played.
        public var refills = 0
        /// FNV-1a (64-bit) over each final state's turns, top, bottom, collections A and B, debts A and B,
        /// and winner (0 A, 1 B, 2 draw), each value folded in as `h = (h ^ v) &* 0x100000001b3`.
        public var digest: UInt64 = 0xcbf2_9ce4_8422_2325

        /// No games yet.
        public init() {}

        /// `games=… sowing-moves=… refills=… digest=…`, the line the C yardstick prints too.
        public var description: String {
            let hex = String(digest, radix: 16)
            return "games=\(games) sowing-moves=\(sowingMoves) refills=\(refills) digest="
                + String(repeating: "0", count: 16 - hex.count) + hex
        }
    }

    /// The rule set of every game.
    public let rules: RuleSet

    /// Playouts under a rule set.
    /// - Parameter rules: classic unless given.
    public init(rules: RuleSet = .classic) {
        self.rules = rules
    }

    /// Plays `games` games from the starting position.
    /// - Parameters:
    ///   - games: how many.
    ///   - rng: the generator, advanced as the games draw from it.
    /// - Returns: the counts and the digest of the final states.
    public func run(games: Int, using rng: inout SplitMix64) -> Summary {
        var summary = Summary()
        for _ in 0..<games {
            var state = GameState(rules: rules)
            while state.phase != .over {
                if state.phase == .refill {
                    try! state.play(.refill)
                    summary.refills &+= 1
                } else {
                    try! state.play(Self.randomSow(in: state, using: &rng))
                    summary.sowingMoves &+= 1
                }
            }
            summary.games += 1
            summary.fold(state)
        }
        return summary
    }

    /// The policy's sowing move: `legalMoves[nextIndex(below: count)]` without building the array.
    @inline(__always)
    static func randomSow(in state: GameState, using rng: inout SplitMix64) -> Move {
        let base = state.turn == .a ? 0 : 6
        var nonEmpty = 0
        for number in 1...5 where state.ring[base == 0 ? number - 1 : 11 - number] != 0 {
            nonEmpty &+= 1
        }
        var pick = rng.nextIndex(below: 2 * nonEmpty)
        let direction: Direction = pick & 1 == 0 ? .up : .down
        pick >>= 1
        for number in 1...5 where state.ring[base == 0 ? number - 1 : 11 - number] != 0 {
            if pick == 0 { return .sow(bank: number, direction: direction) }
            pick &-= 1
        }
        preconditionFailure("Invalid state: sowing phase without a non-empty bank")
    }
}

extension RandomPlayouts.Summary {
    mutating func fold(_ state: GameState) {
        let winner: Int =
            switch state.winner {
            case .won(.a)?: 0
            case .won(.b)?: 1
            default: 2
            }
        // NB: no array literal here, so that the benchmark loop allocates nothing, not even per game.
        func mix(_ value: Int) {
            digest = (digest ^ UInt64(truncatingIfNeeded: value)) &* 0x0000_0100_0000_01b3
        }
        mix(state.turns)
        mix(state.top)
        mix(state.bottom)
        mix(state.collections.a)
        mix(state.collections.b)
        mix(state.debts.a)
        mix(state.debts.b)
        mix(winner)
    }
}
