import GameKit

/// The rules Craps refuses a move by: each a stable kebab-case code (the wire error code) and a sentence.
///
/// An ante refusal carries `details["allowed"]`: the ante in cents the rules would accept instead, which a
/// screen shows (the seed's controller moves its slider back to it). A dice refusal carries `period` and,
/// for a roll, `roll`. docs/CRAPS.md lists every code; a test holds the list equal to ``codes``.
public enum CrapsRefusal {
    /// Every code, in the order of docs/CRAPS.md's table.
    public static let codes = [
        "game-over", "players-only", "host-only", "no-such-seat", "seat-out", "not-shooter", "bankrupt",
        "ante-locked", "ante-not-positive", "ante-over-balance", "ante-not-multiple-of-5", "reset-locked",
        "not-bankrupt", "seed-too-long", "seed-not-printable", "roll-not-prepared", "reveal-missing",
        "unexpected-reveal", "next-missing", "unexpected-next", "commitment-mismatch", "roll-mismatch",
    ]

    static let gameOver = GameRuleViolation(code: "game-over", message: "The match is over")
    static let playersOnly = GameRuleViolation(
        code: "players-only", message: "Only a seated player rolls, antes, resets or gives a seed")
    static let hostOnly = GameRuleViolation(code: "host-only", message: "Only the host takes a seat out of the match")

    static func noSuchSeat(_ seat: SeatName) -> GameRuleViolation {
        GameRuleViolation(code: "no-such-seat", message: "There is no seat \(seat) at this table")
    }

    static func seatOut(_ seat: SeatName) -> GameRuleViolation {
        GameRuleViolation(code: "seat-out", message: "\(seat) has left the match")
    }

    static func notShooter(_ shooter: SeatName?) -> GameRuleViolation {
        GameRuleViolation(
            code: "not-shooter",
            message: shooter.map { "\($0) holds the dice; only the shooter rolls" }
                ?? "Nobody holds the dice: a bankrupt player who resets takes them")
    }

    static let bankrupt = GameRuleViolation(
        code: "bankrupt", message: "You cannot cover a $5 ante: reset to start again with $200")

    static func anteLocked(current: Money) -> GameRuleViolation {
        GameRuleViolation(
            code: "ante-locked", message: "The ante can change only while the point is off; it stays \(current)",
            details: ["allowed": Int(current.cents)])
    }

    static func anteNotPositive(allowed: Money) -> GameRuleViolation {
        GameRuleViolation(
            code: "ante-not-positive", message: "An ante must be more than $0; the ante is \(allowed)",
            details: ["allowed": Int(allowed.cents)])
    }

    static func anteOverBalance(balance: Money, allowed: Money) -> GameRuleViolation {
        GameRuleViolation(
            code: "ante-over-balance",
            message: "An ante cannot exceed your balance of \(balance); the ante is \(allowed)",
            details: ["allowed": Int(allowed.cents)])
    }

    static func anteNotMultiple(allowed: Money) -> GameRuleViolation {
        GameRuleViolation(
            code: "ante-not-multiple-of-5", message: "An ante is a multiple of $5; the ante is \(allowed)",
            details: ["allowed": Int(allowed.cents)])
    }

    static let resetLocked = GameRuleViolation(
        code: "reset-locked", message: "Wait until the point is off to reset")

    static func notBankrupt(balance: Money) -> GameRuleViolation {
        GameRuleViolation(
            code: "not-bankrupt", message: "Reset is for a player who cannot cover a $5 ante; you have \(balance)")
    }

    static let seedTooLong = GameRuleViolation(
        code: "seed-too-long", message: "A seed is at most \(CrapsTable.seedLimit) characters",
        details: ["limit": CrapsTable.seedLimit])
    static let seedNotPrintable = GameRuleViolation(
        code: "seed-not-printable", message: "A seed is plain printable ASCII: letters, digits, spaces, punctuation")
    static let rollNotPrepared = GameRuleViolation(
        code: "roll-not-prepared", message: "A roll is applied with the dice the host prepared for it")

    static func revealMissing(period: Int) -> GameRuleViolation {
        GameRuleViolation(
            code: "reveal-missing", message: "This move ends period \(period): it must reveal the period's secret",
            details: ["period": period])
    }

    static func unexpectedReveal(period: Int) -> GameRuleViolation {
        GameRuleViolation(
            code: "unexpected-reveal", message: "Period \(period) goes on: its secret stays hidden",
            details: ["period": period])
    }

    static func nextMissing(period: Int) -> GameRuleViolation {
        GameRuleViolation(
            code: "next-missing", message: "A deciding roll commits to the next period's secret",
            details: ["period": period])
    }

    static func unexpectedNext(period: Int) -> GameRuleViolation {
        GameRuleViolation(
            code: "unexpected-next", message: "This roll ends the match: no period follows it",
            details: ["period": period])
    }
}
