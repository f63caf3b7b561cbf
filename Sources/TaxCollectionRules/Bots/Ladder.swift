/// Matches between two bots, for the strength ladder of `tcnet rules ladder`.
public enum Ladder {
    /// The tally of a match, from the first bot's side.
    public struct Result: Sendable, Hashable, CustomStringConvertible {
        /// The first bot's name.
        public var first: String
        /// The second bot's name.
        public var second: String
        /// Games the first bot won, lost, drew.
        public var wins = 0, losses = 0, draws = 0

        /// Games played.
        public var games: Int { wins + losses + draws }
        /// The first bot's share of wins, 0…1.
        public var winRate: Double { games == 0 ? 0 : Double(wins) / Double(games) }

        /// `strong vs greedy: 200 games, 190 won, 8 lost, 2 drawn (95.0% won)`.
        public var description: String {
            let tenths = Int((winRate * 1000).rounded())
            return "\(first) vs \(second): \(games) games, \(wins) won, \(losses) lost, \(draws) drawn "
                + "(\(tenths / 10).\(tenths % 10)% won)"
        }
    }

    /// Plays one game between two bots.
    /// - Parameters:
    ///   - a: the bot playing seat A (which starts).
    ///   - b: the bot playing seat B.
    ///   - rules: the rule set.
    ///   - rng: where both bots draw from.
    /// - Returns: the finished game.
    public static func game(
        a: any TaxCollectionBot, b: any TaxCollectionBot, rules: RuleSet, using rng: inout some RandomNumberGenerator
    ) -> GameState {
        var state = GameState(rules: rules)
        while !state.isOver {
            let bot = state.turn == .a ? a : b
            let move = bot.chooseMove(in: state, using: &rng)
            do {
                try state.play(move)
            } catch {
                preconditionFailure("Bot \(bot.name) chose an illegal move \(move): \(error)")
            }
        }
        return state
    }

    /// Plays `games` games, the first bot taking seat A in even-numbered games and seat B in odd ones.
    /// - Parameters:
    ///   - first: the bot whose results are tallied.
    ///   - second: its opponent.
    ///   - games: how many games.
    ///   - rules: the rule set.
    ///   - rng: where both bots draw from.
    /// - Returns: the tally.
    public static func play(
        _ first: any TaxCollectionBot, against second: any TaxCollectionBot, games: Int, rules: RuleSet = .classic,
        using rng: inout some RandomNumberGenerator
    ) -> Result {
        var result = Result(first: first.name, second: second.name)
        for index in 0..<games {
            let firstSeat: Seat = index % 2 == 0 ? .a : .b
            let final =
                firstSeat == .a
                ? game(a: first, b: second, rules: rules, using: &rng)
                : game(a: second, b: first, rules: rules, using: &rng)
            switch final.winner {
            case .won(let seat)? where seat == firstSeat: result.wins += 1
            case .won?: result.losses += 1
            default: result.draws += 1
            }
        }
        return result
    }
}
