import CrapsRules
import GameKit
import ScreenKit

/// Draws the felt: the shooter, the two dice (the seed's glyphs and their numbers), their total, the
/// point, what the latest roll did, the seed's won or lost message, and the dice's commitment.
enum FeltRenderer {
    /// The felt's rows, from its top.
    static let height = 9

    static func draw(_ model: TableModel, on canvas: inout Canvas, x0: Int, y0: Int) {
        let felt = Style.tile(.green)
        canvas.fill(x: x0, y: y0, width: 80, height: height, felt)
        guard let state = model.state else {
            canvas.center(model.waiting ?? "Waiting for the match to start", from: x0, width: 80, y: y0 + 3, felt)
            return
        }
        let shooter = state.shooter.map {
            "\(model.name($0)) (\($0))" + (model.controlled.contains($0) ? " · you" : "")
        }
        canvas.put("SHOOTER  " + (shooter ?? "nobody"), x: x0 + 3, y: y0 + 1, felt)
        let dice = model.shownDice
        self.drawDie(dice?.first, on: &canvas, x: x0 + 3, y: y0 + 2)
        self.drawDie(dice?.second, on: &canvas, x: x0 + 16, y: y0 + 2)
        let total = model.isAnimating ? "total …" : dice.map { "total \($0.total)" } ?? "total -"
        canvas.put(total, x: x0 + 30, y: y0 + 3, felt)
        self.drawPoint(state.point, on: &canvas, x: x0 + 46, y: y0 + 2)
        if let last = model.lastMove, !model.isAnimating {
            for (row, line) in TableRenderer.wrap(last, width: 76).prefix(2).enumerated() {
                canvas.center(line, from: x0, width: 80, y: y0 + 5 + row, felt)
            }
        }
        if let outcome = model.outcome, !model.isAnimating {
            canvas.center(String(outcome.text.prefix(76)), from: x0, width: 80, y: y0 + 7, outcome.style)
        }
        if let audit = model.audit {
            let failed = if case .failed? = audit.check { true } else { false }
            canvas.put(String(audit.line.prefix(78)), x: x0 + 1, y: y0 + 8, failed ? .warning : felt)
        }
    }

    /// A die: a white tile with the seed's glyph and the number.
    static func drawDie(_ value: Int?, on canvas: inout Canvas, x: Int, y: Int) {
        let die = Style.tile(.white)
        canvas.fill(x: x, y: y, width: 11, height: 3, die)
        canvas.center(value.map(DiceFace.label) ?? "-", from: x, width: 11, y: y + 1, die)
    }

    /// The point's puck: "ON" and the number while it is on, "OFF" while it is off.
    static func drawPoint(_ point: Int?, on canvas: inout Canvas, x: Int, y: Int) {
        let puck = point == nil ? Style.tile(.grey) : Style.tile(.white)
        canvas.fill(x: x, y: y, width: 16, height: 3, puck)
        canvas.center("THE POINT", from: x, width: 16, y: y, puck)
        canvas.center(point.map { "ON  \($0)" } ?? "OFF", from: x, width: 16, y: y + 1, puck)
        canvas.center(point == nil ? "come-out roll" : "7 loses", from: x, width: 16, y: y + 2, puck)
    }
}
