import Foundation
import GameKit
import PropertyBased
import TaxCollectionRules
import TestScheduling
import Testing

@Suite("Properties of random games", .offThePool)
struct PropertyTests {
    static let seeds = Gen.int(in: 0...Int.max)
    static let rules = Gen.int(in: 0...(RuleSet.all.count - 1)).map { RuleSet.all[$0] }

    @Test func dollarsAreConservedAtEveryStep() async {
        await propertyCheck(count: 200, input: Self.seeds, Self.rules) { seed, rules in
            _ = randomGame(seed: UInt64(seed), rules: rules) { _, move, after in
                let board = after.top + after.bottom + after.banks.a.reduce(0, +) + after.banks.b.reduce(0, +)
                #expect(board + after.collections.a + after.collections.b == rules.total, "after \(move)")
            }
        }
    }

    @Test func aFinishedGameHasEmptyBanksAndAWinnerFromTheScores() async {
        await propertyCheck(count: 200, input: Self.seeds, Self.rules) { seed, rules in
            let game = randomGame(seed: UInt64(seed), rules: rules)
            #expect(game.final.isOver)
            #expect(game.final.banks == BySeat(a: [0, 0, 0, 0, 0], b: [0, 0, 0, 0, 0]))
            let scores = game.final.scores
            let expected: Outcome = scores.a > scores.b ? .won(.a) : scores.b > scores.a ? .won(.b) : .draw
            #expect(game.final.winner == expected)
            #expect(game.final.turns <= rules.turnCap)
        }
    }

    @Test func theTurnAlternatesAfterSowingAndStaysAfterARefill() async {
        await propertyCheck(count: 200, input: Self.seeds) { seed in
            _ = randomGame(seed: UInt64(seed)) { before, move, after in
                if move == .refill || after.isOver {
                    #expect(after.turn == before.turn || (after.isOver && move != .refill))
                } else {
                    #expect(after.turn == before.turn.opponent)
                    #expect(after.turns == before.turns + 1)
                }
            }
        }
    }

    @Test func legalMovesAreExactlyTheMovesThatApply() async {
        await propertyCheck(count: 100, input: Self.seeds, Self.rules) { seed, rules in
            _ = randomGame(seed: UInt64(seed), rules: rules) { before, _, _ in
                let legal = before.legalMoves
                for candidate in Move.all {
                    var copy = before
                    let applies = (try? copy.play(candidate)) != nil
                    #expect(applies == legal.contains(candidate), "\(candidate) in \(before.stateHash)")
                    #expect(applies == before.isLegal(candidate))
                    if !applies { #expect(copy == before) }
                }
            }
        }
    }

    @Test func applyAndPlayAgree() async {
        await propertyCheck(count: 100, input: Self.seeds) { seed in
            _ = randomGame(seed: UInt64(seed)) { before, move, after in
                var withEvents = before
                let events = try! withEvents.apply(move)
                #expect(withEvents == after)
                #expect(!events.isEmpty)
            }
        }
    }

    @Test(
        "the plug-in's advance leaves the state its apply leaves, and refuses each move apply refuses, saying the same"
    )
    func advanceAndApplyAgree() async {
        await propertyCheck(count: 100, input: Self.seeds, Self.rules) { seed, rules in
            _ = randomGame(seed: UInt64(seed), rules: rules) { before, _, _ in
                for candidate in Move.all {
                    var applied = before
                    var advanced = before
                    let apply = TaxCollectionGame.apply(candidate, by: .seat("A"), to: &applied)
                    let advance = TaxCollectionGame.advance(candidate, by: .seat("A"), to: &advanced)
                    #expect(advanced == applied, "\(candidate) in \(before.stateHash)")
                    switch (apply, advance) {
                    case (.success, .success): break
                    case (.failure(let refused), .failure(let same)):
                        #expect(refused.code == same.code && refused.message == same.message)
                    default: Issue.record("\(candidate) in \(before.stateHash): apply \(apply), advance \(advance)")
                    }
                }
            }
        }
    }

    @Test func replayingTheSameMovesGivesTheSameHash() async {
        await propertyCheck(count: 100, input: Self.seeds, Self.rules) { seed, rules in
            let game = randomGame(seed: UInt64(seed), rules: rules)
            var replayed = GameState(rules: rules)
            for move in game.moves { try! replayed.play(move) }
            #expect(replayed.stateHash == game.final.stateHash)
            #expect(replayed == game.final)
        }
    }

    @Test func stateJSONRoundTripsAtEveryStep() async throws {
        await propertyCheck(count: 30, input: Self.seeds, Self.rules) { seed, rules in
            _ = randomGame(seed: UInt64(seed), rules: rules) { _, _, after in
                let text = try! json(after)
                let decoded = try? decode(GameState.self, text)
                #expect(decoded == after, "\(text)")
            }
        }
    }

    /// Every turn terminates, and within the bound of docs/RULES.md: every lap of the ring drops at least
    /// one dollar in each treasury, so a turn drops at most 12 × (dollars in play / 2 + 1) dollars. The
    /// relay-repeat stop never fires, as proved there.
    @Test func everyTurnTerminatesWithinTheProvedBound() async {
        await propertyCheck(count: 200, input: Self.seeds, Self.rules) { seed, rules in
            _ = randomGame(seed: UInt64(seed), rules: rules) { before, move, _ in
                var copy = before
                let events = try! copy.apply(move)
                let drops = events.filter { if case .dropped = $0 { true } else { false } }.count
                #expect(drops <= 12 * (rules.total / 2 + 1))
                #expect(!events.contains { if case .stopped(_, .repeated) = $0 { true } else { false } })
            }
        }
    }
}
