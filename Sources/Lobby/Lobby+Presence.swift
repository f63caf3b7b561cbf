import GameKit
import Protocol

// MARK: - Presence: resume, disconnect, grace periods

extension Lobby {
    /// Gives a player's identity, and their seat, to a new connection.
    mutating func resume(_ id: PlayerID, on connection: ConnectionID, re: RequestID?, into outcome: inout LobbyOutcome)
    {
        guard var player = self.players[id] else { preconditionFailure("token of unknown player \(id)") }
        if let old = player.connection, self.referee.replacesOlderSessions {
            // NB: the token's holder is the player; an older connection still open is the stale one.
            let replaced = ErrorMessage(
                code: .sessionReplaced, message: "this session was resumed on another connection", fatal: true)
            outcome.deliveries.append(Delivery(to: old, HostEnvelope(.error(replaced)), closesConnection: true))
            self.playerByConnection.removeValue(forKey: old)
            for tableID in self.tables.keys {
                self.tables[tableID]?.spectators.remove(old)
            }
        }
        self.arrivals += 1
        player.connection = connection
        player.arrival = self.arrivals
        self.players[id] = player
        self.playerByConnection[connection] = id
        outcome.greeted = id
        outcome.send(.welcome(self.welcome(for: player, resumed: true)), to: connection, re: re)

        guard let tableID = player.table, var table = self.tables[tableID], let seat = table.seat(of: id) else {
            return
        }
        if table.away.removeValue(forKey: seat) != nil {
            var unpaused = false
            if table.status == .paused, table.away.isEmpty, !table.haltedByDisk {
                table.status = .playing
                unpaused = true
                outcome.journal.append(.table(table.record))
                self.scheduleBots(at: &table)
            }
            self.tables[tableID] = table
            self.broadcast(table, re: nil, except: connection, into: &outcome) { _ in
                .back(PresenceNotice(table: tableID, seat: seat, player: id, name: player.name))
            }
            self.broadcastTable(table, re: nil, except: connection, into: &outcome)
            if unpaused {
                // NB: a client that follows the match through `state` learns it goes on.
                let current = table
                self.broadcast(table, re: nil, except: connection, into: &outcome) { viewer in
                    .state(self.update(of: current, for: viewer))
                }
            }
        }
        outcome.send(.table(TableUpdate(table: self.info(of: table))), to: connection)
        if table.match != nil {
            outcome.send(.state(self.update(of: table, for: .seat(seat))), to: connection)
        }
        for notice in self.awayNotices(at: table) { outcome.send(notice, to: connection) }
    }

    /// Forgets a connection that closed; a seated player's seat is held for the table's grace period.
    /// - Parameters:
    ///   - connection: the connection, greeted or not.
    ///   - now: the current time.
    /// - Returns: what to journal and send to the others.
    public mutating func disconnect(_ connection: ConnectionID, now: LobbyTime) -> LobbyOutcome {
        self.now = now
        var outcome = LobbyOutcome()
        for tableID in self.tables.keys where self.tables[tableID]?.spectators.contains(connection) == true {
            self.tables[tableID]?.spectators.remove(connection)
            if let table = self.tables[tableID] {
                self.broadcastTable(table, re: nil, into: &outcome)
            }
        }
        guard let id = self.playerByConnection.removeValue(forKey: connection), var player = self.players[id] else {
            return self.sent(outcome)
        }
        player.connection = nil
        self.players[id] = player
        if self.referee.freesNamesOnDisconnect {
            self.playerByNameKey.removeValue(forKey: PlayerName.uniquenessKey(player.name))
        }
        guard let tableID = player.table, var table = self.tables[tableID], let seat = table.seat(of: id) else {
            self.forget(id, into: &outcome)
            return self.sent(outcome)
        }
        table.away[seat] = .some(now.adding(seconds: table.graceSeconds))
        table.ready.remove(seat)
        self.tables[tableID] = table
        self.broadcast(table, re: nil, into: &outcome) { _ in
            .away(
                PresenceNotice(
                    table: tableID, seat: seat, player: id, name: player.name, graceMs: table.graceSeconds * 1000))
        }
        self.broadcastTable(table, re: nil, into: &outcome)
        return self.sent(outcome)
    }

    /// Applies the table's policy to grace periods that have ended.
    mutating func endGracePeriods(at table: inout Table, into outcome: inout LobbyOutcome) {
        let expired = table.seatOrder.filter { seat in
            if case .some(.some(let deadline)) = table.away[seat] { return deadline <= self.now }
            return false
        }
        for seat in expired {
            table.away[seat] = .some(nil)
            switch table.status {
            case .playing:
                if table.onTimeout == .pause {
                    table.status = .paused
                    table.botsDue = nil
                    outcome.journal.append(.table(table.record))
                    self.broadcastTable(table, re: nil, into: &outcome)
                } else {
                    self.seatLeaves(seat, .forfeit, at: &table, re: nil, into: &outcome)
                }
            case .paused:
                break
            case .waiting, .over:
                self.unseat(seat, at: &table, into: &outcome)
                self.broadcastTable(table, re: nil, into: &outcome)
            }
        }
    }
}
