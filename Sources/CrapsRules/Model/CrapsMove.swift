import GameKit

/// A move at the Craps table. The JSON shapes are in docs/CRAPS.md ("Moves").
///
/// A player sends `{"roll":true}`, `{"ante":1500}`, `{"reset":true}` or `{"seed":"my words"}`; the host
/// completes a roll with its dice (``PreparedRoll``) before it is applied, and takes a seat out of the
/// match with `{"leave":"P2","reason":"resigned"}`.
public enum CrapsMove: Sendable, Hashable, CustomStringConvertible {
    /// The shooter rolls: `nil` as the shooter sends it, the dice (and any secrets) once the host has
    /// prepared it.
    case roll(PreparedRoll?)
    /// The mover asks for this ante (in cents).
    case ante(Money)
    /// A bankrupt mover starts again with $200 and a $5 ante.
    case reset
    /// The mover contributes a seed string to the dice (from the next period whose first roll is to come).
    case seed(String)
    /// The host takes a seat out of the match; `reveal` is the current secret when this ends the match.
    case leave(SeatName, LeaveReason, reveal: String?)

    /// A short form for logs: `roll`, `roll 3+4`, `ante $15.00`, `reset`, `seed "x"`, `leave P2 resigned`.
    public var description: String {
        switch self {
        case .roll(nil): "roll"
        case .roll(let prepared?): "roll \(prepared.dice)" + (prepared.reveal == nil ? "" : " (reveals)")
        case .ante(let ante): "ante \(ante)"
        case .reset: "reset"
        case .seed(let seed): "seed \(JSONText.quoted(seed))"
        case .leave(let seat, let reason, _): "leave \(seat) \(reason.rawValue)"
        }
    }

    /// The move as any viewer may see it: a prepared roll's next secret becomes its commitment.
    public var viewed: CrapsMove {
        guard case .roll(var prepared?) = self, case .secret(let secret)? = prepared.next else { return self }
        // NB: a malformed secret is left as it is, so that the client's apply refuses it as the host's does.
        guard let commitment = DiceDerivation.commitment(ofSecret: secret) else { return self }
        prepared.next = .commitment(commitment)
        return .roll(prepared)
    }
}

/// A roll as the host completes it: the dice, and on a deciding roll the period's secret and the next
/// period's secret (the host's copy) or commitment (what viewers get).
public struct PreparedRoll: Sendable, Hashable {
    /// The dice, as the period's secret and seeds give them.
    public var dice: Dice
    /// On a deciding roll (or one that ends the match): the period's secret, revealed.
    public var reveal: String?
    /// On a deciding roll that does not end the match: the next period.
    public var next: NextPeriod?

    /// A prepared roll.
    public init(dice: Dice, reveal: String? = nil, next: NextPeriod? = nil) {
        self.dice = dice
        self.reveal = reveal
        self.next = next
    }
}

/// The period that a deciding roll starts.
public enum NextPeriod: Sendable, Hashable {
    /// Its secret (64 lowercase hex digits): the host's own copy of the move, kept in its journal.
    case secret(String)
    /// Its commitment: what every viewer is sent.
    case commitment(String)
}
