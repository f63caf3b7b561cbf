import GameKit
import PropertyBased
import TestScheduling
import Testing
import WhichBillRules

/// Properties of whole sessions played by the bots, move by move.
@Suite("WhichBill: hidden answer and commutation", .offThePool)
struct ViewTests {
    struct Step {
        var before: WhichBillState
        var move: WhichBillMove
        var events: [WhichBillEvent]
        var after: WhichBillState
    }

    /// A session played by a bot, with options from the seed, every accepted step.
    static func steps(seed: Int, bot: WhichBillBot) -> [Step] {
        let items = 1 + seed % 12
        let lineOn = seed % 3 != 0
        var session = TestSession(
            ["items": .integer(items), "numberLine": .toggle(lineOn)],
            secret: Array("secret \(seed) for the host".utf8))
        var steps: [Step] = []
        var turn: Int64 = 0
        while let move = bot.move(in: session.state.viewed, seed: UInt64(seed) &+ UInt64(turn)) {
            turn += 1
            let before = session.state
            let (prepared, result) = session.play(move)
            guard let events = result.events else {
                Issue.record("the \(bot) bot's \(move) was refused: \(result)")
                break
            }
            steps.append(Step(before: before, move: prepared, events: events, after: session.state))
        }
        return steps
    }

    @Test("apply(view(m), view(s)) == view(apply(m, s)), with the same events and hash, for player and spectator")
    func commutes() async {
        await propertyCheck(count: 60, input: Gen.int(in: 0...100_000)) { seed in
            for bot in WhichBillBot.allCases {
                for step in Self.steps(seed: seed, bot: bot) {
                    for viewer in [Viewer.seat("P1"), .spectator] {
                        var mirror = WhichBillGame.view(of: step.before, for: viewer)
                        let result = WhichBillGame.apply(
                            WhichBillGame.view(of: step.move, for: viewer), by: .seat("P1"), to: &mirror)
                        #expect(result.events == step.events.compactMap { WhichBillGame.view(of: $0, for: viewer) })
                        #expect(mirror == WhichBillGame.view(of: step.after, for: viewer))
                        #expect(
                            WhichBillGame.hash(of: mirror)
                                == WhichBillGame.hash(of: WhichBillGame.view(of: step.after, for: viewer)))
                    }
                }
            }
        }
    }

    @Test("the right bill is in no view of a state, move or event before the player chooses it")
    func answerHidden() async throws {
        await propertyCheck(count: 60, input: Gen.int(in: 0...100_000)) { seed in
            for step in Self.steps(seed: seed, bot: .guesser) {
                let viewer = Viewer.seat("P1")
                let state = try! OrderedJSON.string(from: WhichBillGame.view(of: step.after, for: viewer))
                let move = try! OrderedJSON.string(from: WhichBillGame.view(of: step.move, for: viewer))
                #expect(step.after.answer != nil, "the host's state knows the right bill")
                #expect(state.contains("\"answer\"") == step.after.isAnswered)
                #expect(!move.contains("\"answer\""))
                for event in step.events {
                    guard case .guessed(let bill, let verdict) = event else { continue }
                    // A guessed event names the right bill only when it is the guess.
                    #expect((verdict == .right) == (bill == step.after.answer && step.after.isAnswered))
                }
            }
        }
    }
}
