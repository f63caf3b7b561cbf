import GameKit

/// The bills a table may offer, and the one rule of the game: which bill pays.
public enum Bills {
    /// Every bill a teacher may offer, in dollars, smallest first.
    public static let denominations: [Int64] = [1, 2, 5, 10, 20, 50, 100]

    /// The bills the seed offered: $1, $5, $10 and $20.
    public static let seedBills: [Money] = [1, 5, 10, 20].map { Money(dollars: $0) }

    /// The right bill for a cost: the smallest offered bill that is at least the cost, the one bill that
    /// pays for the item without being too small or more than you need.
    ///
    /// With the seed's bills: $1.00 takes $1, $1.01 and $4.99 take $5, $5.00 takes $5, $20.00 takes $20.
    /// - Parameters:
    ///   - cost: the item's cost.
    ///   - bills: the offered bills, smallest first.
    /// - Returns: the bill, or `nil` when every bill is too small.
    public static func right(for cost: Money, among bills: [Money]) -> Money? {
        bills.first { $0 >= cost }
    }

    /// The name of a bill, e.g. "$20".
    public static func name(_ bill: Money) -> String {
        bill.wholeDollars.map { "$\($0)" } ?? bill.description
    }
}

/// What the host says of a bill chosen for an item.
public enum BillVerdict: String, Sendable, Hashable, Codable, CaseIterable {
    /// The right bill: the round is over.
    case right
    /// Less than the cost.
    case tooSmall = "too-small"
    /// Pays, but a smaller offered bill pays too.
    case moreThanNeeded = "more-than-needed"

    /// The verdict on a bill, knowing the right one.
    /// - Parameters:
    ///   - bill: the chosen bill.
    ///   - cost: the item's cost.
    ///   - answer: the right bill.
    /// - Returns: the verdict.
    public static func judge(_ bill: Money, cost: Money, answer: Money) -> BillVerdict {
        if bill == answer { return .right }
        return bill < cost ? .tooSmall : .moreThanNeeded
    }

    /// The reason a wrong bill is refused, as the screens say it: "too small", "more than you need".
    public var reason: String {
        switch self {
        case .right: "the right bill"
        case .tooSmall: "too small"
        case .moreThanNeeded: "more than you need"
        }
    }
}
