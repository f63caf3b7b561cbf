import GameKit
import ScreenKit
import TaxCollection
import TaxCollectionRules
import TestScheduling
import Testing

/// The board screen without a terminal: keys in, actions and frames out.
@Suite("Board: the screen model", .offThePool)
struct BoardModelTests {
    static func board(controlled: Set<Seat> = [.a], stepSeconds: Double = 0) -> BoardModel {
        var board = BoardModel(
            names: BySeat(a: "Lan", b: "Minh"), controlled: controlled, title: "table t1", stepSeconds: stepSeconds)
        board.show(GameState(), newMatch: true)
        return board
    }

    @Test("1-5 selects a bank, Down sows it: the move is an action, the board waits for the state")
    func selectAndSow() {
        var board = Self.board()
        #expect(board.press(.character("3")).isEmpty)
        #expect(board.selected == 3)
        #expect(board.press(.down) == [.move(.sow(bank: 3, direction: .down))])
        #expect(board.mayMove == false)
        #expect(board.press(.character("1")).isEmpty)
        #expect(board.notice?.text == "Waiting for the host")
    }

    @Test("the seed's refill messages: refill refused while a bank holds dollars")
    func refillRefused() {
        var board = Self.board()
        #expect(board.press(.character("r")).isEmpty)
        #expect(board.notice?.text == SeedMessages.refillRefused)
        #expect(board.notice?.style == .warning)
    }

    @Test("not this terminal's turn: keys explain, nothing is sent")
    func notMyTurn() {
        var board = Self.board(controlled: [.b])
        #expect(board.press(.character("2")).isEmpty)
        #expect(board.notice?.text == "It is Lan's turn")
    }

    @Test("q during a match asks first; n stays, y leaves")
    func quitAsksFirst() {
        var board = Self.board()
        #expect(board.press(.character("q")).isEmpty)
        #expect(board.overlay == .confirmQuit)
        #expect(board.press(.character("n")).isEmpty)
        #expect(board.overlay == BoardModel.Overlay.none)
        _ = board.press(.character("q"))
        #expect(board.press(.character("y")) == [.leave])
    }

    @Test("? opens the walk-through, paged with the arrows")
    func walkthrough() {
        var board = Self.board()
        _ = board.press(.character("?"))
        #expect(board.overlay == .walkthrough(page: 0))
        _ = board.press(.right)
        _ = board.press(.right)
        _ = board.press(.left)
        #expect(board.overlay == .walkthrough(page: 1))
        let frame = BoardRenderer.frame(of: board, width: 80, height: 24)
        #expect(frame.text.contains("How to play (2/\(Walkthrough.pages.count))"))
        _ = board.press(.escape)
        #expect(board.overlay == BoardModel.Overlay.none)
    }

    @Test(
        "the animation replays the events and ends exactly on the host's state", arguments: [1, 2, 3, 4, 5] as [UInt64])
    func animationEndsOnTheState(seed: UInt64) throws {
        var state = GameState()
        var board = Self.board(controlled: [.a, .b], stepSeconds: 1)
        var generator = SplitMix64(seed: seed)
        var clock = 0.0
        while !state.isOver {
            let mover = state.turn
            let move = RandomBot().chooseMove(in: state, using: &generator)
            let events = try state.apply(move)
            board.show(state, after: (mover, move), events: events)
            while board.isAnimating {
                clock += 1
                _ = board.tick(now: clock)
            }
            #expect(board.shown == BoardView(state))
        }
        #expect(board.result?.contains("winner") == true || board.result?.contains("draw") == true)
    }

    @Test("the frame fits 80x24, shows the board, the names and the turn flag")
    func frameFits() {
        let board = Self.board()
        let frame = BoardRenderer.frame(of: board, width: 80, height: 24)
        #expect(frame.lines.count == 24)
        #expect(frame.textLines.allSatisfy { $0.count <= 80 })
        for text in [
            "top  10", "bottom  10", "A1     5", "5     B5", "collection", "Lan (A)", "Minh (B)", ">> YOUR TURN <<",
        ] {
            #expect(frame.text.contains(text), "\(text)")
        }
    }

    @Test("a small terminal gets a notice saying how big it must be, and that keys wait")
    func tooSmall() {
        let frame = BoardRenderer.frame(of: Self.board(), width: 60, height: 20)
        #expect(frame.text.contains("the board needs 80x24"))
        #expect(frame.text.contains("keys wait until the board fits"))
    }

    @Test("Esc deselects the bank and clears its message")
    func escapeClears() {
        var board = Self.board()
        _ = board.press(.character("1"))
        #expect(board.notice?.text == "Bank 1 selected: Up or Down to sow, Esc to deselect")
        _ = board.press(.escape)
        #expect(board.selected == nil)
        #expect(board.notice == nil)
        #expect(!BoardRenderer.frame(of: board, width: 80, height: 24).text.contains("selected"))
    }

    @Test("the turn flag, the last: line and the winner wait for the move's animation to end")
    func settledAfterTheAnimation() throws {
        var board = Self.board(controlled: [.a], stepSeconds: 1)
        var state = GameState()
        let events = try state.apply(.sow(bank: 5, direction: .down))
        board.show(state, after: (.a, .sow(bank: 5, direction: .down)), events: events)
        #expect(board.isAnimating)
        var frame = BoardRenderer.frame(of: board, width: 80, height: 24).text
        #expect(!frame.contains(">> TO MOVE <<") && !frame.contains(">> YOUR TURN <<"))
        #expect(!frame.contains("last:"))
        #expect(frame.contains("Lan (A) is sowing"))
        var clock = 0.0
        while board.isAnimating {
            clock += 1
            _ = board.tick(now: clock)
        }
        frame = BoardRenderer.frame(of: board, width: 80, height: 24).text
        #expect(frame.contains(">> TO MOVE <<"))
        #expect(frame.contains("last: Lan: A5 down"))
    }

    @Test("the winner appears when the last move's animation ends, and once")
    func winnerOnce() throws {
        var state = GameState()
        var board = Self.board(controlled: [.a, .b], stepSeconds: 1)
        var generator = SplitMix64(seed: 3)
        var clock = 0.0
        while !state.isOver {
            let mover = state.turn
            let move = RandomBot().chooseMove(in: state, using: &generator)
            let events = try state.apply(move)
            board.show(state, after: (mover, move), events: events)
            if state.isOver {
                #expect(board.isAnimating)
                #expect(!BoardRenderer.frame(of: board, width: 80, height: 24).text.contains("Game over"))
            }
            while board.isAnimating {
                clock += 1
                _ = board.tick(now: clock)
            }
        }
        let text = BoardRenderer.frame(of: board, width: 80, height: 24).text
        let winners = text.components(separatedBy: "is the winner").count - 1
        let announcements = winners + text.components(separatedBy: "draw").count - 1
        #expect(announcements == 1, "\(text)")
        #expect(text.contains("Game over"))
    }

    @Test("a resignation is announced once, on the status line")
    func resignationOnce() {
        var board = Self.board()
        board.matchEnded(winner: .a, reason: "resigned")
        let text = BoardRenderer.frame(of: board, width: 80, height: 24).text
        #expect(text.components(separatedBy: "Minh left the match: Lan wins").count == 2, "\(text)")
    }

    @Test("the walk-through speaks to the player, not about our documents")
    func walkthroughWords() {
        let text = Walkthrough.pages.flatMap(\.lines).joined(separator: "\n")
        #expect(!text.contains("seed"))
        #expect(text.contains("the board reminds you"))
    }
}
