import GameKit

extension CrapsPlayer: Codable {
    enum CodingKeys: String, CodingKey {
        case seat, status, balance, ante, seed, resets, last
    }

    /// Reads `{"seat","status","balance","ante","seed","resets","last"}` and checks that the seat's money
    /// and status agree (docs/CRAPS.md, "State").
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func corrupt(_ key: CodingKeys, _ message: String) -> DecodingError {
            DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: message)
        }
        let seat = try c.decode(SeatName.self, forKey: .seat)
        let status = try c.decode(PlayerStatus.self, forKey: .status)
        let balance = try c.decode(Money.self, forKey: .balance)
        let ante = try c.decode(Money.self, forKey: .ante)
        let seed = try c.decode(String.self, forKey: .seed)
        let resets = try c.decode(Int.self, forKey: .resets)
        let step = CrapsTable.anteStep.cents
        guard balance >= .zero, balance.cents % step == 0 else {
            throw corrupt(.balance, "\(seat): a balance is a multiple of $5 and not negative, not \(balance)")
        }
        if balance < CrapsTable.anteStep {
            guard ante == .zero else { throw corrupt(.ante, "\(seat): a bankrupt seat's ante is $0, not \(ante)") }
        } else {
            guard ante > .zero, ante <= balance, ante.cents % step == 0 else {
                throw corrupt(.ante, "\(seat): an ante is a multiple of $5 from $5 to the balance, not \(ante)")
            }
        }
        guard CrapsTable.isSeedAcceptable(seed) else {
            throw corrupt(.seed, "\(seat): a seed is at most \(CrapsTable.seedLimit) printable ASCII characters")
        }
        guard resets >= 0 else { throw corrupt(.resets, "\(seat): resets cannot be negative") }
        let left: LeaveReason? =
            switch status {
            case .playing, .bankrupt: nil
            case .resigned: .resigned
            case .forfeit: .forfeit
            }
        self.init(
            seat: seat, balance: balance, ante: ante, seed: seed, left: left, resets: resets,
            last: try c.decode(BetOutcome?.self, forKey: .last))
        guard self.status == status else {
            throw corrupt(.status, "\(seat): with a balance of \(balance) the status is \(self.status.rawValue)")
        }
    }

    /// Writes the seat in the documented key order.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(self.seat, forKey: .seat)
        try c.encode(self.status, forKey: .status)
        try c.encode(self.balance, forKey: .balance)
        try c.encode(self.ante, forKey: .ante)
        try c.encode(self.seed, forKey: .seed)
        try c.encode(self.resets, forKey: .resets)
        try c.encode(self.last, forKey: .last)
    }
}
