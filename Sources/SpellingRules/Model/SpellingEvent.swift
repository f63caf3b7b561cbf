/// What a move did, for the screen to show.
public enum SpellingEvent: Sendable, Hashable {
    /// A right answer: the word, as the student spelled it (pop it, light it up).
    case right(String)
    /// A wrong answer, and the lives left (the error sound; pick marks the spelling).
    case wrong(livesLeft: Int)
    /// The next word is asked (as every viewer sees it).
    case next(Challenge)
    /// The fourth wrong answer: the game is over.
    case outOfLives
    /// Two minutes have passed: "Time is up!".
    case timeUp
}
