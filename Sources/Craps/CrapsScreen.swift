import CrapsRules
import GameKit
import ScreenKit

/// Craps as a ``GameScreen``: the seed's single screen (two dice, their total, the point, the ante
/// slider, the balance, the won, lost and bankrupt messages) on a felt table for one to six players
/// (``TableModel``, drawn by ``TableRenderer``).
public struct CrapsScreen: GameScreen {
    public typealias G = CrapsGame

    /// The table's model.
    public private(set) var table: TableModel

    public init(_ setup: ScreenSetup) {
        self.table = TableModel(
            seats: setup.seats, controlled: setup.controlled, title: setup.title, stepSeconds: setup.stepSeconds)
    }

    public mutating func show(
        _ state: CrapsState, after move: ShownMove<CrapsMove>?, events: [CrapsEvent], newMatch: Bool
    ) {
        self.table.show(state, after: move.map { ($0.mover, $0.move) }, events: events, newMatch: newMatch)
    }

    public mutating func matchEnded(_ result: GameResult) {
        self.table.matchEnded(result)
    }

    public mutating func update(_ news: TableNews) {
        for seat in self.table.seats {
            self.table.names[seat] = news.names[seat] ?? "(free seat)"
            let heldUntil = news.away[seat]
            if let heldUntil, self.table.away[seat] != heldUntil {
                self.table.playerAway(seat, graceSeconds: heldUntil - self.table.now)
            } else if heldUntil == nil {
                self.table.playerBack(seat)
            }
        }
        self.table.link = news.link
        self.table.waiting = news.waiting
    }

    public mutating func warn(_ message: String, rule: String?, details: [String: Int]) {
        self.table.warn(message, rule: rule, details: details)
    }

    public mutating func inform(_ message: String) {
        self.table.inform(message)
    }

    public mutating func press(_ key: Key) -> [ScreenAction<CrapsMove>] {
        self.table.press(key).map(self.screenAction)
    }

    public mutating func followUp() -> [ScreenAction<CrapsMove>] {
        self.table.followUp().map(self.screenAction)
    }

    public mutating func tick(now: Double) -> Bool {
        self.table.tick(now: now)
    }

    public var isBusy: Bool { self.table.isAnimating }

    public func frame(width: Int, height: Int) -> Frame {
        TableRenderer.frame(of: self.table, width: width, height: height)
    }

    private func screenAction(_ action: TableModel.Action) -> ScreenAction<CrapsMove> {
        switch action {
        // NB: a terminal that plays one seat moves as itself; a local table names the person's seat.
        case .move(let move, let seat): self.table.controlled.count == 1 ? .move(move) : .moveAs(seat, move)
        case .rematch: .rematch
        case .leave: .leave
        case .quit: .quit
        }
    }
}
