import GameKit
import ScreenKit
import SpellingRules

/// The spelling games as a ``GameScreen``: `tcnet join`, `tcnet watch` and `tcnet play spelling` show it.
public struct SpellingScreen: GameScreen {
    public typealias G = SpellingGame

    /// The screen's model.
    public private(set) var model: SpellingModel

    public init(_ setup: ScreenSetup) {
        self.model = SpellingModel(controlled: !setup.controlled.isEmpty, title: setup.title)
    }

    public mutating func show(
        _ state: SpellingState, after move: ShownMove<SpellingMove>?, events: [SpellingEvent], newMatch: Bool
    ) {
        self.model.show(state, events: events, newMatch: newMatch)
    }

    public mutating func matchEnded(_ result: GameResult) { self.model.ended(result) }

    public mutating func update(_ table: TableNews) {
        self.model.name = table.names["S"] ?? "(free seat)"
        self.model.link = table.link
        self.model.waiting = table.waiting
    }

    public mutating func warn(_ message: String, rule: String?, details: [String: Int]) { self.model.warn(message) }

    public mutating func inform(_ message: String) { self.model.inform(message) }

    public mutating func press(_ key: Key) -> [ScreenAction<SpellingMove>] {
        self.model.press(key).map { action in
            switch action {
            case .move(let move): .move(move)
            case .rematch: .rematch
            case .leave: .leave
            case .quit: .quit
            }
        }
    }

    public mutating func tick(now: Double) -> Bool { self.model.tick(now) }

    public var isBusy: Bool { false }

    public func frame(width: Int, height: Int) -> Frame {
        SpellingRenderer.frame(of: self.model, width: width, height: height)
    }

    public mutating func clock(timeLeft seconds: Double?) { self.model.clock(seconds) }

    public mutating func showScores(_ board: ScoreBoard) { self.model.scores(board) }

    public var soundRequests: Int { self.model.replays }
}
