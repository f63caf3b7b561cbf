import GameKit
import ScreenKit
import TestScheduling
import Testing
import WhichBillRules

@testable import WhichBill

/// The screen's model, driven by keys and states as the table client drives it.
@Suite("WhichBill: the board", .offThePool)
struct BoardTests {
    static let apple = GroceryItem(id: "shirt", name: "T-shirt", emoji: "👕", category: .clothing)

    /// A viewed state: the T-shirt at $7.49, round 1 of 3.
    static func state(cost: Int64 = 749, lineOn: Bool = true) -> WhichBillState {
        let options = SessionOptions(
            bills: Bills.seedBills, costs: Money(cents: 1)...Money(cents: 2000), numberLine: lineOn, items: 3)
        return WhichBillState(
            options: options, item: Self.apple, cost: Money(cents: cost)
        ).viewed
    }

    static func board(_ state: WhichBillState = Self.state()) -> WhichBillBoard {
        var board = WhichBillBoard(title: "table t1", controlled: true)
        board.show(state, events: [], newMatch: true)
        return board
    }

    /// The state after a choice, as the host would send it.
    static func after(_ state: WhichBillState, _ dollars: Int64, _ verdict: BillVerdict, hint: Bool = false)
        -> (WhichBillState, [WhichBillEvent])
    {
        var next = state
        let move = WhichBillMove.choose(
            Money(dollars: dollars), hint: hint, verdict: verdict)
        guard case .success(let events) = WhichBillGame.apply(move, by: .seat("P1"), to: &next) else {
            preconditionFailure("the rules refused \(move)")
        }
        return (next, events)
    }

    @Test("keys 1-4 choose the bills in order; the seed's question is asked")
    func choose() {
        var board = Self.board()
        #expect(board.message.text == "Which bill pays for the T-shirt ($7.49)?")
        let pressed1 = board.press(.character("1"))
        #expect(pressed1 == [.move(.choose(Money(dollars: 1), hint: false, verdict: nil))])
        let pressed2 = board.press(.character("4"))
        #expect(pressed2 == [.move(.choose(Money(dollars: 20), hint: false, verdict: nil))])
        let pressed3 = board.press(.character("5"))
        #expect(pressed3.isEmpty)
    }

    @Test("a wrong bill: the reason and try again, and its key does nothing more this round")
    func wrong() {
        var board = Self.board()
        let (state, events) = Self.after(Self.state(), 5, .tooSmall)
        board.show(state, events: events, newMatch: false)
        #expect(board.message.text == "$5 is too small for $7.49. Try a different bill.")
        #expect(board.enabled == [true, false, true, true])
        let pressed4 = board.press(.character("2"))
        #expect(pressed4.isEmpty)
        #expect(board.message.text == "You already tried $5. Try a different bill.")
        let (more, moreEvents) = Self.after(state, 20, .moreThanNeeded)
        board.show(more, events: moreEvents, newMatch: false)
        #expect(board.message.text == "$20 is more than you need for $7.49. Try a different bill.")
    }

    @Test("the number line: Left/Right a cent, Shift 10 cents, PgUp/PgDn a dollar, Home/End the ends")
    func slider() {
        var board = Self.board()
        _ = board.press(.right)
        #expect(board.slider == Money(cents: 1))
        _ = board.press(.shiftRight)
        #expect(board.slider == Money(cents: 11))
        _ = board.press(.pageUp)
        #expect(board.slider == Money(cents: 111))
        _ = board.press(.pageDown)
        _ = board.press(.shiftLeft)
        _ = board.press(.left)
        #expect(board.slider == .zero)
        _ = board.press(.left)
        #expect(board.slider == .zero)
        _ = board.press(.end)
        #expect(board.slider == Money(dollars: 20))
        _ = board.press(.home)
        #expect(board.slider == .zero)
    }

    @Test(
        "at the right bill's zone the other bills rest; away from it they come back; the hint goes with the next choice"
    )
    func hint() {
        var board = Self.board()
        for _ in 0..<9 { _ = board.press(.pageUp) }
        #expect(!board.pointing && board.enabled == [true, true, true, true])
        _ = board.press(.pageUp)
        #expect(board.slider == Money(dollars: 10) && board.pointing && board.enabled == [false, false, true, false])
        let pressed5 = board.press(.character("1"))
        #expect(pressed5.isEmpty)
        #expect(board.message.text.contains("The number line points at $10"))
        _ = board.press(.left)
        #expect(!board.pointing && board.enabled == [true, true, true, true])
        #expect(board.hintSeen)
        let pressed6 = board.press(.character("1"))
        #expect(pressed6 == [.move(.choose(Money(dollars: 1), hint: true, verdict: nil))])
        // Once the host has kept the hint, later choices do not report it again.
        let (state, events) = Self.after(Self.state(), 1, .tooSmall, hint: true)
        board.show(state, events: events, newMatch: false)
        let pressed7 = board.press(.character("3"))
        #expect(pressed7 == [.move(.choose(Money(dollars: 10), hint: false, verdict: nil))])
    }

    @Test("with the number line off the slider does not move and nothing rests")
    func lineOff() {
        var board = Self.board(Self.state(lineOn: false))
        _ = board.press(.pageUp)
        #expect(board.slider == .zero && !board.pointing)
        let pressed8 = board.press(.character("3"))
        #expect(pressed8 == [.move(.choose(Money(dollars: 10), hint: false, verdict: nil))])
    }

    @Test(
        "the right bill: congratulations, every bill disabled, P plays again; at the session's end P starts a new one")
    func right() {
        var board = Self.board()
        let pressed9 = board.press(.character("p"))
        #expect(pressed9.isEmpty)
        let (state, events) = Self.after(Self.state(), 10, .right)
        board.show(state, events: events, newMatch: false)
        #expect(board.message.text == "Yes! $10 is the right bill for the T-shirt. Great job!\nPress P to Play Again.")
        #expect(board.enabled == [false, false, false, false])
        let pressed10 = board.press(.character("3"))
        #expect(pressed10.isEmpty)
        let pressed11 = board.press(.character("P"))
        #expect(pressed11 == [.move(.next(nil))])
        var over = state
        over.round = 3
        over.firstTry = 2
        board.show(over, events: [.sessionOver(items: 3, firstTry: 2)], newMatch: false)
        #expect(board.message.text.hasPrefix("That was the last item: 2 of 3 right at the first try."))
        let pressed12 = board.press(.enter)
        #expect(pressed12 == [.rematch])
    }

    @Test("a new round puts the slider back at $0; q asks before leaving a session")
    func newRoundAndQuit() {
        var board = Self.board()
        _ = board.press(.pageUp)
        var next = Self.state()
        next.round = 2
        board.show(next, events: [.next(round: 2)], newMatch: false)
        #expect(board.slider == .zero && !board.hintSeen)
        let pressed13 = board.press(.character("q"))
        #expect(pressed13.isEmpty && board.confirmingQuit)
        let pressed14 = board.press(.character("q"))
        #expect(pressed14 == [.leave])
        var watcher = WhichBillBoard(title: "table t1", controlled: false)
        watcher.show(Self.state(), events: [], newMatch: true)
        let pressed15 = watcher.press(.character("1"))
        #expect(pressed15.isEmpty)
        let pressed16 = watcher.press(.character("q"))
        #expect(pressed16 == [.quit])
    }

    @Test("the frame: the item, its cost, the bills 1-4, the number line with its bills and the slider, the help")
    func frame() {
        var board = Self.board()
        for _ in 0..<10 { _ = board.press(.pageUp) }
        let (state, events) = Self.after(Self.state(), 5, .tooSmall)
        board.show(state, events: events, newMatch: false)
        let frame = BoardRenderer.frame(of: board, width: 80, height: 24)
        let text = frame.text
        for expected in [
            "WhichBill · table t1", "T-shirt", "(clothing)", "Cost: $7.49", "1  $1", "2  $5", "3  $10", "4  $20",
            "✗ too small", "Number line", "$0 ├", "┤ $20", "▲ $10.00", "(resting)",
            "$5 is too small for $7.49. Try a different bill.", "Item 1 of 3", "P Play Again",
        ] {
            #expect(text.contains(expected), "\(expected) in\n\(text)")
        }
        #expect(frame.lines.count == 24)
        #expect(frame.textLines.allSatisfy { $0.count <= 80 })
    }
}
