import GameKit

extension CrapsState {
    /// The ante the rules accept for a request at a balance: the request rounded down to a multiple of $5,
    /// but at least $5 and at most the balance rounded down to a multiple of $5.
    ///
    /// This is the `allowed` value of every ante refusal: where the seed's controller moves its slider
    /// back to. It is the request itself when the request is acceptable.
    /// - Parameters:
    ///   - request: the ante asked for.
    ///   - balance: the seat's balance (at least $5).
    /// - Returns: the accepted ante.
    public static func allowedAnte(for request: Money, balance: Money) -> Money {
        let step = CrapsTable.anteStep.cents
        let ceiling = balance.cents / step * step
        let floored = max(request.cents, 0) / step * step
        return Money(cents: max(step, min(floored, ceiling)))
    }

    mutating func setAnte(_ request: Money, at index: Int) throws(GameRuleViolation) -> [CrapsEvent] {
        let player = self.players[index]
        guard !player.isBankrupt else { throw CrapsRefusal.bankrupt }
        guard self.point == nil else { throw CrapsRefusal.anteLocked(current: player.ante) }
        let allowed = Self.allowedAnte(for: request, balance: player.balance)
        guard request > .zero else { throw CrapsRefusal.anteNotPositive(allowed: allowed) }
        guard request <= player.balance else {
            throw CrapsRefusal.anteOverBalance(balance: player.balance, allowed: allowed)
        }
        guard request.cents % CrapsTable.anteStep.cents == 0 else {
            throw CrapsRefusal.anteNotMultiple(allowed: allowed)
        }
        self.players[index].ante = request
        return [.anteSet(seat: player.seat, ante: request)]
    }

    mutating func reset(at index: Int) throws(GameRuleViolation) -> [CrapsEvent] {
        let player = self.players[index]
        guard player.isBankrupt else { throw CrapsRefusal.notBankrupt(balance: player.balance) }
        guard self.point == nil else { throw CrapsRefusal.resetLocked }
        self.players[index].balance = CrapsTable.startingBalance
        self.players[index].ante = CrapsTable.startingAnte
        self.players[index].resets += 1
        self.players[index].last = nil
        var events: [CrapsEvent] = [
            .reset(seat: player.seat, balance: CrapsTable.startingBalance, ante: CrapsTable.startingAnte)
        ]
        if self.shooter == nil {
            self.shooter = player.seat
            events.append(.dicePassed(from: nil, to: player.seat))
        }
        return events
    }

    mutating func setSeed(_ seed: String, at index: Int) throws(GameRuleViolation) -> [CrapsEvent] {
        guard seed.utf8.count <= CrapsTable.seedLimit else { throw CrapsRefusal.seedTooLong }
        guard CrapsTable.isSeedAcceptable(seed) else { throw CrapsRefusal.seedNotPrintable }
        self.players[index].seed = seed
        // NB: a period's seeds are fixed at its first roll; a seed given after that counts from the next.
        let from = self.period.seeds == nil ? self.period.number : self.period.number + 1
        return [.seedSet(seat: self.players[index].seat, seed: seed, period: from)]
    }
}
