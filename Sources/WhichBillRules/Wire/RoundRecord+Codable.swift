import GameKit

extension GroceryItem: Codable {
    /// Reads `{"id","name","emoji","category"}`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: JSONKey.self)
        self.init(
            id: try c.decode(String.self, forKey: JSONKey("id")),
            name: try c.decode(String.self, forKey: JSONKey("name")),
            emoji: try c.decode(String.self, forKey: JSONKey("emoji")),
            category: try c.decode(ItemCategory.self, forKey: JSONKey("category")))
    }

    /// Writes `{"id","name","emoji","category"}`, in that order.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: JSONKey.self)
        try c.encode(self.id, forKey: JSONKey("id"))
        try c.encode(self.name, forKey: JSONKey("name"))
        try c.encode(self.emoji, forKey: JSONKey("emoji"))
        try c.encode(self.category, forKey: JSONKey("category"))
    }
}

extension RoundRecord: Codable {
    /// Reads the record of docs/WHICHBILL.md ("The round record").
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: JSONKey.self)
        func cents(_ key: String) throws -> Money { Money(cents: try c.decode(Int64.self, forKey: JSONKey(key))) }
        self.init(
            round: try c.decode(Int.self, forKey: JSONKey("round")),
            item: try c.decode(GroceryItem.self, forKey: JSONKey("item")),
            cost: try cents("cents"),
            bills: try c.decode([Int64].self, forKey: JSONKey("bills")).map(Money.init(cents:)),
            answer: try cents("answer"),
            wrong: try c.decode([Int64].self, forKey: JSONKey("wrong")).map(Money.init(cents:)),
            hintGuess: try c.decodeIfPresent(Int.self, forKey: JSONKey("hintGuess")),
            numberLine: try c.decode(Bool.self, forKey: JSONKey("numberLine")))
    }

    /// Writes the record in the documented key order.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: JSONKey.self)
        try c.encode(self.round, forKey: JSONKey("round"))
        try c.encode(self.item, forKey: JSONKey("item"))
        try c.encode(self.cost.cents, forKey: JSONKey("cents"))
        try c.encode(self.bills.map(\.cents), forKey: JSONKey("bills"))
        try c.encode(self.answer.cents, forKey: JSONKey("answer"))
        try c.encode(self.wrong.map(\.cents), forKey: JSONKey("wrong"))
        if let hintGuess = self.hintGuess { try c.encode(hintGuess, forKey: JSONKey("hintGuess")) }
        try c.encode(self.numberLine, forKey: JSONKey("numberLine"))
    }
}
