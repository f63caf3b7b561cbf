import GameKit
import TestScheduling
import Testing
import WhichBill
import WhichBillRules

/// A session replayed from a host's moves and their times, as `tcnet progress` reads it back.
@Suite("WhichBill: sessions replayed for progress", .offThePool)
struct SessionReplayTests {
    static let start = GameTime(milliseconds: 1_700_000_000_000)

    /// A session of three items played by the host's rules: wrong, hint, right; right; Play Again between.
    static func played() -> (start: WhichBillState, steps: [SessionReplay.Step]) {
        let options = try! GameOptions.checking(["items": .integer(3)], against: WhichBillGame.descriptor.options).get()
        let setup = MatchSetup(
            ruleSet: "classic", seats: ["P1"], firstSeat: "P1", options: options, startedAt: Self.start)
        let secret = Array("a host's secret for the replay".utf8)
        var random = HostRandom(secret: secret, step: 0)
        let first = WhichBillGame.start(setup, random: &random)!
        var state = first
        var steps: [SessionReplay.Step] = []
        func play(_ move: WhichBillMove, at seconds: Int) {
            var random = HostRandom(secret: secret, step: UInt64(steps.count + 1))
            let prepared = WhichBillGame.prepare(move, by: .seat("P1"), in: state, random: &random)
            guard case .success = WhichBillGame.apply(prepared, by: .seat("P1"), to: &state) else {
                preconditionFailure("refused \(prepared)")
            }
            steps.append(
                SessionReplay.Step(move: prepared, mover: .seat("P1"), at: Self.start.adding(seconds: seconds)))
        }
        let right = { Bills.right(for: state.cost, among: state.options.bills)! }
        let wrong = { right() == Money(dollars: 20) ? Money(dollars: 1) : Money(dollars: 20) }
        play(.choose(wrong(), hint: false, verdict: nil), at: 4)
        play(.choose(right(), hint: true, verdict: nil), at: 9)
        play(.next(nil), at: 12)
        play(.choose(right(), hint: false, verdict: nil), at: 15)
        play(.next(nil), at: 20)
        return (first, steps)
    }

    @Test("each round with its wrong guesses, hint and time: from the item shown to the right choice")
    func rounds() throws {
        let (start, steps) = Self.played()
        let rounds = try SessionReplay.rounds(from: start, startedAt: Self.start, steps: steps)
        #expect(rounds.count == 2)
        #expect(rounds[0].record.wrong.count == 1 && rounds[0].record.hintGuess == 2 && rounds[0].milliseconds == 9000)
        #expect(rounds[1].record.firstTry && rounds[1].record.hintGuess == nil && rounds[1].milliseconds == 3000)
        #expect(
            rounds[1].shownAt == Self.start.adding(seconds: 12)
                && rounds[1].answeredAt == Self.start.adding(seconds: 15))
        // The round under way (the third item, shown at 20 s) has not ended, so it is not a round yet.
    }

    @Test("without times the rounds come back without them; a move the rules refuse names its number")
    func noTimesAndDamage() throws {
        let (start, steps) = Self.played()
        let untimed = steps.map { SessionReplay.Step(move: $0.move, mover: $0.mover, at: nil) }
        let rounds = try SessionReplay.rounds(from: start, startedAt: nil, steps: untimed)
        #expect(rounds.count == 2 && rounds.allSatisfy { $0.milliseconds == nil })
        var damaged = steps
        damaged[1].move = .choose(Money(dollars: 2), hint: false, verdict: .right)
        #expect(throws: SessionReplay.Failure.self) {
            try SessionReplay.rounds(from: start, startedAt: Self.start, steps: damaged)
        }
        do {
            _ = try SessionReplay.rounds(from: start, startedAt: Self.start, steps: damaged)
        } catch {
            #expect(error.seq == 2 && error.description.contains("not-offered"))
        }
    }
}
