import GameKit
import TestScheduling
import Testing
import WhichBillRules

@Suite("WhichBill: a round", .offThePool)
struct RoundTests {
    @Test("a wrong bill is accepted with the reason and stays disabled; the right one ends the round")
    func wrongThenRight() throws {
        var session = TestSession()
        session.setCost(749)
        #expect(session.choose(5).events == [.guessed(Money(dollars: 5), .tooSmall)])
        #expect(session.choose(20).events == [.guessed(Money(dollars: 20), .moreThanNeeded)])
        #expect(session.state.wrong == [Money(dollars: 5), Money(dollars: 20)])
        #expect(session.state.open == [Money(dollars: 1), Money(dollars: 10)])
        // Guessed bills are refused for the rest of the round, changing nothing.
        let before = session.state
        #expect(session.choose(5).failureCode == "already-guessed")
        #expect(session.choose(20).failureCode == "already-guessed")
        #expect(session.state == before)
        let events = try #require(session.choose(10).events)
        #expect(events.first == .guessed(Money(dollars: 10), .right))
        guard case .roundOver(let record) = events.last else {
            Issue.record("no round record in \(events)")
            return
        }
        #expect(record.wrong == [Money(dollars: 5), Money(dollars: 20)])
        #expect(record.answer == Money(dollars: 10) && record.cost == Money(cents: 749))
        #expect(!record.firstTry && record.hintGuess == nil)
        #expect(session.state.isAnswered && session.state.answer == Money(dollars: 10))
        #expect(session.state.open.isEmpty)
        #expect(session.state.firstTry == 0)
    }

    @Test("the player tries again until only the right bill is left")
    func untilOnlyTheRightBill() {
        var session = TestSession()
        session.setCost(1999)
        for wrong in [1, 5, 10] as [Int64] {
            #expect(session.choose(wrong).events == [.guessed(Money(dollars: wrong), .tooSmall)])
        }
        #expect(session.state.open == [Money(dollars: 20)])
        #expect(session.choose(20).events?.first == .guessed(Money(dollars: 20), .right))
    }

    @Test("the right bill at the first try counts; every choice after it is refused with round-over")
    func firstTry() {
        var session = TestSession()
        #expect(session.play(.choose(session.right, hint: false, verdict: nil)).result.events?.count == 2)
        #expect(session.state.firstTry == 1)
        #expect(session.choose(1).failureCode == "round-over")
        #expect(session.choose(20).failureCode == "round-over")
    }

    @Test("a bill the table does not offer is refused with not-offered")
    func notOffered() {
        var session = TestSession()
        #expect(session.choose(2).failureCode == "not-offered")
        #expect(session.choose(100).failureCode == "not-offered")
        #expect(session.state.wrong.isEmpty)
    }

    @Test("the hint is kept with the number of the guess it came with, once; refused when the line is off")
    func hint() {
        var session = TestSession()
        session.setCost(749)
        _ = session.choose(1)
        _ = session.choose(10, hint: true)
        #expect(session.state.hintGuess == 2)
        var again = TestSession()
        again.setCost(749)
        _ = again.choose(5, hint: true)
        _ = again.choose(10, hint: true)
        #expect(again.state.hintGuess == 1)
        var off = TestSession(["numberLine": .toggle(false)])
        #expect(off.choose(1, hint: true).failureCode == "number-line-off")
        #expect(off.state.hintGuess == nil && off.state.wrong.isEmpty)
    }

    @Test("Play Again before the right bill is refused with round-open; after it, a new item is shown")
    func playAgain() throws {
        var session = TestSession()
        #expect(session.play(.next(nil)).result.failureCode == "round-open")
        let first = session.state.item
        _ = session.play(.choose(session.right, hint: false, verdict: nil))
        let (prepared, result) = session.play(.next(nil))
        #expect(result.events == [.next(round: 2)])
        guard case .next(let next?) = prepared else {
            Issue.record("Play Again was not prepared: \(prepared)")
            return
        }
        #expect(next.item != first.id && session.state.item.id == next.item)
        #expect(session.state.round == 2 && session.state.wrong.isEmpty && !session.state.isAnswered)
        #expect(next.answer == Bills.right(for: next.cost, among: session.state.options.bills))
    }

    @Test("the session ends after its last item with the first-try count as the score; then nothing moves")
    func sessionEnd() throws {
        var session = TestSession(["items": .integer(2)])
        session.setCost(749)
        _ = session.choose(5)
        _ = session.choose(10)
        #expect(WhichBillGame.result(of: session.state) == nil)
        #expect(WhichBillGame.toAct(in: session.state) == ["P1"])
        _ = session.play(.next(nil))
        let events = try #require(session.play(.choose(session.right, hint: false, verdict: nil)).result.events)
        #expect(events.last == .sessionOver(items: 2, firstTry: 1))
        #expect(WhichBillGame.toAct(in: session.state).isEmpty)
        let result = try #require(WhichBillGame.result(of: session.state))
        #expect(result.reason == "finished" && result.standings == [SeatStanding(seat: "P1", score: 1, rank: 1)])
        #expect(session.play(.next(nil)).result.failureCode == "session-over")
        #expect(session.choose(1).failureCode == "session-over")
    }

    @Test("only the player moves: the host's own moves are refused")
    func playersOnly() {
        var state = TestSession().state
        let move = WhichBillMove.choose(
            Money(dollars: 1), hint: false, verdict: .tooSmall)
        #expect(WhichBillGame.apply(move, by: .host, to: &state).failureCode == "players-only")
        #expect(WhichBillGame.hostMove(.seatLeft("P1", .resigned), in: state) == nil)
    }
}
