import GameKit

/// A grocery item as a round shows it: what the state and the wire carry (docs/WHICHBILL.md).
public struct GroceryItem: Sendable, Hashable {
    /// The stable id, e.g. "apple".
    public var id: String
    /// The name for people, e.g. "apple".
    public var name: String
    /// Its picture where a screen can show one: one emoji.
    public var emoji: String
    /// Its aisle.
    public var category: ItemCategory

    /// Describes an item.
    public init(id: String, name: String, emoji: String, category: ItemCategory) {
        self.id = id
        self.name = name
        self.emoji = emoji
        self.category = category
    }
}

/// An item on the store's shelf: what it is, and the range its cost is drawn from.
public struct ShelfItem: Sendable, Hashable {
    /// The item.
    public var item: GroceryItem
    /// The lowest and highest cost a round may draw for it.
    public var prices: ClosedRange<Money>

    /// Stocks an item.
    /// - Parameters:
    ///   - id: its id.
    ///   - name: its name.
    ///   - emoji: its picture.
    ///   - category: its aisle.
    ///   - cents: the costs it may have, in cents.
    init(_ id: String, _ name: String, _ emoji: String, _ category: ItemCategory, _ cents: ClosedRange<Int64>) {
        self.item = GroceryItem(id: id, name: name, emoji: emoji, category: category)
        self.prices = Money(cents: cents.lowerBound)...Money(cents: cents.upperBound)
    }
}

/// The aisles of the store.
public enum ItemCategory: String, Sendable, Hashable, CaseIterable, Codable {
    case fruit
    case vegetables
    case dairy
    case bakery
    case drinks
    case snacks
    case pantry
    case frozen
    case household
    case school
    case toys
    case clothing
    case electronics
}
