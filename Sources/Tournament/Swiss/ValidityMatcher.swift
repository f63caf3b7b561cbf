/// Whether the round can still be completed: a perfect matching of every player to be paired (plus the
/// bye, when their number is odd) under the absolute criteria (C.04.3 2.1; C.1-C.3 of the 2017 text).
struct ValidityMatcher: Sendable {
    private var graph: MaximumWeightMatching
    private let index: [Int: Int]
    private let allowRepeats: Bool

    /// The graph of every allowed pair.
    /// - Parameters:
    ///   - players: every player to pair.
    ///   - allowRepeats: whether players who met may meet again (the teacher's choice when nothing else pairs).
    init(players: [DutchPlayer], allowRepeats: Bool) {
        self.allowRepeats = allowRepeats
        let count = players.count + players.count % 2
        self.graph = MaximumWeightMatching(vertices: count, zero: WideWeight(zeroWithBits: 8))
        self.index = Dictionary(uniqueKeysWithValues: players.enumerated().map { ($0.element.number, $0.offset) })
        let one = WideWeight(1, like: WideWeight(zeroWithBits: 8))
        for (i, first) in players.enumerated() {
            for (j, second) in players.enumerated() where j > i && Self.allowed(first, second, allowRepeats) {
                self.graph[i, j] = one
            }
            // NB: the extra vertex is the bye; a player who had it (or a win without playing) cannot have it again.
            if players.count % 2 == 1, !first.byeReceived { self.graph[i, players.count] = one }
        }
    }

    /// Whether two players may be paired: they have not met (C.1), and unless one is a topscorer, they do
    /// not both need the same colour absolutely (C.3).
    static func allowed(_ first: DutchPlayer, _ second: DutchPlayer, _ allowRepeats: Bool) -> Bool {
        if !allowRepeats, first.opponents.contains(second.number) { return false }
        let absolute = first.preference.strength == .absolute && second.preference.strength == .absolute
        return first.topScorer || second.topScorer || !absolute || first.preference.side != second.preference.side
    }

    func allows(_ first: DutchPlayer, _ second: DutchPlayer) -> Bool {
        Self.allowed(first, second, self.allowRepeats)
    }

    /// Fixes a pair: neither player may be matched with anyone else any more.
    mutating func fix(_ first: DutchPlayer, _ second: DutchPlayer) {
        guard let i = self.index[first.number], let j = self.index[second.number], i != j else { return }
        for k in 0..<self.graph.vertices {
            self.graph[i, k] = WideWeight(0, like: WideWeight(zeroWithBits: 8))
            self.graph[j, k] = WideWeight(0, like: WideWeight(zeroWithBits: 8))
        }
        self.graph[i, j] = WideWeight(1, like: WideWeight(zeroWithBits: 8))
    }

    /// Whether every player (and the bye) can still be matched.
    var isCompletable: Bool {
        self.graph.matching().enumerated().allSatisfy { $0.offset != $0.element }
    }
}
