import CrapsRules
import GameKit

/// What the screen shows of the provably fair dice: the commitment the current period's rolls come from,
/// and the check of each period whose secret was revealed, by the client's own ``CrapsVerifier``.
///
/// NB: the table client's mirror has already refused a reveal that does not verify (a desync); this
/// second, independent check is what the screen reports, so the player sees the dice proven, not assumed.
public struct DiceAudit: Sendable {
    /// The outcome of the latest check.
    public enum Check: Sendable, Hashable {
        /// Every revealed period since the screen started recording verifies.
        case verified(periods: Int, rolls: Int)
        /// A period that does not verify.
        case failed(DiceCheckFailure)
    }

    /// The current period's number.
    public private(set) var period: Int
    /// The current period's commitment: SHA-256 of its secret, published before its first roll.
    public private(set) var commitment: String
    /// Rolls made in the current period so far.
    public private(set) var rolls: Int
    /// The latest check, once a period was revealed.
    public private(set) var check: Check?
    /// The latest period verified, once one was.
    public private(set) var lastVerified: Int?
    private var recorder: CrapsRecorder

    /// Starts auditing from a state: the start of a match, or a state adopted after a resync (the
    /// periods before it cannot be checked by this screen).
    public init(from state: CrapsState) {
        self.period = state.period.number
        self.commitment = state.period.commitment
        self.rolls = state.period.rolls.count
        self.recorder = CrapsRecorder(start: state.viewed)
    }

    /// Starts again from a state adopted without its move (a resync), keeping the latest check.
    public mutating func resync(to state: CrapsState) {
        let check = self.check
        let last = self.lastVerified
        self = DiceAudit(from: state)
        self.check = check
        self.lastVerified = last
    }

    /// Takes in a move as it was shown, and the state after it; checks the record when the move revealed a
    /// period's secret.
    public mutating func observe(_ move: CrapsMove, by mover: Mover, after state: CrapsState) {
        self.recorder.observe(move, by: mover)
        self.period = state.period.number
        self.commitment = state.period.commitment
        self.rolls = state.period.rolls.count
        let reveals: Bool
        switch move {
        case .roll(let prepared?): reveals = prepared.reveal != nil
        case .leave(_, _, let reveal): reveals = reveal != nil
        default: reveals = false
        }
        guard reveals else { return }
        let record = self.recorder.record
        switch CrapsVerifier.verify(record) {
        case .verified(let periods, let rolls, _):
            if case .failed? = self.check { return }
            self.check = .verified(periods: periods, rolls: rolls)
            self.lastVerified = record.periods.last { $0.secret != nil }?.number
        case .failed(let failure):
            self.check = .failed(failure)
        }
    }

    /// The commitment, shortened for a line: its first 8 and last 4 hex digits.
    public var shortCommitment: String {
        guard self.commitment.count > 12 else { return self.commitment }
        return String(self.commitment.prefix(8)) + "…" + String(self.commitment.suffix(4))
    }

    /// One line for the screen (at most 78 characters below 10,000 periods and rolls): the period, its
    /// rolls so far, its commitment, and the latest period verified.
    public var line: String {
        let rolls = self.rolls == 1 ? "1 roll" : "\(self.rolls) rolls"
        let committed = "Dice period \(self.period) · \(rolls) · commitment \(self.shortCommitment)"
        switch self.check {
        case nil: return committed + " · revealed at its end"
        case .verified?:
            return committed + " · " + (self.lastVerified.map { "period \($0) verified" } ?? "verified")
        case .failed(let failure)?:
            return "THE DICE DO NOT VERIFY: \(failure.description)"
        }
    }
}
