import ArgumentParser
import Board
import Foundation
import Play
import TaxCollectionRules

extension TCNet {
    /// `tcnet play`: a game on this terminal, without a network.
    struct Play: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Play on this terminal: two players turn by turn, or against a bot (--vs bot:LEVEL).",
            discussion: """
                Keys: 1-5 select a bank, Up/Down or u/d sow, r refill, Esc deselect, space skip the animation, \
                ? the rules walk-through, n replay (names kept), q quit (asks first during a game).
                """)

        @Option(name: .long, help: ArgumentHelp("Player A's name (on the left).", valueName: "name"))
        var playerA: String = "Player A"

        @Option(name: .long, help: ArgumentHelp("Player B's name (on the right).", valueName: "name"))
        var playerB: String?

        @Option(name: .long, help: ArgumentHelp("Play against a bot: bot, bot:random, bot:greedy or bot:strong.", valueName: "bot[:level]"))
        var vs: String?

        @Option(name: .long, help: ArgumentHelp("The rule set.", valueName: "name"))
        var rules: String = "classic"

        @Option(name: .long, help: "Where the bot's random choices start.")
        var seed: UInt64 = 1

        @OptionGroup var screen: ScreenOptions

        /// The bot's level from `--vs`, `nil` without one.
        var botKind: BotKind? {
            guard let vs else { return nil }
            let parts = vs.split(separator: ":", maxSplits: 1)
            return parts.count == 1 ? .greedy : BotKind(rawValue: String(parts[1]))
        }

        func validate() throws {
            for name in [self.playerA, self.playerB ?? "x"] where name.trimmingCharacters(in: .whitespaces).isEmpty {
                throw ValidationError(SeedMessages.nameWarning)
            }
            if let vs, vs.split(separator: ":").first != "bot" || self.botKind == nil {
                throw ValidationError("--vs takes bot, bot:random, bot:greedy or bot:strong, not \(vs)")
            }
            guard RuleSet.named(self.rules) != nil else {
                throw ValidationError("--rules takes one of \(RuleSet.allNames.joined(separator: ", ")), not \(self.rules)")
            }
            try self.screen.validate()
        }

        func run() async throws {
            let kind = self.botKind
            let names = BySeat(a: self.playerA, b: self.playerB ?? kind.map { "\($0) bot" } ?? "Player B")
            let game = LocalGame(
                names: names, rules: RuleSet.named(self.rules) ?? .classic, bot: kind.map { (.b, $0) },
                stepSeconds: self.screen.speed, seed: self.seed)
            try await PlayApp.run(game)
        }
    }
}
