import GameKit
import ArgumentParser
import TaxCollectionRules

extension TCNet.Rules {
    /// `tcnet rules ladder`: the bots' strength ladder.
    struct RulesLadder: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "ladder",
            abstract: "Play the bots against each other: strong vs greedy, greedy vs random.",
            discussion: """
                Each pairing plays --games games from the starting position, the bots taking turns to start. \
                The strong bot must win at least 90% against greedy (exit status 1 otherwise). \
                Deterministic: the same seed and budget give the same games. Use a release build.
                """
        )

        @Option(help: "Games per pairing.")
        var games = 200

        @Option(help: "Seed of the SplitMix64 generator the bots draw from.")
        var seed: UInt64 = 1

        @Option(help: "The strong bot's search budget, in positions per move.")
        var budget = SearchBot.defaultNodeBudget

        @Option(help: "Rule set: \(RuleSet.allNames.joined(separator: ", ")).")
        var rules = "classic"

        func validate() throws {
            guard RuleSet.named(rules) != nil else { throw ValidationError("unknown rules \"\(rules)\"") }
            guard games > 0, budget > 0 else { throw ValidationError("--games and --budget must be positive") }
        }

        func run() throws {
            let ruleSet = RuleSet.named(rules)!
            let pairings: [(any TaxCollectionBot, any TaxCollectionBot)] = [
                (SearchBot(nodeBudget: budget), GreedyBot()),
                (GreedyBot(), RandomBot()),
            ]
            var strongPasses = true
            for (index, (first, second)) in pairings.enumerated() {
                var rng = SplitMix64(seed: seed &+ UInt64(index))
                let result = Ladder.play(first, against: second, games: games, rules: ruleSet, using: &rng)
                print(result)
                if index == 0 { strongPasses = result.winRate >= 0.9 }
            }
            print(strongPasses ? "strong bot: PASS (>= 90% against greedy)" : "strong bot: FAIL (< 90% against greedy)")
            if !strongPasses { throw ExitCode.failure }
        }
    }
}
