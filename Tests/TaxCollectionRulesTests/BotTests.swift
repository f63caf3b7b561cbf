import GameKit
import PropertyBased
import TaxCollectionRules
import TestScheduling
import Testing

@Suite("Bots", .offThePool)
struct BotTests {
    static let bots: [any TaxCollectionBot] = [RandomBot(), GreedyBot(), SearchBot(nodeBudget: 500)]

    @Test func botsAreFoundByName() {
        #expect(BotKind.allCases.map(\.rawValue) == ["random", "greedy", "strong"])
        for kind in BotKind.allCases {
            #expect(BotKind.bot(named: kind.rawValue)?.name == kind.rawValue)
        }
        #expect(BotKind.bot(named: "perfect") == nil)
    }

    @Test func everyBotPlaysOnlyLegalMovesInRandomPositions() async {
        await propertyCheck(count: 40, input: Gen.int(in: 0...Int.max)) { seed in
            var rng = SplitMix64(seed: UInt64(seed))
            _ = randomGame(seed: UInt64(seed)) { before, _, _ in
                for bot in Self.bots {
                    let move = bot.chooseMove(in: before, using: &rng)
                    #expect(before.legalMoves.contains(move), "\(bot.name) chose \(move)")
                }
            }
        }
    }

    @Test func theSameSeedGivesTheSameMove() throws {
        var state = GameState()
        try state.play(.sow(bank: 2, direction: .up))
        for bot in Self.bots {
            var first = SplitMix64(seed: 9)
            var second = SplitMix64(seed: 9)
            #expect(bot.chooseMove(in: state, using: &first) == bot.chooseMove(in: state, using: &second))
        }
    }

    /// In the chain-capture example, A1 down captures 14; no other move gains as much.
    @Test func greedyTakesTheBiggestImmediateGain() throws {
        let state = try position(
            top: 10, bottom: 7, a: [1, 0, 0, 4, 0], b: [5, 5, 5, 3, 0], collections: (15, 15), turns: 12)
        var rng = SplitMix64(seed: 1)
        #expect(GreedyBot().chooseMove(in: state, using: &rng) == .sow(bank: 1, direction: .down))
        #expect(SearchBot(nodeBudget: 2_000).chooseMove(in: state, using: &rng) == .sow(bank: 1, direction: .down))
    }

    @Test func strongBeatsGreedyAtLeastNineTimesInTen() {
        var rng = SplitMix64(seed: 3)
        let result = Ladder.play(SearchBot(nodeBudget: 1_000), against: GreedyBot(), games: 20, using: &rng)
        #expect(result.games == 20)
        #expect(result.winRate >= 0.9, "\(result)")
    }

    @Test func greedyBeatsRandomMostOfTheTime() {
        var rng = SplitMix64(seed: 4)
        let result = Ladder.play(GreedyBot(), against: RandomBot(), games: 40, using: &rng)
        #expect(result.winRate >= 0.7, "\(result)")
    }

    @Test func ladderAlternatesTheStarterAndTallies() {
        var rng = SplitMix64(seed: 5)
        let result = Ladder.play(RandomBot(), against: RandomBot(), games: 10, using: &rng)
        #expect(result.wins + result.losses + result.draws == 10)
        #expect(result.description.hasPrefix("random vs random: 10 games, "))
    }
}
