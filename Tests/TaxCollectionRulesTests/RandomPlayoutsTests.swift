import GameKit
import TaxCollectionRules
import TestScheduling
import Testing

@Suite("Random playouts", .offThePool)
struct RandomPlayoutsTests {
    /// The C yardstick (Benchmarks/yardstick/taxcollection.c) prints this same line for `2000 1`: both
    /// engines play identical games. Any change to the rules or the policy changes it.
    @Test func digestIsPinnedAndMatchesTheCYardstick() {
        var rng = SplitMix64(seed: 1)
        let summary = RandomPlayouts().run(games: 2000, using: &rng)
        #expect(summary.description == "games=2000 sowing-moves=55937 refills=3252 digest=9b28a80512a02903")
    }

    /// The playout policy is RandomBot's choice: the same generator gives the same games.
    @Test func policyIsRandomBotsChoice() {
        var botRNG = SplitMix64(seed: 5)
        var sowingMoves = 0
        for _ in 0..<50 {
            let final = Ladder.game(a: RandomBot(), b: RandomBot(), rules: .classic, using: &botRNG)
            sowingMoves += final.turns
        }
        var policyRNG = SplitMix64(seed: 5)
        let summary = RandomPlayouts().run(games: 50, using: &policyRNG)
        #expect(summary.sowingMoves == sowingMoves)
        #expect(policyRNG == botRNG)
    }
}
