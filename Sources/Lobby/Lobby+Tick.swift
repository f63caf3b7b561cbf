import GameKit
import Protocol

// MARK: - Time: grace periods, the games' deadlines, the host's bots

extension Lobby {
    /// Does what is due by `now`: grace periods that ended (the table's policy), games' deadlines
    /// (the game's own move, journalled), and moves of the host's bots.
    /// - Parameter now: the current time.
    /// - Returns: what to journal and send.
    public mutating func tick(now: LobbyTime) -> LobbyOutcome {
        self.now = now
        var outcome = LobbyOutcome()
        self.runDue(into: &outcome)
        return self.sent(outcome)
    }

    /// Everything due by ``now``, table by table in id order.
    mutating func runDue(into outcome: inout LobbyOutcome) {
        guard let next = self.nextDeadline, next <= self.now else { return }
        for tableID in self.tables.keys.sorted() {
            guard var table = self.tables.removeValue(forKey: tableID) else { continue }
            if self.referee.appliesGracePolicy {
                self.endGracePeriods(at: &table, into: &outcome)
            }
            self.startAppointed(at: &table, into: &outcome)
            self.fireDeadline(at: &table, into: &outcome)
            self.runBots(at: &table, into: &outcome)
            self.tables[tableID] = table
        }
    }

    /// The game's deadline passed: the host makes the game's move for it.
    private mutating func fireDeadline(at table: inout Table, into outcome: inout LobbyOutcome) {
        guard table.status == .playing, let match = table.match, let deadline = match.deadline, deadline <= self.now
        else { return }
        guard let move = match.hostMove(.deadline),
            case .success = self.play(.made(move), by: .host, at: &table, re: nil, into: &outcome)
        else {
            // NB: a game that asks to be woken must act when it is; one that does not would be woken
            // forever, so its match ends here instead.
            let result = match.endedResult(reason: "time-up", last: [], draw: false)
            self.endMatch(at: &table, result: result, re: nil, into: &outcome)
            return
        }
    }

    // MARK: Bots

    /// Wakes the table's bots after a delay if some must move, or stops waking them.
    mutating func scheduleBots(at table: inout Table) {
        table.botsDue =
            table.botsToAct.isEmpty ? nil : self.now.adding(milliseconds: self.configuration.botDelayMs)
    }

    /// Each bot that must move plays its move; a bot with no move, or with a move the rules refuse,
    /// waits for the next change at the table instead of trying again and again.
    private mutating func runBots(at table: inout Table, into outcome: inout LobbyOutcome) {
        guard let due = table.botsDue, due <= self.now else { return }
        table.botsDue = nil
        var moved = false
        for seat in table.botsToAct {
            guard table.status == .playing, let match = table.match, match.toAct.contains(seat),
                let bot = table.bots[seat]
            else { continue }
            let seed = Self.botSeed(secret: table.secret, seq: match.seq, seat: seat)
            guard let move = match.botMove(bot: bot, seat: seat, seed: seed) else { continue }
            if case .success = self.play(.made(move), by: .seat(seat), at: &table, re: nil, into: &outcome) {
                moved = true
            }
        }
        if !moved { table.botsDue = nil }
    }

    /// A bot's randomness for one step: from the match's secret, so a replay repeats it.
    static func botSeed(secret: [UInt8], seq: Int, seat: SeatName) -> UInt64 {
        let code = HMACSHA256.code(of: Array("bot \(seat) \(seq)".utf8), key: secret)
        return code.prefix(8).reduce(0) { $0 << 8 | UInt64($1) }
    }
}
