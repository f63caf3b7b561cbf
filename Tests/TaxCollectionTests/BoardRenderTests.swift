import GameKit
import ScreenKit
import TaxCollection
import TaxCollectionRules
import TestScheduling
import Testing

/// Every state a board can show, drawn at 80x24 with the longest names (24 characters): no text is
/// cut (the canvas records what does not fit), and the names are whole.
@Suite("Board: nothing cut at 80x24 with 24-character names", .offThePool)
struct BoardRenderTests {
    static let names = BySeat(a: "Wwwwwwwwwwwwwwwwwwwwwwww", b: "Nguyen Thi Minh Khai Lan")

    /// The frames of a whole random game, every animation step, for a board seen from `controlled`.
    static func frames(controlled: Set<Seat>, link: Link, seed: UInt64, rules: RuleSet = .classic) throws -> [(
        String, Frame
    )] {
        var board = BoardModel(
            names: Self.names, controlled: controlled, title: "table t12", rules: rules, stepSeconds: 1)
        board.link = link
        board.seatCode = "XVM5W-MJAAV"
        board.waiting = "Waiting for an opponent to sit at table t12 (tcnet join ... --table t12)"
        var frames: [(String, Frame)] = [("waiting", BoardRenderer.frame(of: board, width: 80, height: 24))]
        var state = GameState(rules: rules)
        board.show(state, newMatch: true)
        var generator = SplitMix64(seed: seed)
        var clock = 0.0
        while !state.isOver {
            let mover = state.turn
            let move = RandomBot().chooseMove(in: state, using: &generator)
            let events = try state.apply(move)
            board.show(state, after: (mover, move), events: events)
            repeat {
                frames.append(("move \(state.turns)", BoardRenderer.frame(of: board, width: 80, height: 24)))
                clock += 1
                _ = board.tick(now: clock)
            } while board.isAnimating
            frames.append(("after move \(state.turns)", BoardRenderer.frame(of: board, width: 80, height: 24)))
            if !controlled.isEmpty {
                for key: Key in [.character("1"), .character("r"), .up, .character("n"), .character("2")] {
                    var pressed = board
                    _ = pressed.press(key)
                    frames.append(("key \(key)", BoardRenderer.frame(of: pressed, width: 80, height: 24)))
                }
            }
        }
        return frames
    }

    /// Boards with every notice, overlay, presence and ending the table client or the board can give.
    static func situations() -> [(String, BoardModel)] {
        var list: [(String, BoardModel)] = []
        for controlled: Set<Seat> in [[.a], [.b], [.a, .b], []] {
            var board = BoardModel(names: Self.names, controlled: controlled, title: "table t12", stepSeconds: 0)
            board.link = .online
            board.seatCode = "XVM5W-MJAAV"
            board.show(GameState(), newMatch: true)
            for page in 0..<Walkthrough.pages.count {
                var walk = board
                _ = walk.press(.character("?"))
                for _ in 0..<page { _ = walk.press(.right) }
                list.append(("walk-through \(page)", walk))
            }
            var confirm = board
            _ = confirm.press(.character("q"))
            list.append(("confirm quit", confirm))
            let messages = [
                "Rematch offered; waiting for \(names.b)", "\(names.a) offers a rematch: press n to play again",
                "\(names.b) offers a draw", "The match is paused until every player is back",
                "the move was made on state 3; the current state is 4",
                "Seat code XVM5W-MJAAV: it takes your seat back from any machine (? shows it)",
                "Not connected to the host right now: try again in a moment",
            ]
            for message in messages {
                var informed = board
                informed.inform(message)
                list.append((message, informed))
            }
            var away = board
            away.playerAway(.b, graceSeconds: 119)
            away.playerBack(.b)
            away.playerAway(.a, graceSeconds: 3600)
            list.append(("away", away))
            var paused = away
            paused.paused = true
            _ = paused.tick(now: 4000)
            list.append(("paused", paused))
            for link: Link in [
                .reconnecting(attempt: 299), .lost("the host closed the connection and never came back"),
            ] {
                var linked = board
                linked.link = link
                list.append(("link", linked))
            }
            for (winner, reason) in [(Seat.a, "resigned"), (.b, "forfeit"), (nil, "draw-agreed")] {
                var ended = board
                ended.matchEnded(winner: winner, reason: reason)
                ended.inform("\(names.b) offers a rematch: press n to play again")
                list.append((reason, ended))
            }
        }
        return list
    }

    static func cut(_ frame: Frame, _ what: String) {
        #expect(frame.overflow.isEmpty, "\(what): cut \(frame.overflow)")
        #expect(frame.lines.count == 24 && frame.textLines.allSatisfy { $0.count <= 80 }, "\(what)")
    }

    static let seatings: [(controlled: [Seat], seed: UInt64)] = [([.a], 1), ([.b], 2), ([.a, .b], 3), ([], 4)]

    @Test("whole games, every animation step and key, from each seat, watching, and local", arguments: Self.seatings)
    func games(seats: [Seat], seed: UInt64) throws {
        let controlled = Set(seats)
        for link: Link in [.online, .local] where link == .online || controlled.count == 2 {
            for (what, frame) in try Self.frames(controlled: controlled, link: link, seed: seed) {
                Self.cut(frame, what)
                if what != "waiting", !frame.text.contains("How to play") {
                    #expect(
                        frame.text.contains(Self.names.a) && frame.text.contains(Self.names.b), "\(what): a name is cut"
                    )
                }
            }
        }
    }

    @Test("every notice, overlay, presence, link and ending")
    func situations() {
        for (what, board) in Self.situations() {
            Self.cut(BoardRenderer.frame(of: board, width: 80, height: 24), what)
        }
    }

    @Test("the canvas records what it cuts: a renderer that cuts is caught")
    func canvasRecords() {
        var canvas = Canvas(width: 10, height: 2)
        canvas.put("0123456789", x: 0, y: 0)
        #expect(canvas.frame.overflow.isEmpty)
        canvas.put("0123456789", x: 1, y: 0)
        canvas.put("abc", x: 0, y: 1, width: 2)
        canvas.put("hidden", x: 0, y: 5)
        #expect(canvas.frame.overflow == ["0123456789", "abc", "hidden"])
        #expect(
            Canvas.wrap("Game over. Lan is the winner with 30 dollars", width: 12) == [
                "Game over.", "Lan is the", "winner with", "30 dollars",
            ])
        #expect(Canvas.wrap("Wwwwwwwwwwwwwwwwwwwwwwww", width: 10) == ["Wwwwwwwwww", "wwwwwwwwww", "wwww"])
    }
}
