import ScreenKit

extension TipForm {
    /// The form, drawn: the title bar, the two labelled fields, the button, the results and the keys.
    public func frame(width: Int, height: Int) -> Frame {
        var canvas = Canvas(width: width, height: height)
        canvas.fill(x: 0, y: 0, width: width, .title)
        canvas.put(" tcnet · Tip Calculator", x: 0, y: 0, .title)
        let left = max(2, (width - 62) / 2)
        let box = 40
        canvas.put("Tip Calculator", x: left, y: 2, .key)
        for (index, (field, entry)) in [(TipField.check, self.check), (.percentage, self.percentage)].enumerated() {
            let y = 4 + index * 2
            let focused = self.focus.rawValue == index
            canvas.put(field.rawValue, x: left, y: y, focused ? .focus : .plain)
            let style: Style
            switch entry {
            case .error: style = .warning
            case .text: style = focused ? .tile(.white) : .dim
            }
            let shown = String(entry.shown.suffix(box - 2))
            canvas.put("[" + String(repeating: " ", count: box - 2) + "]", x: left + 18, y: y, .plain)
            canvas.fill(x: left + 19, y: y, width: box - 2, style == .dim ? .plain : style)
            let cursor = focused && entry.isText ? "▏" : ""
            canvas.put(shown + cursor, x: left + 19, y: y, style == .dim ? .plain : style)
            if field == .percentage { canvas.put("%", x: left + 18 + box + 1, y: y) }
        }
        let button = self.focus == .calculate ? Style.focus : Style.turnFlag
        canvas.put("[ Calculate ]", x: left + 18, y: 8, button)
        canvas.put("Tip amount", x: left, y: 10)
        canvas.put(self.result.map { "\($0.tip)" } ?? "", x: left + 19, y: 10, .good)
        canvas.put("Total", x: left, y: 11)
        canvas.put(self.result.map { "\($0.total)" } ?? "", x: left + 19, y: 11, .good)
        let help = "Tab/Up/Down: next field   Enter: calculate   Esc: quit"
        canvas.put(help, x: left, y: min(height - 1, 14), .dim)
        return canvas.frame
    }
}

extension TipForm.Entry {
    var isText: Bool {
        if case .text = self { return true }
        return false
    }
}
