import GameKit

extension CrapsState {
    /// Takes a seat out of the match (the host's move when a player resigns, leaves or forfeits). Its
    /// balance is frozen and it still ranks by it; the dice pass on if it held them; the match ends, and
    /// the current secret is revealed, when no seat is left in it.
    mutating func leave(_ seat: SeatName, reason: LeaveReason, reveal: String?) throws(GameRuleViolation)
        -> [CrapsEvent]
    {
        let index = try self.index(ofSeatIn: seat)
        self.players[index].left = reason
        self.players[index].last = nil
        var events: [CrapsEvent] = [.seatLeft(seat: seat, reason: reason)]
        guard self.players.contains(where: \.isIn) else {
            guard let reveal else { throw CrapsRefusal.revealMissing(period: self.period.number) }
            var period = self.period
            period.secret = reveal
            if let failure = CrapsVerifier.check(period, seats: self.players.count) { throw failure.violation }
            self.period = period
            self.shooter = nil
            self.point = nil
            self.over = MatchEnd(reason)
            return events + [.revealed(period: period.number, secret: reveal), .matchOver(reason: MatchEnd(reason))]
        }
        guard reveal == nil else { throw CrapsRefusal.unexpectedReveal(period: self.period.number) }
        guard self.shooter == seat else { return events }
        let next = self.nextRider(after: seat)
        self.shooter = next
        events.append(.dicePassed(from: seat, to: next))
        if next == nil, self.point != nil {
            // NB: nobody's ante rides on this point any more. The period goes on (its seeds stay fixed and
            // its rolls keep counting) until the next decision.
            self.point = nil
            events.append(.pointOff)
        }
        return events
    }
}
