import GameKit
import ScreenKit
import TaxCollectionRules

/// Tax Collection's board as a ``GameScreen``: the seed's iPad layout in a terminal (``BoardModel``,
/// drawn by ``BoardRenderer``).
public struct TaxCollectionScreen: GameScreen {
    public typealias G = TaxCollectionGame

    /// The board's model.
    public private(set) var board: BoardModel

    public init(_ setup: ScreenSetup) {
        self.board = BoardModel(
            names: BySeat(a: "A", b: "B"), controlled: Set(setup.controlled.compactMap(Seat.init(rawValue:))),
            title: setup.title, rules: RuleSet.named(setup.ruleSet) ?? .classic, stepSeconds: setup.stepSeconds)
    }

    public mutating func show(
        _ state: GameState, after move: ShownMove<Move>?, events: [GameEvent], newMatch: Bool
    ) {
        let played = move.flatMap { shown in shown.mover.seat.flatMap(Seat.init(rawValue:)).map { ($0, shown.move) } }
        self.board.show(state, after: played, events: events, newMatch: newMatch)
    }

    public mutating func matchEnded(_ result: GameResult) {
        self.board.matchEnded(winner: result.winner.flatMap(Seat.init(rawValue:)), reason: result.reason)
    }

    public mutating func update(_ table: TableNews) {
        for seat in Seat.allCases {
            self.board.names[seat] = table.names[seat.rawValue] ?? "(free seat)"
            let heldUntil = table.away[seat.rawValue]
            if let heldUntil, self.board.away[seat] != heldUntil {
                self.board.playerAway(seat, graceSeconds: heldUntil - self.board.now)
            } else if heldUntil == nil, self.board.away[seat] != nil {
                self.board.playerBack(seat)
            }
        }
        self.board.link = table.link
        self.board.waiting = table.waiting
        self.board.paused = table.paused
        self.board.diskFull = table.diskFull
        self.board.seatCode = table.seatCode
    }

    public mutating func warn(_ message: String, rule: String?, details: [String: Int]) {
        self.board.warn(message, rule: rule)
    }

    public mutating func inform(_ message: String) {
        self.board.inform(message)
    }

    public mutating func press(_ key: Key) -> [ScreenAction<Move>] {
        self.board.press(key).map { action in
            switch action {
            case .move(let move): .move(move)
            case .rematch: .rematch
            case .leave: .leave
            case .quit: .quit
            }
        }
    }

    public mutating func tick(now: Double) -> Bool {
        self.board.tick(now: now)
    }

    public var isBusy: Bool { self.board.isAnimating }

    public static var minimumSize: TerminalSize { BoardRenderer.minimumSize }

    public static var emptyNameWarning: String { SeedMessages.nameWarning }

    public func frame(width: Int, height: Int) -> Frame {
        BoardRenderer.frame(of: self.board, width: width, height: height)
    }
}
