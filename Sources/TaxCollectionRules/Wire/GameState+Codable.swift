import GameKit

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
        if let problem = self.problem(winner: try c.decode(Outcome?.self, forKey: .winner)) {
            throw corrupt(problem)
        }
        if let problem = self.problem(scores: try c.decodeIfPresent(BySeat<Int>.self, forKey: .scores)) {
            throw corrupt(problem)
        }
    }

    /// What is wrong with a state's winner as written, when it is not the one its board gives.
    private func problem(winner: Outcome?) -> String? {
        guard winner != self.winner else { return nil }
        let expected = self.winner.map { "\"\($0)\"" } ?? "null"
        return "invalid state: winner must be \(expected) for this state"
    }

    /// What is wrong with a state's scores as written (`nil` when absent): a finished game carries the
    /// ones its board gives, a game in play none.
    private func problem(scores: BySeat<Int>?) -> String? {
        switch (self.phase, scores) {
        case (.over, nil): "invalid state: a finished game carries its scores"
        case (.over, let scores?) where scores != self.scores:
            "invalid state: the scores are \(self.scores), not \(scores)"
        case (.sow, _?), (.refill, _?): "invalid state: scores appear only once the game is over"
        default: nil
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

extension GameState: JSONTextReadable {
    /// Reads the state object of docs/RULES.md as ``init(from:)`` reads it, member by member; `nil` for
    /// a member it does not know or finds twice and for any value ``init(from:)`` refuses, which then
    /// says why.
    public init?(readingJSON json: inout JSONTextReader) {
        var rules: RuleSet?
        var top: Int?
        var bottom: Int?
        var banks: BySeat<[Int]>?
        var collections: BySeat<Int>?
        var debts: BySeat<Int>?
        var turn: Seat?
        var phase: Phase?
        var turns: Int?
        var winner: Outcome??
        // NB: `null` reads as no scores, as `decodeIfPresent` reads it.
        var scores: BySeat<Int>??
        let read = json.readObject { json, name in
            switch name {
            case "rules": Self.take(&rules, json.readString().flatMap(RuleSet.named))
            case "top": Self.take(&top, json.readInteger())
            case "bottom": Self.take(&bottom, json.readInteger())
            case "banks": Self.take(&banks, BySeat.read(&json) { $0.readIntegers() })
            case "collections": Self.take(&collections, BySeat.read(&json) { $0.readInteger() })
            case "debts": Self.take(&debts, BySeat.read(&json) { $0.readInteger() })
            case "turn": Self.take(&turn, json.readString().flatMap(Seat.init(rawValue:)))
            case "phase": Self.take(&phase, json.readString().flatMap(Phase.init(rawValue:)))
            case "turns": Self.take(&turns, json.readInteger())
            case "winner": Self.take(&winner, Self.nullable(&json) { $0.readString().flatMap(Outcome.init) })
            case "scores": Self.take(&scores, Self.nullable(&json) { BySeat.read(&$0) { $0.readInteger() } })
            default: false
            }
        }
        guard read, let rules, let top, let bottom, let banks, let collections, let debts, let turn, let phase,
            let turns, let winner,
            let state = try? GameState(
                rules: rules, top: top, bottom: bottom, banks: banks, collections: collections, debts: debts,
                turn: turn, phase: phase, turns: turns),
            state.problem(winner: winner) == nil, state.problem(scores: scores ?? nil) == nil
        else { return nil }
        self = state
    }

    /// A value that may be `null`: `.some(nil)` for `null`, `nil` for a value `read` refuses.
    private static func nullable<T>(_ json: inout JSONTextReader, _ read: (inout JSONTextReader) -> T?) -> T?? {
        if json.readNull() { return .some(nil) }
        guard let value = read(&json) else { return nil }
        return .some(value)
    }

    /// Keeps a member's value: `false` when there is none, or the member came before.
    private static func take<T>(_ member: inout T?, _ value: T?) -> Bool {
        guard member == nil, let value else { return false }
        member = value
        return true
    }
}

extension BySeat {
    /// Reads `{"A": ..., "B": ...}` as ``init(from:)`` reads it, both values with `value`; `nil` for a
    /// member it does not know or finds twice.
    static func read(_ json: inout JSONTextReader, _ value: (inout JSONTextReader) -> Value?) -> BySeat? {
        var a: Value?
        var b: Value?
        let read = json.readObject { json, name in
            switch name {
            case "A" where a == nil: a = value(&json)
            case "B" where b == nil: b = value(&json)
            default: return false
            }
            return true
        }
        guard read, let a, let b else { return nil }
        return BySeat(a: a, b: b)
    }
}
