import GameKit

extension CrapsState {
    /// Applies a (prepared) move: the rules, run alike by the host and by every client.
    ///
    /// Checks run in this order: the match is over (`game-over`); the mover may make this kind of move
    /// (`players-only`, `host-only`); the seat exists and is in the match (`no-such-seat`, `seat-out`); then
    /// the move's own rules (docs/CRAPS.md, "Refusals").
    /// - Parameters:
    ///   - move: the move, prepared by the host (a roll carries its dice).
    ///   - mover: who makes it.
    /// - Returns: the events, in order; or the rule the move breaks, with the state unchanged.
    public mutating func apply(_ move: CrapsMove, by mover: Mover) -> Result<[CrapsEvent], GameRuleViolation> {
        var next = self
        do {
            let events = try next.perform(move, by: mover)
            self = next
            return .success(events)
        } catch {
            return .failure(error)
        }
    }

    private mutating func perform(_ move: CrapsMove, by mover: Mover) throws(GameRuleViolation) -> [CrapsEvent] {
        guard self.over == nil else { throw CrapsRefusal.gameOver }
        if case .leave(let seat, let reason, let reveal) = move {
            guard mover == .host else { throw CrapsRefusal.hostOnly }
            return try self.leave(seat, reason: reason, reveal: reveal)
        }
        guard let seat = mover.seat else { throw CrapsRefusal.playersOnly }
        let index = try self.index(ofSeatIn: seat)
        switch move {
        case .roll(let prepared): return try self.roll(prepared, by: seat)
        case .ante(let ante): return try self.setAnte(ante, at: index)
        case .reset: return try self.reset(at: index)
        case .seed(let seed): return try self.setSeed(seed, at: index)
        case .leave: preconditionFailure("Invalid move \(move): handled above")
        }
    }

    /// The index of a seat that is in the match.
    func index(ofSeatIn seat: SeatName) throws(GameRuleViolation) -> Int {
        guard let index = self.players.firstIndex(where: { $0.seat == seat }) else {
            throw CrapsRefusal.noSuchSeat(seat)
        }
        guard self.players[index].isIn else { throw CrapsRefusal.seatOut(seat) }
        return index
    }

    /// The next seat after `seat`, in seat order and round the table, whose ante rides (`seat` itself when
    /// it is the only one); `nil` when none rides.
    func nextRider(after seat: SeatName?) -> SeatName? {
        let start = seat.flatMap { seat in self.players.firstIndex { $0.seat == seat } } ?? (self.players.count - 1)
        for offset in 1...self.players.count {
            let candidate = self.players[(start + offset) % self.players.count]
            if candidate.rides { return candidate.seat }
        }
        return nil
    }
}
