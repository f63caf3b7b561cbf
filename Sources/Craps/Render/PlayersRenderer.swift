import CrapsRules
import GameKit
import ScreenKit

/// Draws every seat of the table, one row each: who holds the dice, the name, this terminal's seat or an
/// absent player, the balance, the ante, and what the latest decision did for it (or its place once the
/// match is over).
enum PlayersRenderer {
    /// The columns, from the left edge of the 80 columns.
    enum Column {
        static let mark = 1
        static let seat = 3
        static let name = 7
        static let tag = 32
        static let balanceEnd = 55
        static let anteEnd = 66
        static let status = 68
    }

    static func draw(_ model: TableModel, on canvas: inout Canvas, x0: Int, y0: Int) {
        canvas.put("seat", x: x0 + Column.seat - 1, y: y0, .dim)
        canvas.put("player", x: x0 + Column.name, y: y0, .dim)
        canvas.put("balance", x: x0 + Column.balanceEnd - 7, y: y0, .dim)
        canvas.put("ante", x: x0 + Column.anteEnd - 4, y: y0, .dim)
        canvas.put("last", x: x0 + Column.status, y: y0, .dim)
        for (row, seat) in model.seats.prefix(6).enumerated() {
            self.drawSeat(seat, model, on: &canvas, x0: x0, y: y0 + 1 + row)
        }
    }

    static func drawSeat(_ seat: SeatName, _ model: TableModel, on canvas: inout Canvas, x0: Int, y: Int) {
        let player = model.state?.player(seat)
        let shoots = model.state?.shooter == seat && model.state?.isOver == false
        let style: Style = seat == model.active && model.controlled.count > 1 ? .turnFlag : .plain
        if shoots { canvas.put(">", x: x0 + Column.mark, y: y, .focus) }
        canvas.put(seat, x: x0 + Column.seat, y: y, style)
        canvas.put(String(model.name(seat).prefix(24)), x: x0 + Column.name, y: y, style)
        if let tag = self.tag(seat, model) {
            canvas.put(tag.text, x: x0 + Column.tag, y: y, tag.style)
        }
        guard let player else { return }
        let balance = TableRenderer.money(player.balance, width: 12)
        canvas.put(balance, x: x0 + Column.balanceEnd - balance.count, y: y)
        let ante = player.isIn && !player.isBankrupt ? TableRenderer.money(player.ante, width: 10) : "-"
        canvas.put(ante, x: x0 + Column.anteEnd - ante.count, y: y)
        let status = self.status(of: player, model)
        canvas.put(status.text, x: x0 + Column.status, y: y, status.style)
    }

    /// "you", or how long an absent player's seat is still held.
    static func tag(_ seat: SeatName, _ model: TableModel) -> (text: String, style: Style)? {
        if let deadline = model.away[seat] {
            let left = max(0, Int((deadline - model.now).rounded(.up)))
            return ("away \(left / 60):\(TableRenderer.two(left % 60))", .warning)
        }
        guard model.controlled.contains(seat) else { return nil }
        if model.controlled.count == 1 { return ("you", .turnFlag) }
        return seat == model.active ? ("< keys", .turnFlag) : nil
    }

    /// What the latest decision did for a seat, its status when out or bankrupt, or its place at the end.
    static func status(of player: CrapsPlayer, _ model: TableModel) -> (text: String, style: Style) {
        if let rank = model.places[player.seat] { return ("place \(rank)", rank == 1 ? .good : .plain) }
        switch player.status {
        case .resigned: return ("left", .dim)
        case .forfeit: return ("forfeit", .dim)
        case .bankrupt: return ("bankrupt", .warning)
        case .playing: break
        }
        switch player.last {
        case .won?: return ("won", .good)
        case .lost?: return ("lost", .warning)
        case nil: return ("", .plain)
        }
    }
}
