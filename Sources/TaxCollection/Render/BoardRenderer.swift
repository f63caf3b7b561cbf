import ScreenKit
import TaxCollectionRules

/// Draws a ``BoardModel`` as a ``Frame`` in the seed's layout: A's banks on the left, B's on the right,
/// the treasuries above and below, each player's collection beside their column.
public enum BoardRenderer {
    /// The smallest terminal the board fits.
    public static let minimumSize = TerminalSize.standard
    /// The room for the `last:` line's summary of a move.
    public static let lastMoveWidth = 70
    /// The room for a message line.
    static let lineWidth = 76

    /// Draws the model.
    /// - Parameters:
    ///   - model: the board.
    ///   - width: the terminal's columns.
    ///   - height: the terminal's rows.
    /// - Returns: exactly `height` lines.
    public static func frame(of model: BoardModel, width: Int, height: Int) -> Frame {
        let size = TerminalSize(width: width, height: height)
        guard size.fits(minimumSize) else { return size.tooSmallFrame(for: minimumSize) }
        var canvas = Canvas(width: width, height: height)
        let x0 = (width - minimumSize.width) / 2
        let y0 = (height - minimumSize.height) / 2
        self.drawTitle(model, on: &canvas, x0: x0, y0: y0)
        if case .walkthrough(let page) = model.overlay {
            WalkthroughRenderer.draw(page: page, seatCode: model.seatCode, on: &canvas, x0: x0, y0: y0)
        } else {
            self.drawBoard(model, on: &canvas, x0: x0, y0: y0)
            self.drawPlayers(model, on: &canvas, x0: x0, y0: y0)
            self.drawMessages(model, on: &canvas, x0: x0, y0: y0)
        }
        self.drawKeys(model.keys, on: &canvas, x0: x0, y: y0 + 22)
        return canvas.frame
    }

    static func drawTitle(_ model: BoardModel, on canvas: inout Canvas, x0: Int, y0: Int) {
        canvas.fill(x: x0, y: y0, width: 80, .title)
        let turn = "turn \(model.state.turns + (model.state.isOver ? 0 : 1))"
        let link: String
        switch model.link {
        case .local: link = "\(turn) of \(model.state.rules.turnCap) "
        case .online: link = "online · \(turn) "
        case .reconnecting(let attempt): link = "reconnecting... (try \(attempt)) "
        case .lost: link = "disconnected "
        }
        let title = " Tax Collection · \(model.title) · \(model.state.rules.name)"
        canvas.put(title, x: x0, y: y0, width: 80 - link.count - 1, .title)
        canvas.put(link, x: x0 + 80 - link.count, y: y0, .title)
    }

    // MARK: The board

    static func drawBoard(_ model: BoardModel, on canvas: inout Canvas, x0: Int, y0: Int) {
        let view = model.shown
        let focus = model.step?.focus
        // NB: the board spans columns 24...55: two bank columns of 13 with a gap of 6 between them.
        let left = x0 + 24
        let right = x0 + 43
        self.drawTreasury("top", view.top, square: .top, focus: focus, on: &canvas, x: left, y: y0 + 3)
        for number in 1...5 {
            let y = y0 + 3 + 2 * number
            for seat in Seat.allCases {
                let x = seat == .a ? left : right
                let count = view.banks[seat][number - 1]
                let square = Square.bank(seat, number)
                let isSelected = model.selected == number && model.state.turn == seat && model.mayMove
                let style: Style = focus == square ? .focus : isSelected ? .tile(.red) : .tile(.grey)
                let mark = focus == square ? "*" : isSelected ? ">" : " "
                let endMark = focus == square ? "*" : isSelected ? "<" : " "
                let label = "\(seat)\(number)"
                let body =
                    seat == .a
                    ? "\(mark)\(label)  \(self.pad(count, 4)) \(endMark)"
                    : "\(mark)\(self.pad(count, 4, left: true))  \(label)\(endMark)"
                canvas.fill(x: x, y: y, width: 13, style)
                canvas.put(body, x: x + 1, y: y, width: 12, style)
            }
        }
        self.drawTreasury("bottom", view.bottom, square: .bottom, focus: focus, on: &canvas, x: left, y: y0 + 15)
        if let step = model.step {
            canvas.center(step.caption, from: x0, width: 80, y: y0 + 17, .focus)
            if step.caption.count > 80 { canvas.put(step.caption, x: x0, y: y0 + 17, width: 80, .focus) }
        }
    }

    static func drawTreasury(
        _ name: String, _ count: Int, square: Square, focus: Square?, on canvas: inout Canvas, x: Int, y: Int
    ) {
        let style: Style = focus == square ? .focus : .tile(.orange)
        canvas.fill(x: x, y: y, width: 32, style)
        let text = focus == square ? "* \(name)  \(count) *" : "\(name)  \(count)"
        canvas.center(text, from: x, width: 32, y: y, style)
    }

    // MARK: Players, collections, turn flag

    static func drawPlayers(_ model: BoardModel, on canvas: inout Canvas, x0: Int, y0: Int) {
        let view = model.shown
        for seat in Seat.allCases {
            let x = seat == .a ? x0 + 2 : x0 + 60
            // NB: a name may hold 24 characters: the name line spans half the screen, above the board.
            var name = "\(model.names[seat]) (\(seat))"
            if model.controlled.count == 1, model.controlled.contains(seat) { name += " · you" }
            canvas.put(name, x: seat == .a ? x0 + 2 : x0 + 78 - name.count, y: y0 + 2, width: 36)
            if model.hasMatch, model.result == nil, !model.state.isOver, !model.isAnimating, model.state.turn == seat {
                let flag =
                    model.controlled.contains(seat) && model.controlled.count == 1 ? ">> YOUR TURN <<" : ">> TO MOVE <<"
                canvas.put(flag, x: x, y: y0 + 4, .turnFlag)
            }
            if let deadline = model.away[seat] {
                let left = Int((deadline - model.now).rounded(.up))
                let text =
                    left > 0
                    ? "away: \(left / 60):\(self.two(left % 60)) held" : model.paused ? "away · paused" : "away"
                canvas.put(text, x: x, y: y0 + 5, width: 18, .warning)
            }
            canvas.fill(x: x, y: y0 + 7, width: 16, height: 4, .tile(.purple))
            canvas.center("collection", from: x, width: 16, y: y0 + 8, .tile(.purple))
            canvas.center("\(view.collections[seat])", from: x, width: 16, y: y0 + 9, .tile(.purple))
            let debt = view.debts[seat] > 0 ? " owes \(view.debts[seat])" : ""
            let score = view.collections[seat] - view.debts[seat] + view.debts[seat.opponent]
            canvas.put("score \(score)\(debt)", x: x, y: y0 + 12, width: 20)
            if let code = model.seatCode, !model.hasMatch, model.controlled == [seat] {
                canvas.put("your seat code", x: x, y: y0 + 14, .dim)
                canvas.put(code, x: x, y: y0 + 15, .key)
            }
        }
    }

    // MARK: Messages and keys

    static func drawMessages(_ model: BoardModel, on canvas: inout Canvas, x0: Int, y0: Int) {
        if let last = model.lastMove {
            canvas.put("last: " + last, x: x0 + 2, y: y0 + 18, width: lineWidth, .dim)
        }
        // NB: rows 19 to 21 hold the notice, then the status (or the quit question), each wrapped.
        let status: ([String], Style)
        if model.overlay == .confirmQuit {
            status = (["Leave the match? Leaving gives it to your opponent.  y: leave   n: stay"], .warning)
        } else {
            status = (Canvas.wrap(self.status(of: model), width: lineWidth), .turnFlag)
        }
        var y = y0 + 19
        if let notice = model.notice {
            let room = max(1, 3 - status.0.count)
            y += canvas.wrap(notice.text, x: x0 + 2, y: y, width: lineWidth, lines: room, notice.style)
        }
        for line in status.0.prefix(max(0, y0 + 22 - y)) {
            if status.1 == .warning { canvas.fill(x: x0 + 2, y: y, width: lineWidth, .warning) }
            canvas.put(line, x: x0 + 2, y: y, width: lineWidth, status.1)
            y += 1
        }
    }

    /// The status line: whose turn, and whether this terminal may move.
    static func status(of model: BoardModel) -> String {
        if let waiting = model.waiting, !model.hasMatch { return waiting }
        if model.isAnimating, let mover = model.animatedMover {
            return "\(model.names[mover]) (\(mover)) is sowing · space skips the animation"
        }
        if let result = model.result {
            guard !model.controlled.isEmpty else { return "Game over. " + result }
            let keys = model.link == .local ? "n: play again   q: quit" : "n: rematch   q: back to the lobby"
            return "Game over. " + result + "   " + keys
        }
        if model.paused && model.diskFull {
            return "The match is paused: the host's disk is full. It goes on by itself once there is room"
        }
        if model.paused {
            let away = Seat.allCases.filter { model.away[$0] != nil }.map { model.names[$0] }
            return
                "The match is paused until \(away.isEmpty ? "every player" : away.joined(separator: " and ")) is back"
        }
        let mover = model.names[model.state.turn]
        if model.controlled.isEmpty { return "\(mover) (\(model.state.turn)) to move · you are watching" }
        guard model.controlled.contains(model.state.turn) else {
            return "\(mover) (\(model.state.turn)) to move · waiting for them"
        }
        let who = model.controlled.count > 1 ? "\(mover) (\(model.state.turn)) to move" : "Your turn, \(mover)"
        if model.state.phase == .refill { return "\(who): your banks are empty, press r to refill" }
        return model.selected == nil
            ? "\(who): choose a bank, 1-5" : "\(who): Up or Down to sow bank \(model.selected ?? 0)"
    }

    static func drawKeys(_ keys: [(keys: String, meaning: String)], on canvas: inout Canvas, x0: Int, y: Int) {
        var x = x0 + 1
        var y = y
        for (key, meaning) in keys {
            if x + key.count + meaning.count + 1 > x0 + 79 {
                x = x0 + 1
                y += 1
            }
            canvas.put(key, x: x, y: y, .key)
            x += key.count + 1
            canvas.put(meaning, x: x, y: y, .dim)
            x += meaning.count + 2
        }
    }

    static func pad(_ value: Int, _ width: Int, left: Bool = false) -> String {
        let text = "\(value)"
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return left ? text + padding : padding + text
    }

    static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}

/// Draws a page of the walk-through over the board.
enum WalkthroughRenderer {
    static func draw(page index: Int, seatCode: String?, on canvas: inout Canvas, x0: Int, y0: Int) {
        let page = Walkthrough.pages[max(0, min(index, Walkthrough.pages.count - 1))]
        canvas.put("How to play (\(index + 1)/\(Walkthrough.pages.count)): \(page.title)", x: x0 + 4, y: y0 + 2, .title)
        for (row, line) in page.lines.prefix(14).enumerated() {
            canvas.put(line, x: x0 + 6, y: y0 + 4 + row, width: 72)
        }
        if let seatCode {
            canvas.put(
                "Your seat code is \(seatCode). From any machine, take your seat back with:", x: x0 + 4, y: y0 + 19,
                width: 76, .plain)
            canvas.put("tcnet join HOST --resume \(seatCode)", x: x0 + 6, y: y0 + 20, .key)
        }
        canvas.put("Left/Up: back   Right/Down: next   any other key: back to the board", x: x0 + 4, y: y0 + 21, .dim)
    }
}
