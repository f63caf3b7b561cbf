import GameKit

/// A session's teacher options (docs/WHICHBILL.md, "Options"), read from the table's checked options.
public struct SessionOptions: Sendable, Hashable {
    /// The option names, as `create-table` gives them.
    public enum Name {
        public static let bills = "bills"
        public static let minCents = "minCents"
        public static let maxCents = "maxCents"
        public static let numberLine = "numberLine"
        public static let items = "items"
    }

    /// The fewest and most bills a table offers (the seed's four buttons; keys 1-4).
    public static let billCounts = 2...4
    /// The costs a teacher may allow, in cents: $0.01 to $100.00.
    public static let centsRange: ClosedRange<Int> = 1...10_000

    /// The bills offered, smallest first.
    public var bills: [Money]
    /// The costs the items may have.
    public var costs: ClosedRange<Money>
    /// Whether the number line is shown.
    public var numberLine: Bool
    /// How many items a session has.
    public var items: Int

    /// Options given directly.
    public init(bills: [Money], costs: ClosedRange<Money>, numberLine: Bool, items: Int) {
        self.bills = bills
        self.costs = costs
        self.numberLine = numberLine
        self.items = items
    }

    /// The declarations of `descriptor.options`.
    public static let declarations: [GameOption] = [
        GameOption(
            name: Name.bills, summary: "The bills offered, 2 to 4 of 1, 2, 5, 10, 20, 50 and 100 dollars",
            kind: .subset(Bills.denominations.map(String.init), default: ["1", "5", "10", "20"])),
        GameOption(
            name: Name.minCents, summary: "The lowest cost of an item, in cents",
            kind: .integer(min: Self.centsRange.lowerBound, max: Self.centsRange.upperBound, step: 1, default: 1)),
        GameOption(
            name: Name.maxCents, summary: "The highest cost of an item, in cents (at most the largest bill)",
            kind: .integer(min: Self.centsRange.lowerBound, max: Self.centsRange.upperBound, step: 1, default: 2000)),
        GameOption(
            name: Name.numberLine, summary: "Show the number line, the teaching aid",
            kind: .toggle(default: true)),
        GameOption(
            name: Name.items, summary: "How many items a session has",
            kind: .integer(min: 1, max: 100, step: 1, default: 10)),
    ]

    /// Reads checked options (each within its declared range, defaults filled in).
    public init(_ options: GameOptions) {
        self.bills = options.subset(Name.bills).compactMap(Int64.init).map(Money.init(dollars:))
        self.costs =
            Money(
                cents: Int64(options.integer(Name.minCents)))...Money(
                cents: Int64(max(options.integer(Name.minCents), options.integer(Name.maxCents))))
        self.numberLine = options.toggle(Name.numberLine)
        self.items = options.integer(Name.items)
    }

    /// Relations between the options that their declarations cannot say.
    /// - Parameter options: checked options.
    /// - Returns: the refusal, naming the option; `nil` when the options go together.
    public static func refusal(of options: GameOptions) -> OptionRefusal? {
        let bills = options.subset(Name.bills).compactMap(Int64.init)
        let list = bills.map { "$\($0)" }.joined(separator: ", ")
        guard bills.count >= Self.billCounts.lowerBound else {
            return OptionRefusal(
                option: Name.bills, message: "option bills must offer at least 2 bills to choose from, not only \(list)"
            )
        }
        guard bills.count <= Self.billCounts.upperBound else {
            return OptionRefusal(
                option: Name.bills,
                message: "option bills offers at most 4 bills (keys 1 to 4), not \(bills.count): \(list)")
        }
        let low = Money(cents: Int64(options.integer(Name.minCents)))
        let high = Money(cents: Int64(options.integer(Name.maxCents)))
        guard low <= high else {
            return OptionRefusal(
                option: Name.minCents, message: "option minCents (\(low)) must not be more than maxCents (\(high))")
        }
        let largest = Money(dollars: bills.max() ?? 0)
        guard high <= largest else {
            return OptionRefusal(
                option: Name.maxCents,
                message: "option maxCents (\(high)) is more than the largest bill offered (\(Bills.name(largest))): "
                    + "lower maxCents or offer a larger bill")
        }
        return nil
    }
}
