import GameKit

extension WhichBillMove: Codable {
    static let shapes =
        #"{"choose":cents} (with "hint":true after the number line pointed at the bill) or {"next":true}"#

    /// Reads one of the shapes of docs/WHICHBILL.md and nothing else: unknown keys, both shapes at once,
    /// `"next": false` and a verdict that is none of the three are refused.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: JSONKey.self)
        let names = c.names
        if names.contains("choose") {
            try c.expect(["choose"], allowed: ["choose", "hint", "verdict"], shape: Self.shapes)
            let bill = Money(cents: try c.decode(Int64.self, forKey: JSONKey("choose")))
            let hint = try c.decodeIfPresent(Bool.self, forKey: JSONKey("hint")) ?? false
            let verdict = try c.decodeIfPresent(BillVerdict.self, forKey: JSONKey("verdict"))
            self = .choose(bill, hint: hint, verdict: verdict)
        } else if names.contains("next") {
            guard try c.decode(Bool.self, forKey: JSONKey("next")) else {
                throw DecodingError.dataCorruptedError(
                    forKey: JSONKey("next"), in: c, debugDescription: "Play Again is {\"next\":true}")
            }
            guard names != ["next"] else {
                self = .next(nil)
                return
            }
            try c.expect(["next", "item", "cents"], allowed: ["next", "item", "cents", "answer"], shape: Self.shapes)
            self = .next(
                NextItem(
                    item: try c.decode(String.self, forKey: JSONKey("item")),
                    cost: Money(cents: try c.decode(Int64.self, forKey: JSONKey("cents"))),
                    answer: try c.decodeIfPresent(Int64.self, forKey: JSONKey("answer")).map(Money.init(cents:))))
        } else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "a move is \(Self.shapes); got keys [\(names.sorted().joined(separator: ", "))]"))
        }
    }

    /// Writes the move in the shape and key order of docs/WHICHBILL.md.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: JSONKey.self)
        switch self {
        case .choose(let bill, let hint, let verdict):
            try c.encode(bill.cents, forKey: JSONKey("choose"))
            if hint { try c.encode(true, forKey: JSONKey("hint")) }
            if let verdict { try c.encode(verdict, forKey: JSONKey("verdict")) }
        case .next(let next):
            try c.encode(true, forKey: JSONKey("next"))
            guard let next else { return }
            try c.encode(next.item, forKey: JSONKey("item"))
            try c.encode(next.cost.cents, forKey: JSONKey("cents"))
            if let answer = next.answer { try c.encode(answer.cents, forKey: JSONKey("answer")) }
        }
    }
}
