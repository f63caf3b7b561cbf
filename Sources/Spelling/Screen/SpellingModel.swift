import GameKit
import ScreenKit
import SpellingRules

/// The spelling screen's model: the state as the student sees it, what the student is doing (the pick
/// chosen, the tiles' order, the letters typed), the feedback, the clock and the end.
public struct SpellingModel: Sendable {
    /// The latest state (as this terminal may see it).
    public internal(set) var state: SpellingState?
    /// Pick: the spelling the cursor is on.
    public internal(set) var cursor = 0
    /// Unscramble: the tiles' indices in the order the student has put them.
    public internal(set) var order: [Int] = []
    /// Unscramble: whether the tile under the cursor is picked up (arrows then move it).
    public internal(set) var holding = false
    /// Hear: the letters typed.
    public internal(set) var typed = ""
    /// The line under the game: "Right!", "Try again", a warning.
    public internal(set) var message: Span?
    /// How the game ended, and the board, once it has.
    public internal(set) var result: GameResult?
    public internal(set) var board: ScoreBoard?
    /// The screen's clock, and when time is up on it.
    public internal(set) var now: Double = 0
    public internal(set) var deadline: Double?
    /// Whether this terminal plays the seat (else it watches).
    public let controlled: Bool
    /// The student's name, and the title bar's text.
    public internal(set) var name = "(free seat)"
    let title: String
    /// Times the student asked to hear the word again.
    public internal(set) var replays = 0
    var link = Link.local
    var waiting: String?

    init(controlled: Bool, title: String) {
        self.controlled = controlled
        self.title = title
    }

    /// Seconds left on the clock, whole and rounded up; `nil` without a clock.
    public var secondsLeft: Int? {
        guard let deadline, self.result == nil else { return nil }
        return max(0, Int((deadline - self.now).rounded(.up)))
    }

    mutating func show(_ state: SpellingState, events: [SpellingEvent], newMatch: Bool) {
        let previous = self.state
        self.state = state
        if newMatch {
            self.result = nil
            self.board = nil
            self.message = nil
        }
        if previous?.number != state.number || newMatch {
            self.cursor = 0
            self.order = Array((state.challenge.tiles ?? []).indices)
            self.holding = false
            self.typed = ""
        }
        for event in events {
            switch event {
            case .right(let word): self.message = Span("Right! \"\(word)\" \u{2605} Here is the next word.", .good)
            case .wrong(let lives):
                self.message = Span(
                    lives == 0
                        ? "Not quite. No lives left: one more wrong answer ends the game."
                        : "Not quite. Try again! (\(lives) \(lives == 1 ? "life" : "lives") left)", .warning)
            case .outOfLives: self.message = Span("Out of lives! The game is over.", .warning)
            case .timeUp: self.message = Span("Time is up!", .warning)
            case .next: break
            }
        }
        if state.mode == .pick, state.marked.contains(self.cursor) {
            self.cursor = (0..<3).first { !state.marked.contains($0) } ?? 0
        }
    }

    mutating func ended(_ result: GameResult) {
        self.result = result
        self.holding = false
    }

    mutating func scores(_ board: ScoreBoard) { self.board = board }

    mutating func clock(_ seconds: Double?) {
        self.deadline = seconds.map { self.now + $0 }
    }

    mutating func tick(_ now: Double) -> Bool {
        let before = self.secondsLeft
        self.now = now
        return before != self.secondsLeft
    }

    mutating func warn(_ text: String) { self.message = Span(text, .warning) }

    mutating func inform(_ text: String) { self.message = Span(text, .plain) }
}
