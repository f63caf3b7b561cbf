import GameKit

/// The strong bot: alpha-beta search by iterative deepening, limited by a budget of positions per move.
///
/// The evaluation, from the point of view of the seat to move at the root, is twice the score difference
/// plus the difference of dollars in the banks (which each player keeps at the end), and ±10 000 for a
/// finished game won or lost. Forced refills do not use up depth. Root moves are shuffled with the
/// generator first, so that equal moves are chosen at random; the rest is deterministic.
public struct SearchBot: TaxCollectionBot {
    /// The budget of ``init(nodeBudget:maximumDepth:)`` unless given.
    public static let defaultNodeBudget = 20_000

    /// Positions the search may visit for one move, over all depths.
    public let nodeBudget: Int
    /// The deepest iteration, in moves.
    public let maximumDepth: Int

    /// `"strong"`.
    public var name: String { "strong" }

    /// A search bot.
    /// - Parameters:
    ///   - nodeBudget: positions per move; more is stronger and slower.
    ///   - maximumDepth: the deepest iteration.
    public init(nodeBudget: Int = SearchBot.defaultNodeBudget, maximumDepth: Int = 12) {
        self.nodeBudget = nodeBudget
        self.maximumDepth = maximumDepth
    }

    /// The best move the budget finds.
    public func chooseMove(in state: GameState, using rng: inout some RandomNumberGenerator) -> Move {
        var moves = state.legalMoves
        precondition(!moves.isEmpty, "chooseMove(in:using:) needs a game that is not over")
        if moves.count == 1 { return moves[0] }
        for index in stride(from: moves.count - 1, to: 0, by: -1) {
            moves.swapAt(index, rng.nextIndex(below: index + 1))
        }
        var search = Search(root: state.turn, budget: nodeBudget)
        var best = moves[0]
        for depth in 1...maximumDepth {
            guard let ranked = search.rankRoot(state, moves: moves, depth: depth) else { break }
            best = ranked[0]
            // NB: the best move so far is searched first next time, which makes alpha-beta cut more.
            moves = ranked
        }
        return best
    }
}

/// One move's search: the visited-position count and the minimax with alpha-beta cut-offs.
struct Search {
    let root: Seat
    let budget: Int
    var visited = 0

    init(root: Seat, budget: Int) {
        self.root = root
        self.budget = budget
    }

    /// The root moves, best first, after a search to `depth`; `nil` if the budget ran out.
    mutating func rankRoot(_ state: GameState, moves: [Move], depth: Int) -> [Move]? {
        var scored: [(move: Move, value: Int)] = []
        var alpha = Int.min + 1
        for move in moves {
            var next = state
            try! next.play(move)
            guard let value = alphaBeta(next, depth: depth - 1, alpha: alpha, beta: Int.max) else { return nil }
            scored.append((move, value))
            alpha = max(alpha, value)
        }
        // NB: a stable sort keeps the shuffled order among equal values.
        return scored.enumerated().sorted { ($0.element.value, -$0.offset) > ($1.element.value, -$1.offset) }
            .map(\.element.move)
    }

    /// The position's value for the root seat, or `nil` once the budget is spent.
    mutating func alphaBeta(_ state: GameState, depth: Int, alpha: Int, beta: Int) -> Int? {
        visited += 1
        if visited > budget { return nil }
        if state.phase == .over || depth <= 0 { return evaluate(state) }
        if state.phase == .refill {
            var next = state
            try! next.play(.refill)
            return alphaBeta(next, depth: depth, alpha: alpha, beta: beta)
        }
        let maximizing = state.turn == root
        var alpha = alpha
        var beta = beta
        var bestValue = maximizing ? Int.min : Int.max
        for move in Move.all where state.isLegal(move) {
            var next = state
            try! next.play(move)
            guard let value = alphaBeta(next, depth: depth - 1, alpha: alpha, beta: beta) else { return nil }
            if maximizing {
                bestValue = max(bestValue, value)
                alpha = max(alpha, value)
            } else {
                bestValue = min(bestValue, value)
                beta = min(beta, value)
            }
            if alpha >= beta { break }
        }
        return bestValue
    }

    func evaluate(_ state: GameState) -> Int {
        let scores = state.scores
        let scoreLead = scores[root] - scores[root.opponent]
        if state.phase == .over {
            return scoreLead == 0 ? 0 : (scoreLead > 0 ? 10_000 : -10_000) + scoreLead
        }
        return 2 * scoreLead + state.bankTotal(of: root) - state.bankTotal(of: root.opponent)
    }
}
