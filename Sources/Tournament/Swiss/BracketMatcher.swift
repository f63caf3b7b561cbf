/// The weighted graph of one bracket (its moved-down players, residents, and the next scoregroup's
/// players) and its current maximum-weight matching (C.04.3 2017, B.8: the best candidate).
struct BracketMatcher: Sendable {
    let bracket: DutchBracket
    let players: [DutchPlayer]
    private let index: [Int: Int]
    private var graph: MaximumWeightMatching
    private let maxWeight: WideWeight
    /// Each player's partner in the current matching (the player itself when unmatched).
    private(set) var partners: [Int] = []

    init(bracket: DutchBracket, validity: ValidityMatcher, allowRepeats: Bool) {
        self.bracket = bracket
        self.players = bracket.movedDown + bracket.residents + bracket.lower
        self.index = Dictionary(uniqueKeysWithValues: self.players.enumerated().map { ($0.element.number, $0.offset) })
        let repeatBits = allowRepeats ? bracket.bracketBits : 0
        let criteriaBits = QualityCriterion.allCases.reduce(0) { $0 + $1.bits(in: bracket) }
        let transpositionBits = 3 * bracket.bracketBits
        // NB: 2 bits for the bye's field, 2 of margin for the matching's duals, as the engines lay them out.
        let total = repeatBits + 2 + criteriaBits + transpositionBits + 2
        let zero = WideWeight(zeroWithBits: total + 2)
        self.maxWeight = WideWeight.ones(total - 1, like: zero)
        self.graph = MaximumWeightMatching(vertices: self.players.count, zero: zero)
        for i in self.players.indices {
            for j in self.players.indices where j > i {
                let (first, second) = (self.players[i], self.players[j])
                guard validity.allows(first, second) else { continue }
                var weight = zero
                if repeatBits > 0 { weight = WideWeight(first.opponents.contains(second.number) ? 0 : 1, like: zero) }
                weight = weight.shiftedLeft(2)
                if bracket.penultimate || bracket.isLast {
                    // NB: the bye is decided here: pairing players who already had it leaves it to one who did not.
                    let byes = (first.byeReceived ? 1 : 0) + (second.byeReceived ? 1 : 0)
                    weight += WideWeight(UInt64(1 + byes), like: zero)
                }
                for criterion in QualityCriterion.allCases {
                    weight = weight.shiftedLeft(criterion.bits(in: bracket))
                    criterion.add(first, second, in: bracket, to: &weight)
                }
                self.graph[i, j] = weight.shiftedLeft(transpositionBits + 1)
            }
        }
        self.update()
    }

    /// Recomputes the best matching.
    mutating func update() {
        self.partners = self.graph.matching()
    }

    /// A player's partner in the current matching (the player when unmatched).
    func partner(of player: DutchPlayer) -> DutchPlayer {
        self.players[self.partners[self.index[player.number]!]]
    }

    /// Adds a value (negative to take away) to the edges between a player and others, in order, the value
    /// growing by one from edge to edge when `increment` is set. Removed edges stay removed.
    mutating func add(_ value: Int, from player: DutchPlayer, to others: [DutchPlayer], increment: Bool = false) {
        var value = value
        let i = self.index[player.number]!
        for other in others {
            let j = self.index[other.number]!
            let current = self.graph[i, j]
            if !current.isZero {
                let amount = WideWeight(UInt64(abs(value)), like: current)
                self.graph[i, j] = value >= 0 ? current + amount : current - amount
            }
            if increment { value += 1 }
        }
    }

    /// Removes the edges between a player and others.
    mutating func remove(from player: DutchPlayer, to others: [DutchPlayer]) {
        let i = self.index[player.number]!
        for other in others {
            let j = self.index[other.number]!
            self.graph[i, j] = WideWeight(0, like: self.maxWeight)
        }
    }

    /// Forces a pair: only their edge remains, at the largest weight.
    mutating func fix(_ first: DutchPlayer, _ second: DutchPlayer) {
        let (i, j) = (self.index[first.number]!, self.index[second.number]!)
        guard i != j else { return }
        for k in self.players.indices {
            self.graph[i, k] = WideWeight(0, like: self.maxWeight)
            self.graph[j, k] = WideWeight(0, like: self.maxWeight)
        }
        self.graph[i, j] = self.maxWeight
    }
}
