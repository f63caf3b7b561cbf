import GameKit

extension WhichBillState: Codable {
    /// Reads the state of docs/WHICHBILL.md ("State"); `answer` and `hintGuess` may be absent.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: JSONKey.self)
        func money(_ key: String) throws -> Money { Money(cents: try c.decode(Int64.self, forKey: JSONKey(key))) }
        let bills = try c.decode([Int64].self, forKey: JSONKey("bills")).map(Money.init(cents:))
        let low = try money("minCents")
        let high = try money("maxCents")
        guard !bills.isEmpty, bills == bills.sorted(), low <= high else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: c.codingPath,
                    debugDescription: "bills must be given smallest first, minCents ≤ maxCents"))
        }
        self.options = SessionOptions(
            bills: bills, costs: low...high, numberLine: try c.decode(Bool.self, forKey: JSONKey("numberLine")),
            items: try c.decode(Int.self, forKey: JSONKey("items")))
        self.round = try c.decode(Int.self, forKey: JSONKey("round"))
        self.item = try c.decode(GroceryItem.self, forKey: JSONKey("item"))
        self.cost = try money("cents")
        self.answer = try c.decodeIfPresent(Int64.self, forKey: JSONKey("answer")).map(Money.init(cents:))
        self.wrong = try c.decode([Int64].self, forKey: JSONKey("wrong")).map(Money.init(cents:))
        self.hintGuess = try c.decodeIfPresent(Int.self, forKey: JSONKey("hintGuess"))
        self.isAnswered = try c.decode(Bool.self, forKey: JSONKey("answered"))
        self.firstTry = try c.decode(Int.self, forKey: JSONKey("firstTry"))
    }

    /// Writes the state in the documented key order; absent members are left out, not written as null.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: JSONKey.self)
        try c.encode(self.options.bills.map(\.cents), forKey: JSONKey("bills"))
        try c.encode(self.options.numberLine, forKey: JSONKey("numberLine"))
        try c.encode(self.options.costs.lowerBound.cents, forKey: JSONKey("minCents"))
        try c.encode(self.options.costs.upperBound.cents, forKey: JSONKey("maxCents"))
        try c.encode(self.options.items, forKey: JSONKey("items"))
        try c.encode(self.round, forKey: JSONKey("round"))
        try c.encode(self.item, forKey: JSONKey("item"))
        try c.encode(self.cost.cents, forKey: JSONKey("cents"))
        if let answer = self.answer { try c.encode(answer.cents, forKey: JSONKey("answer")) }
        try c.encode(self.wrong.map(\.cents), forKey: JSONKey("wrong"))
        if let hintGuess = self.hintGuess { try c.encode(hintGuess, forKey: JSONKey("hintGuess")) }
        try c.encode(self.isAnswered, forKey: JSONKey("answered"))
        try c.encode(self.firstTry, forKey: JSONKey("firstTry"))
    }
}
