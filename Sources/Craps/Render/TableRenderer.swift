import CrapsRules
import GameKit
import ScreenKit

/// Draws a ``TableModel`` as a ``Frame``: the felt with the two dice, their total and the point; the ante
/// slider and the balance; every player at the table; the messages; the keys.
public enum TableRenderer {
    /// The smallest terminal the table fits.
    public static let minimumSize = (width: 80, height: 24)

    /// Draws the model.
    /// - Parameters:
    ///   - model: the table.
    ///   - width: the terminal's columns.
    ///   - height: the terminal's rows.
    /// - Returns: exactly `height` lines.
    public static func frame(of model: TableModel, width: Int, height: Int) -> Frame {
        var canvas = Canvas(width: width, height: height)
        guard width >= minimumSize.width, height >= minimumSize.height else {
            canvas.put(
                "tcnet needs a terminal of at least 80x24; this one is \(width)x\(height).", x: 0, y: 0, .warning)
            canvas.put("Enlarge it, or press q to quit.", x: 0, y: 1)
            return canvas.frame
        }
        let x0 = (width - minimumSize.width) / 2
        let y0 = (height - minimumSize.height) / 2
        self.drawTitle(model, on: &canvas, x0: x0, y0: y0)
        FeltRenderer.draw(model, on: &canvas, x0: x0, y0: y0 + 2)
        self.drawAnte(model, on: &canvas, x0: x0, y0: y0)
        PlayersRenderer.draw(model, on: &canvas, x0: x0, y0: y0 + 13)
        self.drawMessages(model, on: &canvas, x0: x0, y0: y0)
        self.drawKeys(model, on: &canvas, x0: x0, y: y0 + 22)
        return canvas.frame
    }

    static func drawTitle(_ model: TableModel, on canvas: inout Canvas, x0: Int, y0: Int) {
        canvas.fill(x: x0, y: y0, width: 80, .title)
        canvas.put(" Craps · \(model.title)", x: x0, y: y0, .title)
        var decision = ""
        if let state = model.state {
            let number = state.decisions + (state.isOver ? 0 : 1)
            decision = "decision \(number)" + (state.decisionLimit > 0 ? " of \(state.decisionLimit)" : "")
        }
        let link: String
        switch model.link {
        case .local: link = decision + " "
        case .online: link = "online" + (decision.isEmpty ? "" : " · " + decision) + " "
        case .reconnecting(let attempt): link = "reconnecting... (try \(attempt)) "
        case .lost(let why): link = "disconnected: \(why) "
        }
        let text = String(link.prefix(44))
        canvas.put(text, x: x0 + 80 - text.count, y: y0, .title)
    }

    // MARK: The ante and the balance

    static func drawAnte(_ model: TableModel, on canvas: inout Canvas, x0: Int, y0: Int) {
        let slider = model.slider
        canvas.put("Ante", x: x0 + 2, y: y0 + 11, .key)
        canvas.put("$0", x: x0 + 8, y: y0 + 11, .dim)
        canvas.put(slider.track(width: 44), x: x0 + 11, y: y0 + 11, .tile(.green))
        canvas.put("$500", x: x0 + 56, y: y0 + 11, .dim)
        let value = slider.value.description
        canvas.put(value, x: x0 + 71 - value.count, y: y0 + 11, .focus)
        canvas.put(String(self.anteLine(model).prefix(76)), x: x0 + 2, y: y0 + 12)
    }

    /// The line under the slider: the ante in force, the balance, and what Enter would do.
    static func anteLine(_ model: TableModel) -> String {
        guard let me = model.me, let state = model.state else {
            return model.controlled.isEmpty ? "You are watching: every player's ante is in the table below" : ""
        }
        // NB: at a local table the players' table marks whose keys these are ("< keys").
        let who = model.controlled.count > 1 ? "Ante" : "Your ante"
        var line = "\(who) \(me.ante) · balance \(me.balance)"
        if me.isBankrupt && me.isIn {
            line += " · bankrupt: x resets"
        } else if state.point != nil {
            line += " · locked until the point is decided"
        } else if model.slider.value != me.ante {
            line += " · Enter bets \(model.slider.value)"
        }
        return line
    }

    // MARK: Messages and keys

    static func drawMessages(_ model: TableModel, on canvas: inout Canvas, x0: Int, y0: Int) {
        if let notice = model.notice {
            canvas.put(String(notice.text.prefix(78)), x: x0 + 1, y: y0 + 20, notice.style)
        }
        switch model.overlay {
        case .confirmQuit:
            let text = " Leave the match? Your balance stays as it is.  y: leave   n: stay "
            canvas.fill(x: x0 + 1, y: y0 + 21, width: 78, .warning)
            canvas.put(text, x: x0 + 1, y: y0 + 21, .warning)
        case .seedEntry(let text):
            canvas.fill(x: x0 + 1, y: y0 + 21, width: 78, .focus)
            canvas.put(" Seed: \(text)_", x: x0 + 1, y: y0 + 21, .focus)
            canvas.put("Enter gives it · Esc cancels ", x: x0 + 50, y: y0 + 21, .focus)
        case .none:
            canvas.put(String(self.status(of: model).prefix(78)), x: x0 + 1, y: y0 + 21, .turnFlag)
        }
    }

    /// The status line: who holds the dice, and what this terminal may do.
    static func status(of model: TableModel) -> String {
        guard let state = model.state else { return model.waiting ?? "Waiting for the match to start" }
        if model.result != nil || state.isOver {
            return "Match over." + (model.controlled.isEmpty ? "" : "  n: rematch  q: quit")
        }
        if let me = model.me, me.isBankrupt, me.isIn {
            let who = model.controlled.count > 1 ? "\(model.name(me.seat)) is" : "You're"
            return "\(who) bankrupt: press x to start again with \(CrapsTable.startingBalance)"
        }
        guard let shooter = state.shooter else {
            return "Nobody can cover an ante: a bankrupt player who resets takes the dice"
        }
        if model.controlled.isEmpty { return "\(model.name(shooter)) (\(shooter)) rolls · you are watching" }
        guard model.controlled.contains(shooter) else {
            return "\(model.name(shooter)) (\(shooter)) holds the dice: waiting for the roll"
        }
        let who = model.controlled.count > 1 ? "\(model.name(shooter))'s roll" : "Your roll"
        let line = "\(who): press r or space"
        let point = state.point.map { " (the point is \($0): roll it again before a 7)" } ?? " (the come-out roll)"
        // NB: the point is on the felt too; the reminder goes only where it fits.
        return line.count + point.count <= 78 ? line + point : line
    }

    static func drawKeys(_ model: TableModel, on canvas: inout Canvas, x0: Int, y: Int) {
        var x = x0 + 1
        var y = y
        let shown = TableModel.keyHelp.filter { keys, _ in
            switch keys {
            case "Tab": model.controlled.count > 1
            case "n": model.result != nil
            default: true
            }
        }
        for (keys, meaning) in shown {
            if x + keys.count + meaning.count + 1 > x0 + 79 {
                x = x0 + 1
                y += 1
            }
            canvas.put(keys, x: x, y: y, .key)
            x += keys.count + 1
            canvas.put(meaning, x: x, y: y, .dim)
            x += meaning.count + 2
        }
    }

    /// An amount in at most `width` characters: "$1234.50", or without cents, or in millions when longer.
    public static func money(_ amount: Money, width: Int) -> String {
        let full = amount.description
        if full.count <= width { return full }
        let dollars = "$\(amount.cents / 100)"
        if dollars.count <= width { return dollars }
        var value = Double(amount.cents) / 100
        var exponent = 0
        while value >= 10 {
            value /= 10
            exponent += 1
        }
        let tenths = Int((value * 10).rounded(.down))
        return "$\(tenths / 10).\(tenths % 10)e\(exponent)"
    }

    static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    /// Text cut into lines of at most `width` characters at spaces (a word longer than a line is cut).
    public static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
            while line.count > width {
                lines.append(String(line.prefix(width)))
                line = String(line.dropFirst(width))
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
