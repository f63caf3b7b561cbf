import GameKit

/// The rules' refusals, each with its stable code (docs/SPELLING.md, "Refusals").
enum SpellingRefusal {
    static func over(_ reason: String) -> GameRuleViolation {
        GameRuleViolation(
            code: "game-over",
            message: reason == "time-up" ? "Time is up! The game is over." : "The game is over: no lives are left.")
    }

    static func wrongMode(_ mode: SpellingMode) -> GameRuleViolation {
        let how =
            switch mode {
            case .pick: "pick one of the three spellings"
            case .unscramble: "arrange the tiles"
            case .hear: "type the word you hear"
            }
        return GameRuleViolation(code: "wrong-mode", message: "In this game you \(how).")
    }

    static func noSuchChoice(_ index: Int) -> GameRuleViolation {
        GameRuleViolation(
            code: "no-such-choice", message: "There is no spelling \(index + 1); pick 1, 2 or 3.",
            details: ["choices": 3])
    }

    static func alreadyTried(_ index: Int) -> GameRuleViolation {
        GameRuleViolation(
            code: "already-tried", message: "You already tried spelling \(index + 1); pick another one.",
            details: ["choice": index])
    }

    static func notATileOrder(_ count: Int) -> GameRuleViolation {
        GameRuleViolation(
            code: "not-a-tile-order", message: "Use every tile once: \(count) tiles in some order.",
            details: ["tiles": count])
    }

    static let emptyAnswer = GameRuleViolation(code: "empty-answer", message: "Type the word first.")

    static let hostOnly = GameRuleViolation(code: "host-only", message: "Only the host says that time is up.")

    static let notJudged = GameRuleViolation(
        code: "not-judged", message: "The host judges every answer; this one has no verdict.")

    static let verdictMismatch = GameRuleViolation(
        code: "verdict-mismatch", message: "The verdict does not match the answer.")

    static let badNext = GameRuleViolation(
        code: "bad-next-word", message: "A right answer brings the next word, in this game's shape.")
}
