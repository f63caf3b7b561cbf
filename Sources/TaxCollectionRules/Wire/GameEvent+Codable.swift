extension GameEvent: Codable {
    enum CodingKeys: String, CodingKey {
        case type, seat, lender, square, count, chain, reason, fromCollection, winner, scores
    }

    /// Reads an event by its `"type"`; an unknown type is a `DecodingError.dataCorrupted`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let type = try c.decode(String.self, forKey: .type)
        switch type {
        case "picked-up":
            self = .pickedUp(
                square: try c.decode(Square.self, forKey: .square), count: try c.decode(Int.self, forKey: .count))
        case "dropped":
            self = .dropped(square: try c.decode(Square.self, forKey: .square))
        case "relayed":
            self = .relayed(
                square: try c.decode(Square.self, forKey: .square), count: try c.decode(Int.self, forKey: .count))
        case "captured":
            self = .captured(
                seat: try c.decode(Seat.self, forKey: .seat), square: try c.decode(Square.self, forKey: .square),
                count: try c.decode(Int.self, forKey: .count), chain: try c.decode(Int.self, forKey: .chain))
        case "stopped":
            self = .stopped(
                square: try c.decode(Square.self, forKey: .square),
                reason: try c.decode(StopReason.self, forKey: .reason))
        case "refilled":
            self = .refilled(
                seat: try c.decode(Seat.self, forKey: .seat),
                fromCollection: try c.decode(Int.self, forKey: .fromCollection))
        case "borrowed":
            self = .borrowed(
                seat: try c.decode(Seat.self, forKey: .seat), lender: try c.decode(Seat.self, forKey: .lender),
                count: try c.decode(Int.self, forKey: .count))
        case "turn-passed":
            self = .turnPassed(seat: try c.decode(Seat.self, forKey: .seat))
        case "swept":
            self = .swept(seat: try c.decode(Seat.self, forKey: .seat), count: try c.decode(Int.self, forKey: .count))
        case "game-over":
            self = .gameOver(
                winner: try c.decode(Outcome.self, forKey: .winner),
                scores: try c.decode(BySeat<Int>.self, forKey: .scores),
                reason: try c.decode(EndReason.self, forKey: .reason))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: c, debugDescription: "unknown event type \"\(type)\"")
        }
    }

    /// Writes `{"type": ..., ...}` with the fields of docs/RULES.md, in that order.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(type, forKey: .type)
        switch self {
        case .pickedUp(let square, let count), .relayed(let square, let count):
            try c.encode(square, forKey: .square)
            try c.encode(count, forKey: .count)
        case .dropped(let square):
            try c.encode(square, forKey: .square)
        case .captured(let seat, let square, let count, let chain):
            try c.encode(seat, forKey: .seat)
            try c.encode(square, forKey: .square)
            try c.encode(count, forKey: .count)
            try c.encode(chain, forKey: .chain)
        case .stopped(let square, let reason):
            try c.encode(square, forKey: .square)
            try c.encode(reason, forKey: .reason)
        case .refilled(let seat, let fromCollection):
            try c.encode(seat, forKey: .seat)
            try c.encode(fromCollection, forKey: .fromCollection)
        case .borrowed(let seat, let lender, let count):
            try c.encode(seat, forKey: .seat)
            try c.encode(lender, forKey: .lender)
            try c.encode(count, forKey: .count)
        case .turnPassed(let seat):
            try c.encode(seat, forKey: .seat)
        case .swept(let seat, let count):
            try c.encode(seat, forKey: .seat)
            try c.encode(count, forKey: .count)
        case .gameOver(let winner, let scores, let reason):
            try c.encode(winner, forKey: .winner)
            try c.encode(scores, forKey: .scores)
            try c.encode(reason, forKey: .reason)
        }
    }
}
