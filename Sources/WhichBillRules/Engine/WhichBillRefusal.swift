import GameKit

/// The rules WhichBill refuses a move by: a stable kebab-case code (the wire's `rule`) and a sentence.
/// docs/WHICHBILL.md lists every code; a test holds the list equal to ``codes``.
///
/// NB: a wrong bill is not refused: it is a move the host accepts and answers with its verdict ("too
/// small", "more than you need"), so it is kept in the round's record. What is refused changes nothing.
public enum WhichBillRefusal {
    /// Every code, in the order of docs/WHICHBILL.md's table.
    public static let codes = [
        "session-over", "players-only", "round-over", "not-offered", "already-guessed", "number-line-off",
        "round-open", "not-prepared", "verdict-mismatch", "unknown-item", "same-item", "cost-out-of-range",
        "answer-mismatch",
    ]

    static let sessionOver = GameRuleViolation(
        code: "session-over", message: "The session is over: start a new one to play again")
    static let playersOnly = GameRuleViolation(code: "players-only", message: "Only the player chooses bills")
    static let roundOver = GameRuleViolation(
        code: "round-over", message: "You found the right bill! Press Play Again for the next item")

    static func notOffered(_ bill: Money, _ bills: [Money]) -> GameRuleViolation {
        GameRuleViolation(
            code: "not-offered",
            message:
                "\(Bills.name(bill)) is not one of the bills: choose \(bills.map(Bills.name).joined(separator: ", "))")
    }

    static func alreadyGuessed(_ bill: Money) -> GameRuleViolation {
        GameRuleViolation(
            code: "already-guessed",
            message: "You already tried \(Bills.name(bill)) for this item: try a different bill")
    }

    static let numberLineOff = GameRuleViolation(
        code: "number-line-off", message: "The number line is off at this table, so it cannot have given a hint")
    static let roundOpen = GameRuleViolation(
        code: "round-open", message: "Find the right bill for this item first")
    static let notPrepared = GameRuleViolation(
        code: "not-prepared", message: "The host completes every move before it is applied")

    static func verdictMismatch(_ said: BillVerdict, _ rules: String) -> GameRuleViolation {
        GameRuleViolation(code: "verdict-mismatch", message: "The move says \(said.rawValue), the rules say \(rules)")
    }

    static func unknownItem(_ id: String) -> GameRuleViolation {
        GameRuleViolation(code: "unknown-item", message: "There is no item \"\(id)\" in the store")
    }

    static func sameItem(_ id: String) -> GameRuleViolation {
        GameRuleViolation(code: "same-item", message: "The next item must differ from the last (\(id))")
    }

    static func costOutOfRange(_ cost: Money, _ range: ClosedRange<Money>) -> GameRuleViolation {
        GameRuleViolation(
            code: "cost-out-of-range",
            message: "\(cost) is outside the item's costs for this session (\(range.lowerBound) to \(range.upperBound))"
        )
    }

    static func answerMismatch(_ said: Money, _ rules: Money?) -> GameRuleViolation {
        GameRuleViolation(
            code: "answer-mismatch",
            message: "The move says \(Bills.name(said)) is right; the rules say \(rules.map(Bills.name) ?? "no bill")")
    }
}
