import GameKit
import Protocol

/// What the teacher asks of the host from its console (`tcnet host`'s standard input).
public enum TeacherRequest: Sendable, Equatable {
    /// Every table's seats: who sits there, and who is away.
    case seats
    /// Frees a seat: its player forfeits a match under way and loses the seat (and, when away, their
    /// name).
    case free(table: TableID, seat: SeatName)
    /// Gives a seat a new seat code: the old code and token stop working, and a connection that holds
    /// the seat now is closed, so whoever gets the new code takes the seat.
    case reseat(table: TableID, seat: SeatName)
}

// MARK: - The teacher's console

extension Lobby {
    /// Carries out a teacher's request.
    /// - Parameters:
    ///   - request: the request.
    ///   - now: the current time.
    ///   - resumeToken: a fresh secret, used by `reseat`.
    /// - Returns: what to journal and send, and the lines to show the teacher.
    public mutating func teacher(
        _ request: TeacherRequest, now: LobbyTime, resumeToken: ResumeToken
    ) -> (outcome: LobbyOutcome, answer: [String]) {
        self.now = now
        var outcome = LobbyOutcome()
        self.runDue(into: &outcome)
        switch request {
        case .seats:
            return (outcome, self.seatList())
        case .free(let id, let seat), .reseat(let id, let seat):
            // NB: both always write (the seat, the player's new token).
            guard !self.isDiskFull else { return (outcome, ["not done: \(Self.diskFullMessage)"]) }
            guard var table = self.tables.removeValue(forKey: id) else {
                let ids = self.tables.values.sorted { $0.number < $1.number }.map(\.id)
                return (
                    outcome,
                    ["there is no table \(id); the tables are: \(ids.isEmpty ? "none" : ids.joined(separator: ", "))"]
                )
            }
            defer { self.tables[id] = table }
            guard let player = table.seats[seat].flatMap({ self.players[$0] }) else {
                let why = table.bots[seat].map { "the \($0) bot plays it" } ?? "nobody sits there"
                guard table.seatOrder.contains(seat) else {
                    return (outcome, ["table \(id) has seats \(table.seatOrder.joined(separator: ", ")), not \(seat)"])
                }
                return (outcome, ["seat \(seat) at table \(id) has no player: \(why)"])
            }
            let answer: [String]
            if case .free = request {
                answer = [self.free(seat, of: player, at: &table, into: &outcome)]
            } else {
                answer = self.reseat(seat, of: player, at: &table, token: resumeToken, into: &outcome)
            }
            return (outcome, answer)
        }
    }

    private mutating func free(
        _ seat: SeatName, of player: Player, at table: inout Table, into outcome: inout LobbyOutcome
    ) -> String {
        if table.status == .playing || table.status == .paused {
            self.seatLeaves(seat, .forfeit, at: &table, re: nil, into: &outcome)
        }
        self.unseat(seat, at: &table, into: &outcome)
        if let connection = player.connection {
            // NB: no longer a member, the player would not hear of it otherwise.
            outcome.send(.table(TableUpdate(table: self.info(of: table))), to: connection)
        }
        self.broadcastTable(table, re: nil, into: &outcome)
        return "freed seat \(seat) at table \(table.id); \(player.name) no longer sits there"
    }

    private mutating func reseat(
        _ seat: SeatName, of player: Player, at table: inout Table, token: ResumeToken, into outcome: inout LobbyOutcome
    ) -> [String] {
        var player = player
        self.playerByToken.removeValue(forKey: player.token)
        player.token = token
        self.playerByToken[token] = player.id
        self.players[player.id] = player
        outcome.journal.append(.player(player.record))
        if let old = player.connection {
            let replaced = ErrorMessage(
                code: .sessionReplaced, message: "the teacher gave this seat a new seat code", fatal: true)
            outcome.deliveries.append(Delivery(to: old, HostEnvelope(.error(replaced)), closesConnection: true))
            self.tables[table.id] = table
            let away = self.disconnect(old, now: self.now)
            outcome.journal += away.journal
            outcome.deliveries += away.deliveries
            table = self.tables[table.id] ?? table
        }
        return [
            "seat \(seat) at table \(table.id) (\(player.name)) has a new seat code: \(player.seatCode.rawValue)",
            "the old code and the old connection no longer hold it; on any machine:",
            "  tcnet join HOST --resume \(player.seatCode.rawValue)",
        ]
    }

    private func seatList() -> [String] {
        let tables = self.tables.values.sorted { $0.number < $1.number }
        var lines = self.isDiskFull ? ["THE DISK IS FULL: matches are paused until there is room on the host"] : []
        guard !tables.isEmpty else { return lines + ["no tables yet"] }
        for table in tables {
            let paused = table.status != .paused ? "" : table.haltedByDisk ? " (disk full)" : " (a player is away)"
            lines.append(
                "\(table.id)  \(table.game.name) (\(table.ruleSet))  "
                    + "\(table.status.rawValue)\(paused), match \(table.matchNumber)"
            )
            for seat in table.seatOrder {
                if let bot = table.bots[seat] {
                    lines.append("  \(seat)  \(bot) bot")
                } else if let id = table.seats[seat], let player = self.players[id] {
                    lines.append(
                        "  \(seat)  \(player.name) (\(id))  \(self.presence(of: player, seat: seat, at: table))")
                } else {
                    lines.append("  \(seat)  free")
                }
            }
        }
        return lines
    }

    private func presence(of player: Player, seat: SeatName, at table: Table) -> String {
        guard let held = table.away[seat] else { return player.connection == nil ? "away" : "here" }
        guard let until = held else { return "away, grace period over" }
        let seconds = max(0, (until.milliseconds - self.now.milliseconds + 999) / 1000)
        return "away, seat held \(seconds / 60):\(seconds % 60 < 10 ? "0" : "")\(seconds % 60) more"
    }
}
