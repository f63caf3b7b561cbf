import GameKit

extension CrapsEvent: Codable {
    enum CodingKeys: String, CodingKey {
        case type, seat, shooter, ante, seed, balance, amount, dice, total, point, decision, period, roll, secret
        case commitment, from, to, reason
    }

    /// Reads an event by its `"type"`; an unknown type is a `DecodingError.dataCorrupted`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func seat(_ key: CodingKeys = .seat) throws -> SeatName { try c.decode(SeatName.self, forKey: key) }
        func money(_ key: CodingKeys) throws -> Money { try c.decode(Money.self, forKey: key) }
        func int(_ key: CodingKeys) throws -> Int { try c.decode(Int.self, forKey: key) }
        let type = try c.decode(String.self, forKey: .type)
        switch type {
        case "ante-set": self = .anteSet(seat: try seat(), ante: try money(.ante))
        case "seed-set":
            self = .seedSet(seat: try seat(), seed: try c.decode(String.self, forKey: .seed), period: try int(.period))
        case "reset": self = .reset(seat: try seat(), balance: try money(.balance), ante: try money(.ante))
        case "rolled":
            let dice = try c.decode(Dice.self, forKey: .dice)
            guard try int(.total) == dice.total else {
                throw DecodingError.dataCorruptedError(
                    forKey: .total, in: c, debugDescription: "total must be \(dice.total) for dice \(dice)")
            }
            self = .rolled(shooter: try seat(.shooter), dice: dice, period: try int(.period), roll: try int(.roll))
        case "point-set": self = .pointSet(point: try int(.point))
        case "decided":
            self = .decided(decision: try c.decode(Decision.self, forKey: .decision), total: try int(.total))
        case "won": self = .won(seat: try seat(), amount: try money(.amount), balance: try money(.balance))
        case "lost": self = .lost(seat: try seat(), amount: try money(.amount), balance: try money(.balance))
        case "ante-lowered": self = .anteLowered(seat: try seat(), ante: try money(.ante))
        case "bankrupt": self = .bankrupt(seat: try seat())
        case "revealed": self = .revealed(period: try int(.period), secret: try c.decode(String.self, forKey: .secret))
        case "dice-passed":
            self = .dicePassed(
                from: try c.decode(SeatName?.self, forKey: .from), to: try c.decode(SeatName?.self, forKey: .to))
        case "period-started":
            self = .periodStarted(period: try int(.period), commitment: try c.decode(String.self, forKey: .commitment))
        case "point-off": self = .pointOff
        case "seat-left": self = .seatLeft(seat: try seat(), reason: try c.decode(LeaveReason.self, forKey: .reason))
        case "match-over": self = .matchOver(reason: try c.decode(MatchEnd.self, forKey: .reason))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: c, debugDescription: "unknown event type \"\(type)\"")
        }
    }

    /// Writes `{"type": ..., ...}` with the fields of docs/CRAPS.md, in that order.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(self.type, forKey: .type)
        switch self {
        case .anteSet(let seat, let ante), .anteLowered(let seat, let ante):
            try c.encode(seat, forKey: .seat)
            try c.encode(ante, forKey: .ante)
        case .seedSet(let seat, let seed, let period):
            try c.encode(seat, forKey: .seat)
            try c.encode(seed, forKey: .seed)
            try c.encode(period, forKey: .period)
        case .reset(let seat, let balance, let ante):
            try c.encode(seat, forKey: .seat)
            try c.encode(balance, forKey: .balance)
            try c.encode(ante, forKey: .ante)
        case .rolled(let shooter, let dice, let period, let roll):
            try c.encode(shooter, forKey: .shooter)
            try c.encode(dice, forKey: .dice)
            try c.encode(dice.total, forKey: .total)
            try c.encode(period, forKey: .period)
            try c.encode(roll, forKey: .roll)
        case .pointSet(let point):
            try c.encode(point, forKey: .point)
        case .decided(let decision, let total):
            try c.encode(decision, forKey: .decision)
            try c.encode(total, forKey: .total)
        case .won(let seat, let amount, let balance), .lost(let seat, let amount, let balance):
            try c.encode(seat, forKey: .seat)
            try c.encode(amount, forKey: .amount)
            try c.encode(balance, forKey: .balance)
        case .bankrupt(let seat):
            try c.encode(seat, forKey: .seat)
        case .revealed(let period, let secret):
            try c.encode(period, forKey: .period)
            try c.encode(secret, forKey: .secret)
        case .dicePassed(let from, let to):
            try c.encode(from, forKey: .from)
            try c.encode(to, forKey: .to)
        case .periodStarted(let period, let commitment):
            try c.encode(period, forKey: .period)
            try c.encode(commitment, forKey: .commitment)
        case .pointOff:
            break
        case .seatLeft(let seat, let reason):
            try c.encode(seat, forKey: .seat)
            try c.encode(reason, forKey: .reason)
        case .matchOver(let reason):
            try c.encode(reason, forKey: .reason)
        }
    }
}
