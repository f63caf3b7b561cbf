import GameKit

/// The whole state of one student's game: the mode and list, the clock, lives, score and the word asked.
///
/// A plain value; moves go through ``apply(_:by:)``, which the host and the student's client run alike.
/// The host's copy holds the list's words and the answer; a viewer's copy (``viewed``) holds neither.
/// Its JSON, keys in this order, is documented in docs/SPELLING.md.
public struct SpellingState: Sendable, Hashable, Codable {
    /// The lives a game starts with: the fourth wrong answer ends it.
    public static let lives = 3
    /// The game's length: two minutes.
    public static let seconds = 120

    /// Which of the three games.
    public var mode: SpellingMode
    /// The word list's name.
    public var list: String
    /// The student's seat.
    public var seat: SeatName
    /// When time is up, in wall-clock milliseconds since 1970.
    public var deadline: Int64
    /// Lives left: 3, then 2, 1, 0; the wrong answer after the last life ends the game.
    public var lives: Int
    /// Wrong answers so far.
    public var misses: Int
    /// Words answered right.
    public var score: Int
    /// The current word's number, from 1.
    public var number: Int
    /// The word being asked.
    public var challenge: Challenge
    /// Pick: the choices (by index) already tried and wrong for this word, in the order tried.
    public var marked: [Int]
    /// The words answered right, in order.
    public var solved: [String]
    /// Why the game ended: "out-of-lives" or "time-up"; `nil` while it goes on.
    public var over: String?
    /// The list's words (host only: the host draws the next word from them).
    public var words: [SpellingWord]?

    /// What every viewer sees: without the list and the answer.
    public var viewed: SpellingState {
        var copy = self
        copy.words = nil
        copy.challenge = self.challenge.viewed
        return copy
    }

    /// The result, once over: the one seat, ranked first, with its score.
    public var result: GameResult? {
        guard let over = self.over else { return nil }
        return GameResult(reason: over, standings: [SeatStanding(seat: self.seat, score: self.score, rank: 1)])
    }
}
