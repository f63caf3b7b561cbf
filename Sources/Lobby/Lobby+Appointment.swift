import GameKit
import Protocol

// MARK: - Tables the host seats by itself (a tournament's games)

extension Lobby {
    /// Sets up a table and seats its players, bots and held seats, without anyone asking: a tournament's
    /// game. The players are moved from any table they sit at; a player not connected is away from the
    /// start, their grace period running. The match starts when every seat is taken and its players are
    /// ready, or at `startsAt` whether they are or not.
    /// - Parameters:
    ///   - appointment: the game and the seats.
    ///   - now: the current time.
    /// - Returns: the new table's id and what to journal and send, or why it cannot be set up.
    public mutating func appoint(
        _ appointment: TableAppointment, now: LobbyTime
    ) -> Result<(table: TableID, outcome: LobbyOutcome), AppointmentRefusal> {
        self.now = now
        let catalog = self.configuration.catalog
        guard let game = catalog.game(appointment.game)?.descriptor else {
            return .failure(
                AppointmentRefusal(code: .noSuchGame, message: "this host offers no game \(appointment.game)"))
        }
        let ruleSet = appointment.ruleSet ?? game.ruleSets[0]
        guard game.ruleSets.contains(ruleSet) else {
            return .failure(
                AppointmentRefusal(code: .noSuchRuleSet, message: "\(game.name) has no rule set \(ruleSet)"))
        }
        guard game.seatCounts.contains(appointment.seats.count) else {
            return .failure(
                AppointmentRefusal(
                    code: .invalidSetting,
                    message: "a table of \(game.name) cannot have \(appointment.seats.count) seats"))
        }
        guard (0...self.configuration.maxGraceSeconds).contains(appointment.graceSeconds) else {
            return .failure(
                AppointmentRefusal(
                    code: .invalidSetting,
                    message: "graceSeconds must be 0 to \(self.configuration.maxGraceSeconds), "
                        + "not \(appointment.graceSeconds)"
                ))
        }
        let options: GameOptions
        switch catalog.options(appointment.options ?? [:], game: game.id, seats: appointment.seats.count) {
        case .success(let checked): options = checked
        case .failure(let refusal):
            return .failure(AppointmentRefusal(code: .invalidOption, message: refusal.message, option: refusal.option))
        }
        for case .bot(let bot) in appointment.seats where !game.bots.contains(bot) {
            return .failure(AppointmentRefusal(code: .noSuchBot, message: "\(game.name) has no bot \(bot)"))
        }
        for case .player(let id) in appointment.seats where self.players[id] == nil {
            return .failure(AppointmentRefusal(code: .noSuchEntrant, message: "no player \(id) on this host"))
        }
        var outcome = LobbyOutcome()
        self.tableNumbers += 1
        var table = Table(
            id: "t\(self.tableNumbers)", number: self.tableNumbers, game: game, ruleSet: ruleSet,
            graceSeconds: appointment.graceSeconds, onTimeout: appointment.onTimeout,
            seatCount: appointment.seats.count, options: options)
        table.startsAt = appointment.startsAt
        for (seat, occupant) in zip(table.seatOrder, appointment.seats) {
            switch occupant {
            case .player(let id): self.place(id, at: seat, of: &table, into: &outcome)
            case .bot(let bot): table.bots[seat] = bot
            case .held: table.reserved.insert(seat)
            }
        }
        self.tables[table.id] = table
        outcome.journal.append(.table(table.record))
        return .success((table.id, self.sent(outcome)))
    }

    /// Seats a player in a seat the host held for them at an appointed table.
    /// - Returns: what to journal and send, or why not (no such table or seat, the seat not held).
    public mutating func seatHeld(
        _ player: PlayerID, at tableID: TableID, seat: SeatName, now: LobbyTime
    ) -> Result<LobbyOutcome, AppointmentRefusal> {
        self.now = now
        guard self.players[player] != nil, var table = self.tables[tableID], table.reserved.contains(seat) else {
            return .failure(
                AppointmentRefusal(code: .seatUnavailable, message: "seat \(seat) at \(tableID) is not held"))
        }
        var outcome = LobbyOutcome()
        table.reserved.remove(seat)
        self.place(player, at: seat, of: &table, into: &outcome)
        self.tables[tableID] = table
        outcome.journal.append(.table(table.record))
        self.broadcastTable(table, re: nil, into: &outcome)
        return .success(self.sent(outcome))
    }

    /// Closes an appointed table: a match under way there ends (reason `adjourned`: a result is recorded
    /// by hand instead), and every seat is freed; its players are told.
    public mutating func closeTable(_ tableID: TableID, now: LobbyTime) -> LobbyOutcome {
        self.now = now
        var outcome = LobbyOutcome()
        guard var table = self.tables.removeValue(forKey: tableID) else { return outcome }
        if table.status == .playing || table.status == .paused, let match = table.match {
            self.endMatch(
                at: &table, result: match.endedResult(reason: "adjourned", last: [], draw: false), re: nil,
                into: &outcome)
        }
        let leaving = table.seatOrder.compactMap { table.seats[$0] }.compactMap { self.players[$0]?.connection }
        for seat in table.seatOrder where table.seats[seat] != nil {
            self.unseat(seat, at: &table, into: &outcome)
        }
        table.bots = [:]
        table.reserved = []
        table.startsAt = nil
        outcome.journal.append(.table(table.record))
        self.tables[tableID] = table
        for connection in leaving {
            outcome.send(.table(TableUpdate(table: self.info(of: table))), to: connection)
        }
        self.broadcastTable(table, re: nil, into: &outcome)
        return self.sent(outcome)
    }

    /// Moves a player into a seat: out of any other table first, away from the start when not connected.
    private mutating func place(
        _ player: PlayerID, at seat: SeatName, of table: inout Table, into outcome: inout LobbyOutcome
    ) {
        if let current = self.players[player]?.table, current != table.id, var old = self.tables[current],
            let oldSeat = old.seat(of: player)
        {
            if old.status == .playing || old.status == .paused {
                self.seatLeaves(oldSeat, .resigned, at: &old, re: nil, into: &outcome)
            }
            self.unseat(oldSeat, at: &old, keepingPlayer: true, into: &outcome)
            self.tables[current] = old
            self.broadcastTable(old, re: nil, into: &outcome)
        }
        table.seats[seat] = player
        self.players[player]?.table = table.id
        if self.players[player]?.connection == nil {
            table.away[seat] = .some(self.now.adding(seconds: table.graceSeconds))
        }
        if let record = self.players[player]?.record { outcome.journal.append(.player(record)) }
    }

    // MARK: What a service beside the lobby may read

    /// The player of a name (compared as names are, without case), connected or away from a table.
    public func player(named name: String) -> PlayerID? {
        self.playerByNameKey[PlayerName.uniquenessKey(name)]
    }

    /// A player's connection, when they are connected.
    public func connection(of player: PlayerID) -> ConnectionID? {
        self.players[player]?.connection
    }

    /// Every connection that completed `hello`, in the order of their ids.
    public var greetedConnections: [ConnectionID] {
        self.playerByConnection.keys.sorted()
    }

    /// A table as a service beside the lobby reads it.
    public func snapshot(of tableID: TableID) -> TableSnapshot? {
        guard let table = self.tables[tableID] else { return nil }
        return TableSnapshot(
            id: table.id, status: table.status, match: table.matchNumber, result: table.result,
            seatOrder: table.seatOrder, players: table.seats, bots: table.bots)
    }

    /// Starts an appointed table's match at its time, when every seat is taken.
    mutating func startAppointed(at table: inout Table, into outcome: inout LobbyOutcome) {
        guard table.status == .waiting, let start = table.startsAt, start <= self.now, table.isFull else { return }
        self.startMatch(at: &table, re: nil, into: &outcome)
    }
}
