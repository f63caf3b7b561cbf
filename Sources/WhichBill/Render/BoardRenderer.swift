import GameKit
import ScreenKit
import WhichBillRules

/// Draws ``WhichBillBoard`` in a terminal: the seed's iPad layout (the item on the left, the four
/// answer buttons on the right, the number line at the bottom) in 80×24 and up.
enum BoardRenderer {
    static func frame(of board: WhichBillBoard, width: Int, height: Int) -> Frame {
        var canvas = Canvas(width: width, height: height)
        canvas.fill(x: 0, y: 0, width: width, .title)
        canvas.put(" WhichBill · \(board.title)" + (board.name.isEmpty ? "" : " · \(board.name)"), x: 0, y: 0, .title)
        let link = Self.link(board.link)
        canvas.put(link, x: max(0, width - link.count - 1), y: 0, .title)
        guard let state = board.state else {
            canvas.put(board.waiting ?? "Waiting for the session to start", x: 2, y: 2)
            return canvas.frame
        }
        let left = max(0, (width - 80) / 2)
        Self.item(state, into: &canvas, x: left + 2, y: 2)
        Self.bills(board, state, into: &canvas, x: left + 46, y: 2)
        if state.options.numberLine {
            Self.numberLine(board, state, into: &canvas, x: left + 2, y: 13, width: 76)
        } else {
            canvas.put("(The number line is off for this session.)", x: left + 2, y: 14, .dim)
        }
        let lines = board.message.text.split(separator: "\n").flatMap {
            Self.wrap(String($0), width: min(width, 80) - 4)
        }
        for (row, line) in lines.prefix(2).enumerated() {
            canvas.put(line, x: left + 2, y: 18 + row, board.message.style)
        }
        let progress = "Item \(state.round) of \(state.options.items) · right at the first try: \(state.firstTry)"
        canvas.put(progress, x: left + 2, y: 20, .dim)
        let help =
            board.controlled
            ? "1-\(state.options.bills.count) bill  ←/→ line (Shift ±10¢, PgUp/PgDn ±$1)  P Play Again  Q quit"
            : "Watching   Q quit"
        canvas.put(help, x: left + 1, y: min(height - 1, 22), .dim)
        return canvas.frame
    }

    private static func item(_ state: WhichBillState, into canvas: inout Canvas, x: Int, y: Int) {
        for (row, line) in ItemDrawings.drawing(state.item.category).enumerated() {
            canvas.put(line, x: x, y: y + row, .tile(.orange))
        }
        canvas.put(state.item.name.prefix(1).uppercased() + state.item.name.dropFirst(), x: x + 14, y: y + 1, .key)
        canvas.put("(\(state.item.category.rawValue))", x: x + 14, y: y + 2, .dim)
        canvas.put("Cost: \(state.cost)", x: x + 14, y: y + 4, .focus)
    }

    private static func bills(
        _ board: WhichBillBoard, _ state: WhichBillState, into canvas: inout Canvas, x: Int, y: Int
    ) {
        let enabled = board.enabled
        for (index, bill) in state.options.bills.enumerated() {
            let row = y + index * 2
            let label = " \(index + 1)  \(Bills.name(bill).padding(4)) "
            if state.answer == bill, state.isAnswered {
                canvas.put(label, x: x, y: row, .tile(.green))
                canvas.put(" ✓ right", x: x + label.count, y: row, .good)
            } else if state.wrong.contains(bill) {
                canvas.put(label, x: x, y: row, .dim)
                let verdict = bill < state.cost ? BillVerdict.tooSmall : .moreThanNeeded
                canvas.put(" ✗ \(verdict.reason)", x: x + label.count, y: row, .warning)
            } else if enabled.indices.contains(index), enabled[index] {
                canvas.put(label, x: x, y: row, .tile(.white))
            } else {
                canvas.put(label, x: x, y: row, .dim)
                if board.pointing { canvas.put(" (resting)", x: x + label.count, y: row, .dim) }
            }
        }
    }

    private static func numberLine(
        _ board: WhichBillBoard, _ state: WhichBillState, into canvas: inout Canvas, x: Int, y: Int, width: Int
    ) {
        let range = NumberLine.range(of: state.options.bills)
        let span = Int(max(1, range.upperBound.cents))
        let start = x + 3
        let length = width - 10
        func column(_ cents: Int64) -> Int { start + Int(cents) * (length - 1) / span }
        canvas.put("Number line", x: x, y: y - 1, .key)
        // NB: the item's cost on the line too, so the student compares it with the bills (the seed's point).
        let cost = column(state.cost.cents)
        let costText = "cost \(state.cost)"
        if cost + 2 + costText.count <= x + width {
            canvas.put("▼ " + costText, x: cost, y: y, .tile(.orange))
        } else {
            canvas.put(costText + " ▼", x: cost - costText.count - 1, y: y, .tile(.orange))
        }
        canvas.put("$0", x: x, y: y + 1)
        var line = Array(repeating: Character("─"), count: length)
        for bill in state.options.bills { line[column(bill.cents) - start] = "┼" }
        line[0] = "├"
        line[length - 1] = "┤"
        canvas.put(String(line), x: start, y: y + 1, board.pointing ? .good : .plain)
        canvas.put(Bills.name(range.upperBound), x: start + length + 1, y: y + 1)
        for bill in state.options.bills.dropLast() {
            let name = Bills.name(bill)
            canvas.put(name, x: column(bill.cents) - name.count / 2, y: y + 2, .dim)
        }
        let marker = column(board.slider.cents)
        let style: Style = board.pointing ? .good : .focus
        // NB: the slider's value reads to the right of its mark, or to the left near the end of the line.
        if marker + 2 + board.slider.description.count <= x + width {
            canvas.put("▲ \(board.slider)", x: marker, y: y + 3, style)
        } else {
            canvas.put("\(board.slider) ▲", x: marker - board.slider.description.count - 1, y: y + 3, style)
        }
    }

    /// Words in lines of at most `width` columns.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    private static func link(_ link: Link) -> String {
        switch link {
        case .local: "on this terminal"
        case .online: "online"
        case .reconnecting(let attempt): "reconnecting (\(attempt))"
        case .lost(let why): "connection lost: \(why)"
        }
    }
}

extension String {
    fileprivate func padding(_ width: Int) -> String {
        self.count >= width ? self : self + String(repeating: " ", count: width - self.count)
    }
}
