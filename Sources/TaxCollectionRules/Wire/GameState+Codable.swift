extension GameState: Codable {
    enum CodingKeys: String, CodingKey {
        case rules, top, bottom, banks, collections, debts, turn, phase, turns, winner, scores
    }

    /// Reads the state object of docs/RULES.md and validates it.
    ///
    /// - Throws: `DecodingError` for a wrong shape, and `DecodingError.dataCorrupted` with the
    ///   ``InvalidStateError`` message for a state the rules cannot reach (dollars not conserved, a
    ///   phase that does not fit the board, a winner or scores that do not follow from it, …).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func corrupt(_ message: String) -> DecodingError {
            DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: message))
        }
        let phase = try c.decode(Phase.self, forKey: .phase)
        do {
            try self.init(
                rules: try c.decode(RuleSet.self, forKey: .rules),
                top: try c.decode(Int.self, forKey: .top),
                bottom: try c.decode(Int.self, forKey: .bottom),
                banks: try c.decode(BySeat<[Int]>.self, forKey: .banks),
                collections: try c.decode(BySeat<Int>.self, forKey: .collections),
                debts: try c.decode(BySeat<Int>.self, forKey: .debts),
                turn: try c.decode(Seat.self, forKey: .turn),
                phase: phase,
                turns: try c.decode(Int.self, forKey: .turns))
        } catch let error as InvalidStateError {
            throw corrupt(error.description)
        }
        let winner = try c.decode(Outcome?.self, forKey: .winner)
        guard winner == self.winner else {
            let expected = self.winner.map { "\"\($0)\"" } ?? "null"
            throw corrupt("invalid state: winner must be \(expected) for this state")
        }
        let scores = try c.decodeIfPresent(BySeat<Int>.self, forKey: .scores)
        switch (phase, scores) {
        case (.over, nil):
            throw corrupt("invalid state: a finished game carries its scores")
        case (.over, let scores?) where scores != self.scores:
            throw corrupt("invalid state: the scores are \(self.scores), not \(scores)")
        case (.sow, _?), (.refill, _?):
            throw corrupt("invalid state: scores appear only once the game is over")
        default:
            break
        }
    }

    /// Writes the state object of docs/RULES.md, keys in the documented order.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(rules, forKey: .rules)
        try c.encode(top, forKey: .top)
        try c.encode(bottom, forKey: .bottom)
        try c.encode(banks, forKey: .banks)
        try c.encode(collections, forKey: .collections)
        try c.encode(debts, forKey: .debts)
        try c.encode(turn, forKey: .turn)
        try c.encode(phase, forKey: .phase)
        try c.encode(turns, forKey: .turns)
        try c.encode(winner, forKey: .winner)
        if phase == .over {
            try c.encode(scores, forKey: .scores)
        }
    }
}
