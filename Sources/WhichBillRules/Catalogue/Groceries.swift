import GameKit

/// The store: every item a round may show, in aisles, each with the range its cost is drawn from.
///
/// NB: the seed shipped ten items at fixed costs and promised "more items, with randomly generated costs
/// within defined ranges". Every cent from $0.01 to $100.00 (the options' whole range) is a possible cost
/// of at least two items, so any cost range a teacher sets offers a next item that differs from the last
/// (a test holds this).
public enum Groceries {
    /// Every item, by aisle.
    public static let shelf: [ShelfItem] = [
        // Fruit
        ShelfItem("apple", "apple", "🍎", .fruit, 50...199),
        ShelfItem("banana", "bunch of bananas", "🍌", .fruit, 99...349),
        ShelfItem("grapes", "bag of grapes", "🍇", .fruit, 199...599),
        ShelfItem("strawberries", "box of strawberries", "🍓", .fruit, 249...599),
        ShelfItem("watermelon", "watermelon", "🍉", .fruit, 299...899),
        ShelfItem("orange", "orange", "🍊", .fruit, 39...149),
        ShelfItem("pineapple", "pineapple", "🍍", .fruit, 199...499),
        ShelfItem("lemon", "lemon", "🍋", .fruit, 25...99),
        // Vegetables
        ShelfItem("carrots", "bag of carrots", "🥕", .vegetables, 79...299),
        ShelfItem("broccoli", "broccoli", "🥦", .vegetables, 99...349),
        ShelfItem("potatoes", "sack of potatoes", "🥔", .vegetables, 199...699),
        ShelfItem("corn", "ear of corn", "🌽", .vegetables, 25...129),
        ShelfItem("tomato", "tomato", "🍅", .vegetables, 49...199),
        ShelfItem("cucumber", "cucumber", "🥒", .vegetables, 49...179),
        // Dairy
        ShelfItem("milk", "carton of milk", "🥛", .dairy, 129...499),
        ShelfItem("cheese", "block of cheese", "🧀", .dairy, 199...899),
        ShelfItem("eggs", "dozen eggs", "🥚", .dairy, 149...599),
        ShelfItem("butter", "butter", "🧈", .dairy, 249...699),
        // Bakery
        ShelfItem("bread", "loaf of bread", "🍞", .bakery, 129...499),
        ShelfItem("bagels", "bag of bagels", "🥯", .bakery, 249...599),
        ShelfItem("croissant", "croissant", "🥐", .bakery, 99...399),
        ShelfItem("cake", "birthday cake", "🎂", .bakery, 999...3999),
        ShelfItem("cupcake", "cupcake", "🧁", .bakery, 99...399),
        ShelfItem("pie", "apple pie", "🥧", .bakery, 499...1499),
        // Drinks
        ShelfItem("juice", "juice box", "🧃", .drinks, 99...399),
        ShelfItem("soda", "cup of soda", "🥤", .drinks, 59...249),
        ShelfItem("coffee", "cup of coffee", "☕", .drinks, 99...599),
        ShelfItem("tea", "box of tea", "🍵", .drinks, 199...699),
        // Snacks
        ShelfItem("popcorn", "bag of popcorn", "🍿", .snacks, 99...499),
        ShelfItem("cookies", "box of cookies", "🍪", .snacks, 199...599),
        ShelfItem("chocolate", "chocolate bar", "🍫", .snacks, 59...299),
        ShelfItem("lollipop", "lollipop", "🍭", .snacks, 10...99),
        ShelfItem("candy", "piece of candy", "🍬", .snacks, 1...50),
        ShelfItem("pretzel", "pretzel", "🥨", .snacks, 99...349),
        ShelfItem("doughnut", "doughnut", "🍩", .snacks, 49...249),
        // Pantry
        ShelfItem("rice", "bag of rice", "🍚", .pantry, 149...899),
        ShelfItem("spaghetti", "box of spaghetti", "🍝", .pantry, 99...399),
        ShelfItem("honey", "jar of honey", "🍯", .pantry, 299...999),
        ShelfItem("peanuts", "can of peanuts", "🥜", .pantry, 149...499),
        ShelfItem("salt", "salt shaker", "🧂", .pantry, 49...249),
        ShelfItem("soup", "can of soup", "🥫", .pantry, 79...349),
        // Frozen
        ShelfItem("ice-cream", "tub of ice cream", "🍨", .frozen, 299...799),
        ShelfItem("pizza", "frozen pizza", "🍕", .frozen, 399...1299),
        ShelfItem("shaved-ice", "shaved ice", "🍧", .frozen, 25...199),
        // Household
        ShelfItem("soap", "bar of soap", "🧼", .household, 99...499),
        ShelfItem("toilet-paper", "pack of toilet paper", "🧻", .household, 299...1999),
        ShelfItem("sponge", "sponge", "🧽", .household, 49...299),
        ShelfItem("broom", "broom", "🧹", .household, 599...2499),
        ShelfItem("basket", "laundry basket", "🧺", .household, 799...2999),
        // School
        ShelfItem("backpack", "backpack", "🎒", .school, 1499...5999),
        ShelfItem("notebook", "notebook", "📓", .school, 99...499),
        ShelfItem("ruler", "ruler", "📏", .school, 49...299),
        ShelfItem("paper-clips", "box of paper clips", "📎", .school, 1...199),
        ShelfItem("book", "book", "📕", .school, 499...2499),
        // Toys
        ShelfItem("soccer-ball", "soccer ball", "⚽", .toys, 999...3999),
        ShelfItem("teddy-bear", "teddy bear", "🧸", .toys, 999...4999),
        ShelfItem("kite", "kite", "🪁", .toys, 799...2999),
        ShelfItem("balloon", "balloon", "🎈", .toys, 1...199),
        ShelfItem("puzzle", "jigsaw puzzle", "🧩", .toys, 499...1999),
        ShelfItem("video-game", "video game", "🎮", .toys, 1999...6999),
        // Clothing
        ShelfItem("socks", "pair of socks", "🧦", .clothing, 199...999),
        ShelfItem("t-shirt", "T-shirt", "👕", .clothing, 499...1999),
        ShelfItem("sneakers", "pair of sneakers", "👟", .clothing, 2499...9999),
        ShelfItem("coat", "winter coat", "🧥", .clothing, 3999...10000),
        ShelfItem("cap", "baseball cap", "🧢", .clothing, 799...2999),
        ShelfItem("gloves", "pair of gloves", "🧤", .clothing, 499...1999),
        // Electronics
        ShelfItem("headphones", "headphones", "🎧", .electronics, 999...10000),
        ShelfItem("flashlight", "flashlight", "🔦", .electronics, 499...2999),
    ]

    private static let byID: [String: ShelfItem] = Dictionary(uniqueKeysWithValues: Self.shelf.map { ($0.item.id, $0) })

    /// The shelf item with this id.
    public static func item(_ id: String) -> ShelfItem? {
        Self.byID[id]
    }

    /// The items whose costs can fall in a range, in shelf order.
    /// - Parameter range: the teacher's cost range.
    /// - Returns: the items, each with its own range narrowed to the teacher's.
    public static func stocked(within range: ClosedRange<Money>) -> [ShelfItem] {
        Self.shelf.compactMap { shelf in
            guard shelf.prices.overlaps(range) else { return nil }
            var narrowed = shelf
            narrowed.prices = shelf.prices.clamped(to: range)
            return narrowed
        }
    }
}
