import GameKit
import TestScheduling
import Testing
import WhichBillRules

@Suite("WhichBill: bots and the plug-in", .offThePool)
struct BotTests {
    @Test("the careful bot answers every round at the first try; the score is every round")
    func careful() {
        let steps = ViewTests.steps(seed: 10, bot: .careful)
        let last = steps.last!.after
        #expect(last.isOver && last.firstTry == last.options.items)
        #expect(WhichBillGame.result(of: last)?.standings.first?.score == last.options.items)
    }

    @Test("the guesser makes wrong guesses and, with the number line, reports the hint with the next guess")
    func guesser() {
        var wrong = 0
        var hinted = 0
        for seed in 1...8 {
            for step in ViewTests.steps(seed: seed, bot: .guesser) {
                for case .roundOver(let record) in step.events {
                    wrong += record.wrong.count
                    if let guess = record.hintGuess {
                        hinted += 1
                        #expect(record.numberLine && guess == record.wrong.count + 1)
                    }
                }
            }
        }
        #expect(wrong > 0 && hinted > 0)
    }

    @Test("an unknown bot has no move; no bot moves after the session")
    func noMove() {
        let state = TestSession().state
        #expect(WhichBillGame.botMove(bot: "wizard", seat: "P1", in: state, seed: 1) == nil)
        let last = ViewTests.steps(seed: 3, bot: .careful).last!.after
        #expect(WhichBillGame.botMove(bot: "careful", seat: "P1", in: last, seed: 1) == nil)
    }

    @Test("the descriptor: one seat, the options, the bots")
    func descriptor() {
        let descriptor = WhichBillGame.descriptor
        #expect(descriptor.id == "whichbill" && descriptor.seats == ["P1"] && descriptor.seatCounts == 1...1)
        #expect(descriptor.options.map(\.name) == ["bills", "minCents", "maxCents", "numberLine", "items"])
        #expect(descriptor.bots == ["careful", "guesser"])
        #expect(WhichBillGame.hidesInformation)
    }

    @Test("prepare replaces whatever verdict the player sent with the host's")
    func prepareReplaces() {
        var session = TestSession()
        session.setCost(749)
        let cheat = WhichBillMove.choose(Money(dollars: 20), hint: false, verdict: .right)
        let (prepared, result) = session.play(cheat)
        #expect(prepared == .choose(Money(dollars: 20), hint: false, verdict: .moreThanNeeded))
        #expect(result.events == [.guessed(Money(dollars: 20), .moreThanNeeded)])
    }
}
