import GameKit

extension CrapsState: Codable {
    enum CodingKeys: String, CodingKey {
        case rules, seats, shooter, point, dice, decisions, decisionLimit, period, over
    }

    /// Reads the state object of docs/CRAPS.md and validates it.
    /// - Throws: `DecodingError` for a wrong shape, and `DecodingError.dataCorrupted` naming the rule for a
    ///   state the rules cannot reach.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            rules: try c.decode(String.self, forKey: .rules),
            players: try c.decode([CrapsPlayer].self, forKey: .seats),
            shooter: try c.decode(SeatName?.self, forKey: .shooter),
            point: try c.decode(Int?.self, forKey: .point),
            dice: try c.decode(Dice?.self, forKey: .dice),
            decisions: try c.decode(Int.self, forKey: .decisions),
            decisionLimit: try c.decode(Int.self, forKey: .decisionLimit),
            period: try c.decode(DicePeriod.self, forKey: .period),
            over: try c.decode(MatchEnd?.self, forKey: .over))
        if let problem = self.inconsistency {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "invalid state: \(problem)"))
        }
    }

    /// Writes the state object of docs/CRAPS.md, keys in the documented order.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(self.rules, forKey: .rules)
        try c.encode(self.players, forKey: .seats)
        try c.encode(self.shooter, forKey: .shooter)
        try c.encode(self.point, forKey: .point)
        try c.encode(self.dice, forKey: .dice)
        try c.encode(self.decisions, forKey: .decisions)
        try c.encode(self.decisionLimit, forKey: .decisionLimit)
        try c.encode(self.period, forKey: .period)
        try c.encode(self.over, forKey: .over)
    }

    /// What makes the state one the rules cannot reach; `nil` when it is consistent.
    var inconsistency: String? {
        let seats = self.players.map(\.seat)
        guard self.rules == CrapsTable.ruleSet else { return "unknown rules \"\(self.rules)\"" }
        guard (1...6).contains(seats.count), Set(seats).count == seats.count else {
            return "a table has 1 to 6 seats with distinct names"
        }
        if (self.over == .resigned || self.over == .forfeit) && self.players.contains(where: \.isIn) {
            return "a match ends by leaving only when every seat has left"
        }
        if self.over == nil && !self.players.contains(where: \.isIn) {
            return "a match with no seat left in it is over"
        }
        if let problem = self.shooterInconsistency { return problem }
        if let point = self.point {
            guard CrapsTable.points.contains(point) else { return "the point is 4, 5, 6, 8, 9 or 10, not \(point)" }
            guard !self.period.rolls.isEmpty else { return "a point is set by a roll of the current period" }
        }
        guard self.decisions >= 0, (0...100).contains(self.decisionLimit) else {
            return "decisions cannot be negative and the decision limit is 0 to 100"
        }
        if self.decisionLimit > 0 {
            guard self.decisions <= self.decisionLimit else { return "more decisions than the limit" }
            guard (self.decisions == self.decisionLimit) == (self.over == .finished) else {
                return "the match is finished exactly when the decision limit is reached"
            }
        } else if self.over == .finished {
            return "a match without a decision limit cannot be finished"
        }
        if let problem = self.periodInconsistency { return problem }
        return nil
    }

    private var shooterInconsistency: String? {
        if let shooter = self.shooter {
            guard let player = self.player(shooter), player.rides else {
                return "the shooter \(shooter) must be a seat in the match that can cover an ante"
            }
        } else {
            if self.point != nil { return "a point is on only while someone holds the dice" }
            if self.over != .resigned && self.over != .forfeit && self.players.contains(where: \.rides) {
                return "a seat can cover an ante, so someone holds the dice"
            }
        }
        return nil
    }

    private var periodInconsistency: String? {
        let expected = self.over == .finished ? self.decisions : self.decisions + 1
        guard self.period.number == expected else {
            return "after \(self.decisions) decisions the period is \(expected), not \(self.period.number)"
        }
        if let seeds = self.period.seeds, seeds.count != self.players.count {
            return "a period's seeds are one per seat"
        }
        if let secret = self.period.secret, DiceDerivation.commitment(ofSecret: secret) != self.period.commitment {
            return "the period's secret does not match its commitment"
        }
        if self.over != nil && self.period.secret == nil { return "a finished match reveals its last secret" }
        if self.over == .finished && self.period.rolls.isEmpty {
            return "the last decision is a roll of the last period"
        }
        return nil
    }
}
