import GameKit

extension CrapsState {
    /// The roll the current period's secret and seeds give next, on the host (which knows the secret).
    /// - Returns: the dice; `nil` when the secret is hidden (a viewer's copy).
    public var nextRoll: Dice? {
        guard let secret = self.period.secret else { return nil }
        let seeds = self.period.seeds ?? self.players.map(\.seed)
        return DiceDerivation.dice(secret: secret, seeds: seeds, roll: self.period.rolls.count + 1)
    }

    /// Whether a decision now would end the match (the table's limit of decisions reached).
    public var nextDecisionEndsMatch: Bool {
        self.decisionLimit > 0 && self.decisions + 1 >= self.decisionLimit
    }

    mutating func roll(_ prepared: PreparedRoll?, by seat: SeatName) throws(GameRuleViolation) -> [CrapsEvent] {
        guard self.shooter == seat else { throw CrapsRefusal.notShooter(self.shooter) }
        guard let prepared else { throw CrapsRefusal.rollNotPrepared }
        let number = self.period.number
        var period = self.period
        if period.seeds == nil { period.seeds = self.players.map(\.seed) }
        period.rolls.append(prepared.dice)
        if let expected = self.nextRoll, expected != prepared.dice {
            throw DiceCheckFailure(
                kind: .rollMismatch, period: number, roll: period.rolls.count, expected: expected,
                found: prepared.dice
            ).violation
        }
        let decision = self.decision(for: prepared.dice.total)
        let nextPeriod = try self.checkSecrets(of: prepared, closing: &period, decides: decision != nil)

        for index in self.players.indices { self.players[index].last = nil }
        self.dice = prepared.dice
        self.period = period
        var events: [CrapsEvent] = [
            .rolled(shooter: seat, dice: prepared.dice, period: number, roll: period.rolls.count)
        ]
        guard let decision else {
            if self.point == nil {
                self.point = prepared.dice.total
                events.append(.pointSet(point: prepared.dice.total))
            }
            return events
        }
        events += self.settle(decision, total: prepared.dice.total)
        // NB: checkSecrets refused a deciding roll without its reveal.
        events.append(.revealed(period: number, secret: prepared.reveal ?? ""))
        if decision == .sevenOut || !(self.player(seat)?.rides ?? false) {
            let next = self.nextRider(after: seat)
            self.shooter = next
            if next != seat { events.append(.dicePassed(from: seat, to: next)) }
        }
        if let nextPeriod {
            self.period = nextPeriod
            events.append(.periodStarted(period: nextPeriod.number, commitment: nextPeriod.commitment))
        } else {
            self.over = .finished
            events.append(.matchOver(reason: .finished))
        }
        return events
    }

    /// Checks the secrets a roll carries: none on a roll that decides nothing; on a deciding roll the
    /// period's secret, which must verify every roll of the period, and the next period unless the match
    /// ends.
    /// - Returns: the next period (with its secret on the host, without on a viewer); `nil` when none.
    private func checkSecrets(
        of prepared: PreparedRoll, closing period: inout DicePeriod, decides: Bool
    ) throws(GameRuleViolation) -> DicePeriod? {
        guard decides else {
            guard prepared.reveal == nil else { throw CrapsRefusal.unexpectedReveal(period: period.number) }
            guard prepared.next == nil else { throw CrapsRefusal.unexpectedNext(period: period.number) }
            return nil
        }
        guard let reveal = prepared.reveal else { throw CrapsRefusal.revealMissing(period: period.number) }
        period.secret = reveal
        if let failure = CrapsVerifier.check(period, seats: self.players.count) { throw failure.violation }
        switch (self.nextDecisionEndsMatch, prepared.next) {
        case (true, nil):
            return nil
        case (true, _?):
            throw CrapsRefusal.unexpectedNext(period: period.number)
        case (false, nil):
            throw CrapsRefusal.nextMissing(period: period.number)
        case (false, .secret(let secret)?):
            guard let next = DicePeriod(number: period.number + 1, secret: secret) else {
                throw CrapsRefusal.nextMissing(period: period.number)
            }
            return next
        case (false, .commitment(let commitment)?):
            guard DiceDerivation.isDigest(commitment) else { throw CrapsRefusal.nextMissing(period: period.number) }
            return DicePeriod(number: period.number + 1, commitment: commitment)
        }
    }

    /// Pays or collects every riding ante, counts the decision and turns the point off.
    private mutating func settle(_ decision: Decision, total: Int) -> [CrapsEvent] {
        var events: [CrapsEvent] = [.decided(decision: decision, total: total)]
        for index in self.players.indices where self.players[index].rides {
            let player = self.players[index]
            if decision.wins {
                self.players[index].balance += player.ante
                self.players[index].last = .won
                events.append(.won(seat: player.seat, amount: player.ante, balance: self.players[index].balance))
                continue
            }
            let balance = player.balance - player.ante
            self.players[index].balance = balance
            self.players[index].last = .lost
            events.append(.lost(seat: player.seat, amount: player.ante, balance: balance))
            if balance < CrapsTable.anteStep {
                self.players[index].ante = .zero
                events.append(.bankrupt(seat: player.seat))
            } else if player.ante > balance {
                // NB: balances and antes are multiples of $5, so the balance itself is an acceptable ante.
                self.players[index].ante = balance
                events.append(.anteLowered(seat: player.seat, ante: balance))
            }
        }
        self.decisions += 1
        self.point = nil
        return events
    }
}
