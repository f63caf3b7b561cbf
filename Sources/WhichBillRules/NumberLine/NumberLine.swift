import GameKit

/// The number line, the seed's teaching aid: a slider from $0 to the largest bill that the player moves
/// freely. While it sits at or past the right bill's value and below the next bill's, every wrong bill is
/// disabled for the moment; moving away enables them again, except those already guessed.
///
/// "Without the number line, the game is a testing tool, not a teaching tool." The slider is the
/// client's own: the host only hears, with the next guess, that it pointed at the right bill.
///
/// NB: the right bill follows from the item's cost by the lesson's rule (``Bills/right(for:among:)``), so
/// the screen computes where the line points from the cost it shows; the host's verdicts come from the host.
public enum NumberLine {
    /// Where the slider may go: from $0 to the largest bill.
    /// - Parameter bills: the offered bills, smallest first.
    public static func range(of bills: [Money]) -> ClosedRange<Money> {
        Money.zero...(bills.last ?? .zero)
    }

    /// The slider positions at which the line points at the right bill: from the right bill's value up
    /// to, not including, the next bill's; the largest bill's position alone when it is the right one.
    /// - Parameters:
    ///   - cost: the item's cost.
    ///   - bills: the offered bills, smallest first.
    /// - Returns: the positions, or `nil` when no bill pays for the cost.
    public static func hintZone(cost: Money, bills: [Money]) -> ClosedRange<Money>? {
        guard let right = Bills.right(for: cost, among: bills), let index = bills.firstIndex(of: right) else {
            return nil
        }
        let end = index + 1 < bills.count ? bills[index + 1] - Money(cents: 1) : right
        return right...end
    }

    /// Whether the slider points at the right bill.
    public static func pointsAtRightBill(_ slider: Money, cost: Money, bills: [Money]) -> Bool {
        self.hintZone(cost: cost, bills: bills)?.contains(slider) ?? false
    }

    /// Which bills may be pressed, in the order offered.
    /// - Parameters:
    ///   - bills: the offered bills, smallest first.
    ///   - cost: the item's cost.
    ///   - wrong: the bills guessed wrong this round (disabled for the rest of it).
    ///   - answered: whether the right bill was chosen (every bill is disabled then).
    ///   - slider: the slider's position, or `nil` when the number line is off.
    /// - Returns: one flag per bill.
    public static func enabled(
        bills: [Money], cost: Money, wrong: [Money], answered: Bool, slider: Money?
    ) -> [Bool] {
        let right = Bills.right(for: cost, among: bills)
        let pointing = slider.map { self.pointsAtRightBill($0, cost: cost, bills: bills) } ?? false
        return bills.map { bill in
            if answered || wrong.contains(bill) { return false }
            return !pointing || bill == right
        }
    }

    /// A slider position moved by some cents, kept within the line.
    public static func move(_ slider: Money, by cents: Int64, bills: [Money]) -> Money {
        let range = self.range(of: bills)
        return min(max(slider + Money(cents: cents), range.lowerBound), range.upperBound)
    }
}
