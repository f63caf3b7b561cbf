import GameKit

/// Something that happened while a move was applied, in order, for a screen to show.
///
/// On the wire an event is an object with a `"type"` (docs/CRAPS.md lists every shape), e.g.
/// `{"type":"rolled","shooter":"P1","dice":[3,4],"total":7,"period":1,"roll":1}`.
public enum CrapsEvent: Sendable, Hashable {
    /// A seat's ante is now `ante`.
    case anteSet(seat: SeatName, ante: Money)
    /// A seat's seed is now `seed`; it counts from period `period`.
    case seedSet(seat: SeatName, seed: String, period: Int)
    /// A bankrupt seat started again with `balance` and `ante`.
    case reset(seat: SeatName, balance: Money, ante: Money)
    /// The shooter rolled; roll `roll` of period `period`.
    case rolled(shooter: SeatName, dice: Dice, period: Int, roll: Int)
    /// The come-out roll set the point.
    case pointSet(point: Int)
    /// The roll decided the riding antes.
    case decided(decision: Decision, total: Int)
    /// A riding seat won its ante; `balance` is its new balance.
    case won(seat: SeatName, amount: Money, balance: Money)
    /// A riding seat lost its ante; `balance` is its new balance.
    case lost(seat: SeatName, amount: Money, balance: Money)
    /// After a loss the ante exceeded the balance: it was lowered to the balance.
    case anteLowered(seat: SeatName, ante: Money)
    /// After a loss the seat cannot cover a $5 ante; its ante is $0 until it resets.
    case bankrupt(seat: SeatName)
    /// The period ended; its secret is revealed and every roll of it can be checked.
    case revealed(period: Int, secret: String)
    /// The dice went from one seat to another (`from` is `nil` when nobody held them; `to` is `nil` when
    /// no seat in the match can cover an ante).
    case dicePassed(from: SeatName?, to: SeatName?)
    /// A new period began, committed to by `commitment`.
    case periodStarted(period: Int, commitment: String)
    /// The point went off without a decision: the last seat whose ante rode on it left the match.
    case pointOff
    /// A seat left the match; its balance is frozen.
    case seatLeft(seat: SeatName, reason: LeaveReason)
    /// The match ended.
    case matchOver(reason: MatchEnd)

    /// The event's `"type"` on the wire, such as `"point-set"`.
    public var type: String {
        switch self {
        case .anteSet: "ante-set"
        case .seedSet: "seed-set"
        case .reset: "reset"
        case .rolled: "rolled"
        case .pointSet: "point-set"
        case .decided: "decided"
        case .won: "won"
        case .lost: "lost"
        case .anteLowered: "ante-lowered"
        case .bankrupt: "bankrupt"
        case .revealed: "revealed"
        case .dicePassed: "dice-passed"
        case .periodStarted: "period-started"
        case .pointOff: "point-off"
        case .seatLeft: "seat-left"
        case .matchOver: "match-over"
        }
    }
}
