import GameKit

/// Checks dice from their revealed secrets: the one check that the rules run at each reveal (on the host
/// and on every client) and that `tcnet craps verify` runs on a recorded match.
public enum CrapsVerifier {
    /// Checks one revealed period: SHA-256 of its secret is its commitment, and every roll is the one its
    /// secret and seeds give (docs/CRAPS.md, "The dice").
    /// - Parameters:
    ///   - period: the period, with its secret.
    ///   - seats: how many seats the match has, when known (the seeds must be one per seat).
    /// - Returns: the first failure, or `nil` when the period verifies.
    public static func check(_ period: DicePeriod, seats: Int? = nil) -> DiceCheckFailure? {
        guard let secret = period.secret else {
            return DiceCheckFailure(kind: .secretMissing, period: period.number)
        }
        guard DiceDerivation.commitment(ofSecret: secret) == period.commitment, let key = Hex.bytes(of: secret) else {
            return DiceCheckFailure(kind: .commitmentMismatch, period: period.number)
        }
        let prepared = HMACSHA256.Key(key)
        let seeds = period.seeds ?? []
        if let seats, period.seeds != nil, seeds.count != seats {
            return DiceCheckFailure(kind: .seedsMismatch, period: period.number)
        }
        for (index, found) in period.rolls.enumerated() {
            let expected = DiceDerivation.dice(key: prepared, seeds: seeds, roll: index + 1)
            if expected != found {
                return DiceCheckFailure(
                    kind: .rollMismatch, period: period.number, roll: index + 1, expected: expected, found: found)
            }
        }
        return nil
    }

    /// Checks every period of a record, in order.
    /// - Parameter record: the periods of a match.
    /// - Returns: how much was checked, or the first failure. The last period may be unrevealed (a match
    ///   still being played): its rolls are counted as unchecked, not as a failure.
    public static func verify(_ record: CrapsRecord) -> CrapsVerification {
        var checked = (periods: 0, rolls: 0)
        var unchecked = 0
        for (index, period) in record.periods.enumerated() {
            if period.secret == nil && index == record.periods.count - 1 {
                unchecked = period.rolls.count
                break
            }
            if let failure = Self.check(period, seats: record.seats.count) { return .failed(failure) }
            checked.periods += 1
            checked.rolls += period.rolls.count
        }
        return .verified(periods: checked.periods, rolls: checked.rolls, unchecked: unchecked)
    }
}

/// What ``CrapsVerifier/verify(_:)`` found.
public enum CrapsVerification: Sendable, Hashable, CustomStringConvertible {
    /// Every revealed period verifies: `periods` periods, `rolls` rolls; `unchecked` rolls of a last period
    /// whose secret is not revealed yet.
    case verified(periods: Int, rolls: Int, unchecked: Int)
    /// The first period or roll that does not verify.
    case failed(DiceCheckFailure)

    /// One line for people.
    public var description: String {
        switch self {
        case .verified(let periods, let rolls, let unchecked):
            "OK: \(rolls) rolls in \(periods) periods verified"
                + (unchecked > 0 ? "; \(unchecked) rolls of the last period wait for its secret" : "")
        case .failed(let failure):
            "FAILED \(failure.code): \(failure.description)"
        }
    }
}
