import GameKit

/// A move in WhichBill. The JSON shapes are in docs/WHICHBILL.md ("Moves").
///
/// The player sends `{"choose":500}` (with `"hint":true` when the number line pointed at the right bill
/// before this guess) or `{"next":true}` (Play Again). The host completes each before applying it: a
/// choice with its verdict, Play Again with the next item, its cost and the right bill (``NextItem``).
/// Viewers get Play Again without the right bill. (The host journals each move with its time, which
/// gives a round's time to answer.)
public enum WhichBillMove: Sendable, Hashable, CustomStringConvertible {
    /// The player chooses a bill; `hint` reports that the number line pointed at the right bill first.
    case choose(Money, hint: Bool, verdict: BillVerdict?)
    /// Play Again: the next item; `nil` as the player sends it.
    case next(NextItem?)

    /// A short form for logs: `choose $5 (too-small)`, `next apple $1.25`.
    public var description: String {
        switch self {
        case .choose(let bill, let hint, let verdict):
            "choose \(Bills.name(bill))" + (hint ? " with hint" : "") + (verdict.map { " (\($0.rawValue))" } ?? "")
        case .next(let item): "next" + (item.map { " \($0.item) \($0.cost)" } ?? "")
        }
    }

    /// The move as any viewer may see it: Play Again without the right bill.
    public var viewed: WhichBillMove {
        guard case .next(var item?) = self, item.answer != nil else { return self }
        item.answer = nil
        return .next(item)
    }
}

/// The next item, as the host draws it for Play Again.
public struct NextItem: Sendable, Hashable {
    /// The item's id (``Groceries``).
    public var item: String
    /// Its cost, within its range and the session's.
    public var cost: Money
    /// The right bill: in the host's copy (the journal's), not in a viewer's.
    public var answer: Money?

    /// A drawn item.
    public init(item: String, cost: Money, answer: Money?) {
        self.item = item
        self.cost = cost
        self.answer = answer
    }
}
