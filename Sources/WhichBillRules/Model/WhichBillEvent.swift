import GameKit

/// What a move did, for screens (and, for a round's end, for the progress report). JSON shapes in
/// docs/WHICHBILL.md ("Events").
public enum WhichBillEvent: Sendable, Hashable {
    /// A bill was chosen, and the host's verdict.
    case guessed(Money, BillVerdict)
    /// The round is over: everything the host keeps of it.
    case roundOver(RoundRecord)
    /// Play Again showed the next item: this round number.
    case next(round: Int)
    /// The session's last round is over.
    case sessionOver(items: Int, firstTry: Int)
}

/// One round of one student, as the `roundOver` event tells it (docs/WHICHBILL.md, "The round record").
public struct RoundRecord: Sendable, Hashable {
    /// The round's number in its session.
    public var round: Int
    /// The item.
    public var item: GroceryItem
    /// Its cost.
    public var cost: Money
    /// The bills offered.
    public var bills: [Money]
    /// The right bill.
    public var answer: Money
    /// The wrong bills chosen, in order.
    public var wrong: [Money]
    /// The number of the guess that came with the number line's hint, if one did.
    public var hintGuess: Int?
    /// Whether the number line was shown.
    public var numberLine: Bool

    /// A record.
    public init(
        round: Int, item: GroceryItem, cost: Money, bills: [Money], answer: Money, wrong: [Money], hintGuess: Int?,
        numberLine: Bool
    ) {
        self.round = round
        self.item = item
        self.cost = cost
        self.bills = bills
        self.answer = answer
        self.wrong = wrong
        self.hintGuess = hintGuess
        self.numberLine = numberLine
    }

    /// Whether the first bill chosen was the right one.
    public var firstTry: Bool { self.wrong.isEmpty }
}
