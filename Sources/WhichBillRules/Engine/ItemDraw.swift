import GameKit

/// How the host draws a round's item and cost.
public enum ItemDraw {
    /// Draws an item other than the last, uniformly among those the session's cost range stocks, and its
    /// cost uniformly (to the cent) within both the item's range and the session's.
    /// - Parameters:
    ///   - last: the id of the item shown last, never drawn again at once.
    ///   - costs: the session's cost range.
    ///   - random: the host's randomness.
    /// - Returns: the item and its cost.
    public static func draw(
        after last: String?, costs: ClosedRange<Money>, random: inout HostRandom
    ) -> (item: GroceryItem, cost: Money) {
        let candidates = Groceries.stocked(within: costs).filter { $0.item.id != last }
        // NB: every cent of the options' range is a cost of at least two items (Groceries), so a session's
        // range always stocks an item that differs from the last.
        precondition(!candidates.isEmpty, "the store stocks two items at every cost the options allow")
        let shelf = candidates[random.nextUnbiased(below: candidates.count)]
        let span = shelf.prices.upperBound.cents - shelf.prices.lowerBound.cents + 1
        let cost = Money(cents: shelf.prices.lowerBound.cents + Int64(random.nextUnbiased(below: Int(span))))
        return (shelf.item, cost)
    }

    /// The costs an item may have in a session: its own range within the session's, or `nil`.
    public static func costs(of id: String, within costs: ClosedRange<Money>) -> ClosedRange<Money>? {
        guard let shelf = Groceries.item(id), shelf.prices.overlaps(costs) else { return nil }
        return shelf.prices.clamped(to: costs)
    }
}
