/// A game to replay: a rule set (or a starting state) and the moves, as `tcnet rules replay` reads them.
///
/// On the wire: `{"rules":"classic","moves":[{"bank":1,"direction":"down"},{"refill":true},…]}`.
/// `"rules"` may be left out (classic). Instead of starting from the rule set's starting position, a
/// record may give `"state"`: a whole state object (then `"rules"`, if given, must name its rule set).
public struct GameRecord: Sendable, Hashable {
    /// The position before the first move.
    public var start: GameState
    /// The moves, in order.
    public var moves: [Move]

    /// A record from a starting position.
    /// - Parameters:
    ///   - start: the position before the first move; the classic start unless given.
    ///   - moves: the moves, in order.
    public init(start: GameState = GameState(), moves: [Move]) {
        self.start = start
        self.moves = moves
    }

    /// Plays the moves from the start.
    /// - Returns: the final state and each move's events, or the first refused move.
    public func replay() -> ReplayResult {
        var state = start
        var trace: [[GameEvent]] = []
        trace.reserveCapacity(moves.count)
        for (index, move) in moves.enumerated() {
            do {
                trace.append(try state.apply(move))
            } catch {
                return .refused(index: index, move: move, violation: error, state: state)
            }
        }
        return .finished(state, trace: trace)
    }
}

extension GameRecord: Codable {
    enum CodingKeys: String, CodingKey {
        case rules, state, moves
    }

    /// Reads a record; an unknown rule set, a bad state or a bad move is a `DecodingError`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let rules = try c.decodeIfPresent(RuleSet.self, forKey: .rules)
        if let start = try c.decodeIfPresent(GameState.self, forKey: .state) {
            if let rules, rules != start.rules {
                throw DecodingError.dataCorruptedError(
                    forKey: .rules, in: c,
                    debugDescription: "\"rules\" is \(rules.name) but the state plays \(start.rules.name)")
            }
            self.start = start
        } else {
            start = GameState(rules: rules ?? .classic)
        }
        moves = try c.decode([Move].self, forKey: .moves)
    }

    /// Writes `{"rules":…,"moves":[…]}`, with `"state"` when the start is not the rule set's start.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(start.rules, forKey: .rules)
        if start != GameState(rules: start.rules) {
            try c.encode(start, forKey: .state)
        }
        try c.encode(moves, forKey: .moves)
    }
}

/// What replaying a ``GameRecord`` gave.
public enum ReplayResult: Sendable, Hashable {
    /// Every move applied: the final state and the events of each move, in order.
    case finished(GameState, trace: [[GameEvent]])
    /// The move at `index` (0-based) was refused; `state` is the position it was played in.
    case refused(index: Int, move: Move, violation: RuleViolation, state: GameState)
}
