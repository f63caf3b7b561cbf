/// Pairs one bracket: the best matching under the quality criteria, then, among the equally good ones,
/// the first in the order of section D of the rules (C.04.3 2017, D.1-D.3: transpositions in S2,
/// exchanges between S1 and S2, and of moved-down players), found by nudging the weights one decision at
/// a time and fixing each decision before the next.
struct BracketPairer {
    private var matcher: BracketMatcher
    private let count: Int
    private var heterogeneousS1: [DutchPlayer] = []
    private var heterogeneousS2: [DutchPlayer] = []
    private var homogeneousS1: [DutchPlayer] = []
    private var homogeneousS2: [DutchPlayer] = []
    private var exchanges = 0
    private var bracket: DutchBracket { self.matcher.bracket }

    init(bracket: DutchBracket, validity: ValidityMatcher, allowRepeats: Bool) {
        self.matcher = BracketMatcher(bracket: bracket, validity: validity, allowRepeats: allowRepeats)
        self.count = self.matcher.players.count
    }

    /// The bracket's pairs (a player paired with itself is the bye, in the last bracket), or `nil` when the
    /// downfloaters it leaves would not let the rest of the round be paired.
    mutating func pair(validity: inout ValidityMatcher) -> [(DutchPlayer, DutchPlayer)]? {
        self.chooseMovedDownS1()
        self.orderMovedDownS2(validity: &validity)
        self.countExchanges()
        self.moveFromS1ToS2()
        self.moveFromS2ToS1()
        self.performExchanges()
        self.transposeS2(validity: &validity)
        guard self.bracket.penultimate || self.bracket.isLast || validity.isCompletable else { return nil }
        return self.pairs()
    }

    private func role(ofPartnerOf player: DutchPlayer) -> BracketRole {
        self.matcher.partner(of: player).role
    }

    private func inS1(_ player: DutchPlayer) -> Bool {
        player.ranks(above: self.matcher.partner(of: player)) && self.role(ofPartnerOf: player) == .resident
    }

    private func inS2(_ player: DutchPlayer) -> Bool {
        !player.ranks(above: self.matcher.partner(of: player)) || self.role(ofPartnerOf: player) == .lower
    }

    /// D.3: the moved-down players that can be paired, in order, make S1.
    private mutating func chooseMovedDownS1() {
        for moved in self.bracket.movedDown {
            if self.role(ofPartnerOf: moved) != .resident {
                self.matcher.add(1, from: moved, to: self.bracket.residents)
                self.matcher.update()
            }
            if self.role(ofPartnerOf: moved) == .resident {
                self.heterogeneousS1.append(moved)
                self.matcher.add(self.count, from: moved, to: self.bracket.residents)
            }
        }
    }

    /// D.1 for the moved-down players: each takes the best-ranked resident it can.
    private mutating func orderMovedDownS2(validity: inout ValidityMatcher) {
        for moved in self.heterogeneousS1 {
            self.matcher.add(0, from: moved, to: self.bracket.residents.reversed(), increment: true)
            self.matcher.update()
            let partner = self.matcher.partner(of: moved)
            self.heterogeneousS2.append(partner)
            self.matcher.fix(moved, partner)
            validity.fix(moved, partner)
        }
    }

    /// D.2.a-b: how many residents change between S1 and S2, preferring the smallest exchange.
    private mutating func countExchanges() {
        let taken = Set(self.heterogeneousS2.map(\.number))
        let remainder = self.bracket.residents.filter { !taken.contains($0.number) }
        let pairs = remainder.filter { self.role(ofPartnerOf: $0) == .resident }.count / 2
        self.homogeneousS1 = Array(remainder.prefix(pairs))
        self.homogeneousS2 = Array(remainder.dropFirst(pairs))
        for (index, resident) in remainder.enumerated() {
            let value = (((index < pairs ? 1 : 0) << (2 * self.bracket.bracketBits)) - index) << 1
            self.matcher.add(value, from: resident, to: Array(remainder[(index + 1)...]))
        }
        self.matcher.update()
        self.exchanges = self.homogeneousS1.filter(self.inS2).count
    }

    /// D.2.c: the residents leaving S1, the highest numbers first.
    private mutating func moveFromS1ToS2() {
        var left = self.exchanges
        for index in self.homogeneousS1.indices.reversed() {
            guard left > 0 else { return }
            let resident = self.homogeneousS1[index]
            let below = Array(self.homogeneousS1[(index + 1)...]) + self.homogeneousS2
            let wasExchanged = self.inS2(resident)
            if !wasExchanged {
                self.matcher.add(-1, from: resident, to: below)
                self.matcher.update()
            }
            if self.inS2(resident) {
                left -= 1
                self.matcher.remove(from: resident, to: below)
            }
            if !wasExchanged { self.matcher.add(1, from: resident, to: below) }
        }
    }

    /// D.2.d: the residents joining S1, the lowest numbers first.
    private mutating func moveFromS2ToS1() {
        var left = self.exchanges
        for (index, resident) in self.homogeneousS2.enumerated() {
            guard left > 0 else { return }
            let above = self.homogeneousS1 + Array(self.homogeneousS2[..<index])
            let wasExchanged = self.inS1(resident)
            if !wasExchanged {
                self.matcher.add(-1, from: resident, to: above)
                self.matcher.update()
            }
            if !self.inS2(resident) {
                left -= 1
                self.matcher.remove(from: resident, to: above + self.bracket.lower)
            }
            if !wasExchanged { self.matcher.add(1, from: resident, to: above) }
        }
    }

    /// The exchanges decided: S1 players may no longer meet each other, nor S2 players.
    private mutating func performExchanges() {
        let all = self.homogeneousS1 + self.homogeneousS2
        self.homogeneousS1 = all.filter(self.inS1)
        self.homogeneousS2 = all.filter(self.inS2)
        for (index, player) in self.homogeneousS1.enumerated() {
            self.matcher.remove(from: player, to: Array(self.homogeneousS1[(index + 1)...]))
        }
        for (index, player) in self.homogeneousS2.enumerated() {
            self.matcher.remove(from: player, to: Array(self.homogeneousS2[(index + 1)...]))
        }
    }

    /// D.1: each S1 player, in order, takes the best-ranked S2 player it can.
    private mutating func transposeS2(validity: inout ValidityMatcher) {
        for player in self.homogeneousS1 {
            self.matcher.add(0, from: player, to: self.homogeneousS2.reversed(), increment: true)
            self.matcher.update()
            let partner = self.matcher.partner(of: player)
            self.matcher.fix(player, partner)
            validity.fix(player, partner)
        }
    }

    /// The pairs of this bracket's players; in the last bracket, an unpaired player paired with itself (the bye).
    private func pairs() -> [(DutchPlayer, DutchPlayer)] {
        var result: [(DutchPlayer, DutchPlayer)] = []
        for player in self.matcher.players {
            let partner = self.matcher.partner(of: player)
            if player.role == .lower || partner.role == .lower { continue }
            if player.ranks(above: partner) {
                result.append((player, partner))
            } else if player.number == partner.number, self.bracket.isLast {
                result.append((player, player))
            }
        }
        return result
    }
}
