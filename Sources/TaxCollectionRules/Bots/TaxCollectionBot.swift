import GameKit

/// A computer player: given a position, it picks a legal move.
///
/// Bots are pure: everything random comes from the generator passed in, and search budgets count
/// positions, never time, so the same state and generator always give the same move.
public protocol TaxCollectionBot: Sendable {
    /// The bot's name for ``BotKind`` and the command line, such as `"greedy"`.
    var name: String { get }

    /// Picks a move for the seat that holds the turn.
    /// - Parameters:
    ///   - state: a game that is not over.
    ///   - rng: where random choices (such as breaking ties) come from.
    /// - Returns: one of `state.legalMoves`.
    func chooseMove(in state: GameState, using rng: inout some RandomNumberGenerator) -> Move
}

/// The bots by name: `random`, `greedy`, `strong`.
public enum BotKind: String, Sendable, CaseIterable {
    /// ``RandomBot``.
    case random
    /// ``GreedyBot``.
    case greedy
    /// ``SearchBot`` with its default budget.
    case strong

    /// A bot of this kind.
    public var bot: any TaxCollectionBot {
        switch self {
        case .random: RandomBot()
        case .greedy: GreedyBot()
        case .strong: SearchBot()
        }
    }

    /// Looks a bot up by name.
    /// - Parameter name: `"random"`, `"greedy"` or `"strong"`.
    /// - Returns: the bot, or `nil` for another name.
    public static func bot(named name: String) -> (any TaxCollectionBot)? {
        BotKind(rawValue: name)?.bot
    }
}

/// Plays a uniformly random legal move: `legalMoves[nextIndex(below: count)]`, or the only legal move
/// without drawing (the policy of ``RandomPlayouts``).
public struct RandomBot: TaxCollectionBot {
    /// `"random"`.
    public var name: String { "random" }

    /// A random bot.
    public init() {}

    /// A uniformly random legal move.
    public func chooseMove(in state: GameState, using rng: inout some RandomNumberGenerator) -> Move {
        let moves = state.legalMoves
        precondition(!moves.isEmpty, "chooseMove(in:using:) needs a game that is not over")
        return moves.count == 1 ? moves[0] : moves[rng.nextIndex(below: moves.count)]
    }
}

/// Plays the move with the best immediate gain: the largest rise of its score over the opponent's
/// (scores as at the end: collection − debt owed + debt lent), ties broken at random.
public struct GreedyBot: TaxCollectionBot {
    /// `"greedy"`.
    public var name: String { "greedy" }

    /// A greedy bot.
    public init() {}

    /// The legal move that gains the most right now.
    public func chooseMove(in state: GameState, using rng: inout some RandomNumberGenerator) -> Move {
        let moves = state.legalMoves
        precondition(!moves.isEmpty, "chooseMove(in:using:) needs a game that is not over")
        let mover = state.turn
        var best: [Move] = []
        var bestGain = Int.min
        for move in moves {
            var next = state
            try! next.play(move)
            let gain = next.scores[mover] - next.scores[mover.opponent]
            if gain > bestGain {
                bestGain = gain
                best = [move]
            } else if gain == bestGain {
                best.append(move)
            }
        }
        return best[rng.nextIndex(below: best.count)]
    }
}
