import GameKit

extension WhichBillEvent: Codable {
    /// Reads `{"guessed":cents,"verdict":...}`, `{"roundOver":{...}}`, `{"next":round}` or
    /// `{"sessionOver":{"items":n,"firstTry":n}}`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: JSONKey.self)
        let names = c.names
        if names == ["guessed", "verdict"] {
            self = .guessed(
                Money(cents: try c.decode(Int64.self, forKey: JSONKey("guessed"))),
                try c.decode(BillVerdict.self, forKey: JSONKey("verdict")))
        } else if names == ["roundOver"] {
            self = .roundOver(try c.decode(RoundRecord.self, forKey: JSONKey("roundOver")))
        } else if names == ["next"] {
            self = .next(round: try c.decode(Int.self, forKey: JSONKey("next")))
        } else if names == ["sessionOver"] {
            let over = try c.nestedContainer(keyedBy: JSONKey.self, forKey: JSONKey("sessionOver"))
            self = .sessionOver(
                items: try over.decode(Int.self, forKey: JSONKey("items")),
                firstTry: try over.decode(Int.self, forKey: JSONKey("firstTry")))
        } else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "not a WhichBill event: keys [\(names.sorted().joined(separator: ", "))]"))
        }
    }

    /// Writes the event in the shape and key order of docs/WHICHBILL.md.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: JSONKey.self)
        switch self {
        case .guessed(let bill, let verdict):
            try c.encode(bill.cents, forKey: JSONKey("guessed"))
            try c.encode(verdict, forKey: JSONKey("verdict"))
        case .roundOver(let record):
            try c.encode(record, forKey: JSONKey("roundOver"))
        case .next(let round):
            try c.encode(round, forKey: JSONKey("next"))
        case .sessionOver(let items, let firstTry):
            var over = c.nestedContainer(keyedBy: JSONKey.self, forKey: JSONKey("sessionOver"))
            try over.encode(items, forKey: JSONKey("items"))
            try over.encode(firstTry, forKey: JSONKey("firstTry"))
        }
    }
}
