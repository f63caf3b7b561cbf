import GameKit

/// A WhichBill session: its options, the round under way, and how the session has gone so far.
/// The JSON shape is in docs/WHICHBILL.md ("State").
///
/// The host's state holds the round's right bill (``answer``) from the moment the item is shown; every
/// viewer's copy (``viewed``) lacks it until the player has chosen it, so the wire never says which bill
/// is right before the student does.
public struct WhichBillState: Sendable, Hashable {
    /// The session's options.
    public var options: SessionOptions
    /// The round under way, from 1 to `options.items`.
    public var round: Int
    /// The item shown.
    public var item: GroceryItem
    /// Its cost.
    public var cost: Money
    /// The right bill: the host's copy always; a viewer's only once the round is over.
    public var answer: Money?
    /// The wrong bills chosen this round, in order: each stays disabled until the next item.
    public var wrong: [Money]
    /// The number of the guess that came with the number line's hint (1: the first), if one did.
    public var hintGuess: Int?
    /// Whether the right bill has been chosen (every bill is disabled then).
    public var isAnswered: Bool
    /// Rounds of this session answered right at the first try.
    public var firstTry: Int

    /// A session's first round.
    public init(options: SessionOptions, item: GroceryItem, cost: Money) {
        self.options = options
        self.round = 1
        self.item = item
        self.cost = cost
        self.answer = Bills.right(for: cost, among: options.bills)
        self.wrong = []
        self.hintGuess = nil
        self.isAnswered = false
        self.firstTry = 0
    }

    /// Whether the session is over: its last round answered.
    public var isOver: Bool { self.isAnswered && self.round >= self.options.items }

    /// The state as anyone but the host may see it: without the right bill while the round is open.
    public var viewed: WhichBillState {
        guard !self.isAnswered, self.answer != nil else { return self }
        var viewed = self
        viewed.answer = nil
        return viewed
    }

    /// The bills that may be chosen now, ignoring the number line: every offered bill not guessed wrong,
    /// none once the round is over.
    public var open: [Money] {
        self.isAnswered ? [] : self.options.bills.filter { !self.wrong.contains($0) }
    }
}
