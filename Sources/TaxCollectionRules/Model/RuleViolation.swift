/// Why a move was refused. A refused move changes nothing.
///
/// ``code`` is stable kebab-case and becomes the wire error code; ``message`` is a sentence for people
/// (the two refill messages are the original game's).
public struct RuleViolation: Error, Sendable, Hashable, CustomStringConvertible {
    /// Stable kebab-case code, such as `"empty-bank"`.
    public let code: String
    /// A sentence that tells the player what to do instead.
    public let message: String

    private init(code: String, message: String) {
        self.code = code
        self.message = message
    }

    /// `code: message`.
    public var description: String { "\(code): \(message)" }

    /// The game has ended; no move is legal.
    public static let gameOver = RuleViolation(code: "game-over", message: "The game is over")

    /// All the mover's banks are empty, so they must refill before sowing.
    public static let refillRequired = RuleViolation(
        code: "refill-required", message: "Please click your Collections to refill the Banks")

    /// A refill was asked for while one of the mover's banks still holds dollars.
    public static let refillNotAllowed = RuleViolation(
        code: "refill-not-allowed", message: "Click this button only when all your Banks are empty")

    /// The bank number is not 1 to 5.
    public static let noSuchBank = RuleViolation(
        code: "no-such-bank", message: "Choose one of your five Banks, numbered 1 to 5 from the top")

    /// The chosen bank holds no dollars.
    public static let emptyBank = RuleViolation(
        code: "empty-bank", message: "This Bank is empty; choose one of your Banks that holds dollars")

    /// Every violation, for documentation and tests.
    public static let all: [RuleViolation] = [.gameOver, .refillRequired, .refillNotAllowed, .noSuchBank, .emptyBank]
}
