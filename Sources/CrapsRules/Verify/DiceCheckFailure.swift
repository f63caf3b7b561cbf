import GameKit

/// Why a period's dice do not verify: its revealed secret does not match its commitment, or a roll is not
/// the one its secret and seeds give.
public struct DiceCheckFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kinds of failure.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// SHA-256 of the revealed secret is not the period's commitment.
        case commitmentMismatch = "commitment-mismatch"
        /// A roll differs from the one the revealed secret and the seeds give.
        case rollMismatch = "roll-mismatch"
        /// The period was closed without its secret (only the match's last period may be open).
        case secretMissing = "secret-missing"
        /// The period's seeds are not one per seat of the match.
        case seedsMismatch = "seeds-mismatch"
    }

    /// What is wrong.
    public var kind: Kind
    /// The period's number.
    public var period: Int
    /// The roll's number in the period (from 1), for a roll mismatch.
    public var roll: Int?
    /// The dice the secret and seeds give, for a roll mismatch.
    public var expected: Dice?
    /// The dice recorded, for a roll mismatch.
    public var found: Dice?

    /// The stable code: `commitment-mismatch`, `roll-mismatch`, `secret-missing`, `seeds-mismatch`.
    public var code: String { self.kind.rawValue }

    /// A sentence naming the period (and roll).
    public var description: String {
        switch self.kind {
        case .commitmentMismatch:
            "period \(self.period): the revealed secret does not match the commitment"
        case .rollMismatch:
            "period \(self.period), roll \(self.roll ?? 0): the dice were \(self.found.map { "\($0)" } ?? "?"), "
                + "the secret and seeds give \(self.expected.map { "\($0)" } ?? "?")"
        case .secretMissing:
            "period \(self.period): it ended without revealing its secret"
        case .seedsMismatch:
            "period \(self.period): its seeds are not one per seat"
        }
    }

    /// The failure as the rules refuse a move with it (a client reports it as a desync).
    public var violation: GameRuleViolation {
        var details = ["period": self.period]
        if let roll = self.roll { details["roll"] = roll }
        return GameRuleViolation(
            code: self.code, message: "The dice do not verify: \(self.description)", details: details)
    }
}
