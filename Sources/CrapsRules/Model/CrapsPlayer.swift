import GameKit

/// One seat at the table: its money, its ante, its contributed seed, and whether it is still in the match.
public struct CrapsPlayer: Sendable, Hashable {
    /// The seat's name ("P1" … "P6").
    public let seat: SeatName
    /// The seat's money. Always a multiple of $5 (every change is by an ante).
    public internal(set) var balance: Money
    /// What the seat bets on each decision: more than $0, at most the balance, a multiple of $5;
    /// $0 exactly when the seat is bankrupt.
    public internal(set) var ante: Money
    /// The seed string the seat contributes to the dice (empty for none); see docs/CRAPS.md.
    public internal(set) var seed: String
    /// How the seat left the match; `nil` while it is in. A seat that left keeps its balance.
    public internal(set) var left: LeaveReason?
    /// How many times the seat has reset after going bankrupt.
    public internal(set) var resets: Int
    /// What the most recent roll decided for this seat; `nil` when the most recent roll decided
    /// nothing for it (the seed's `won` and `lost` flags).
    public internal(set) var last: BetOutcome?

    /// A seat at the start: $200, a $5 ante, no seed.
    /// - Parameter seat: its name.
    public init(seat: SeatName) {
        self.seat = seat
        self.balance = CrapsTable.startingBalance
        self.ante = CrapsTable.startingAnte
        self.seed = ""
        self.left = nil
        self.resets = 0
        self.last = nil
    }

    init(
        seat: SeatName, balance: Money, ante: Money, seed: String, left: LeaveReason?, resets: Int,
        last: BetOutcome?
    ) {
        self.seat = seat
        self.balance = balance
        self.ante = ante
        self.seed = seed
        self.left = left
        self.resets = resets
        self.last = last
    }

    /// Whether the seat cannot cover a $5 ante.
    public var isBankrupt: Bool { self.balance < CrapsTable.anteStep }

    /// Whether the seat is still in the match.
    public var isIn: Bool { self.left == nil }

    /// Whether the seat's ante rides on the dice: in the match and not bankrupt. Only such a seat shoots.
    public var rides: Bool { self.isIn && !self.isBankrupt }

    /// The seat's status as the state's JSON writes it.
    public var status: PlayerStatus {
        if let left = self.left { return left == .resigned ? .resigned : .forfeit }
        return self.isBankrupt ? .bankrupt : .playing
    }
}

/// A seat's status on the wire: `"playing"`, `"bankrupt"`, `"resigned"` or `"forfeit"`.
public enum PlayerStatus: String, Sendable, Hashable, Codable, CaseIterable {
    /// In the match with money to bet: the seat's ante rides on every decision.
    case playing
    /// In the match, but cannot cover a $5 ante: may reset.
    case bankrupt
    /// Left the match (resigned or left the table); balance frozen.
    case resigned
    /// Forfeited when the grace period for a dropped connection ended; balance frozen.
    case forfeit
}
