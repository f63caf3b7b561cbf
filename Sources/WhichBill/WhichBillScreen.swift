import GameKit
import ScreenKit
import WhichBillRules

/// WhichBill's board as a ``GameScreen``: the seed's single view in a terminal (``WhichBillBoard``,
/// drawn by ``BoardRenderer``).
public struct WhichBillScreen: GameScreen {
    public typealias G = WhichBillGame

    /// The board's model.
    public private(set) var board: WhichBillBoard

    public init(_ setup: ScreenSetup) {
        self.board = WhichBillBoard(title: setup.title, controlled: !setup.controlled.isEmpty)
    }

    public mutating func show(
        _ state: WhichBillState, after move: ShownMove<WhichBillMove>?, events: [WhichBillEvent], newMatch: Bool
    ) {
        self.board.show(state, events: events, newMatch: newMatch)
    }

    public mutating func matchEnded(_ result: GameResult) {
        self.board.matchEnded(result)
    }

    public mutating func update(_ table: TableNews) {
        self.board.name = table.names[WhichBillGame.seat] ?? ""
        self.board.link = table.link
        self.board.waiting = table.waiting
    }

    public mutating func warn(_ message: String, rule: String?, details: [String: Int]) {
        self.board.warn(message)
    }

    public mutating func inform(_ message: String) {
        self.board.inform(message)
    }

    public mutating func press(_ key: Key) -> [ScreenAction<WhichBillMove>] {
        self.board.press(key).map { action in
            switch action {
            case .move(let move): .move(move)
            case .rematch: .rematch
            case .leave: .leave
            case .quit: .quit
            }
        }
    }

    public mutating func tick(now: Double) -> Bool { false }

    public var isBusy: Bool { false }

    public func frame(width: Int, height: Int) -> Frame {
        BoardRenderer.frame(of: self.board, width: width, height: height)
    }
}
