// MARK: Refills, passing the turn, the end

extension GameState {
    /// Whether `seat` could refill now: 5 dollars of their own, or (with borrowing) enough in both
    /// collections together for the opponent to lend the whole shortfall.
    func canRefill(_ seat: Seat) -> Bool {
        collections[seat] >= 5 || (rules.borrowing && collections[seat] + collections[seat.opponent] >= 5)
    }

    /// One dollar into each of the mover's banks, borrowing the shortfall; the mover then sows.
    mutating func refill<Sink: GameEventSink>(into sink: inout Sink) {
        // NB: phase .refill is only ever entered (or decoded) when the refill is possible.
        precondition(canRefill(turn), "Invalid state: refill phase without the means to refill")
        let own = min(5, collections[turn])
        let shortfall = 5 - own
        collections[turn] -= own
        collections[turn.opponent] -= shortfall
        debts[turn] += shortfall
        let base = turn == .a ? 0 : 6
        for index in base..<(base + 5) {
            ring[index] &+= 1
        }
        phase = .sow
        sink.record(.refilled(seat: turn, fromCollection: own))
        if shortfall > 0 {
            sink.record(.borrowed(seat: turn, lender: turn.opponent, count: shortfall))
        }
    }

    /// Gives the turn to the other seat, who sows, must refill, or ends the game by being unable to.
    mutating func passTurn<Sink: GameEventSink>(into sink: inout Sink) {
        turn = turn.opponent
        sink.record(.turnPassed(seat: turn))
        if bankTotal(of: turn) > 0 {
            phase = .sow
        } else if canRefill(turn) {
            phase = .refill
        } else {
            end(.refillImpossible, into: &sink)
        }
    }

    /// Ends the game: each player's banks go to their collection, then the scores decide.
    mutating func end<Sink: GameEventSink>(_ reason: EndReason, into sink: inout Sink) {
        for seat in Seat.allCases {
            let count = bankTotal(of: seat)
            guard count > 0 else { continue }
            collections[seat] += count
            let base = seat == .a ? 0 : 6
            for index in base..<(base + 5) {
                ring[index] = 0
            }
            sink.record(.swept(seat: seat, count: count))
        }
        let outcome = Self.outcome(of: scores)
        phase = .over
        winner = outcome
        sink.record(.gameOver(winner: outcome, scores: scores, reason: reason))
    }

    /// The higher score wins; equal scores draw.
    static func outcome(of scores: BySeat<Int>) -> Outcome {
        scores.a > scores.b ? .won(.a) : scores.b > scores.a ? .won(.b) : .draw
    }
}
