import Protocol

// MARK: - Matches: start, move, sync, resign, draw, rematch

extension Lobby {
    mutating func startMatch(at table: inout Table, re: (ConnectionID, RequestID?)?, into outcome: inout LobbyOutcome) {
        let number = table.matchNumber + 1
        let firstSeat = self.faults.has(.firstMoveNotAlternating) ? table.seatOrder[0] : table.firstSeat(ofMatch: number)
        guard
            let match = self.configuration.catalog.startMatch(
                game: table.game.id, ruleSet: table.ruleSet, firstSeat: firstSeat)
        else {
            preconditionFailure("table \(table.id) holds a game and rule set the catalogue validated")
        }
        table.matchNumber = number
        table.firstSeat = firstSeat
        table.match = match
        table.result = nil
        table.status = .playing
        table.ready = []
        table.drawOffers = []
        table.rematchOffers = []
        outcome.journal.append(.table(table.record))
        self.broadcastTable(table, re: re, into: &outcome)
        let current = table
        self.broadcast(table, re: nil, sameForEveryone: match.sameForEveryViewer, into: &outcome) { viewer in
            .state(self.update(of: current, for: viewer))
        }
    }

    mutating func move(
        _ request: MoveRequest, by player: PlayerID, at table: inout Table, on connection: ConnectionID,
        re: RequestID?, into outcome: inout LobbyOutcome
    ) {
        guard let seat = table.seat(of: player) ?? (self.faults.has(.spectatorMayMove) && table.spectators.contains(connection) ? table.match?.turn : nil) else {
            outcome.refuse(.notAPlayer, "you hold no seat at table \(table.id); spectators cannot move",
                to: connection, re: re)
            return
        }
        guard table.status == .playing, var match = table.match else {
            let why =
                table.status == .paused
                ? "the match at table \(table.id) is paused until every player is back"
                : "table \(table.id) has no match under way (it is \(table.status.rawValue))"
            outcome.refuse(.notPlaying, why, to: connection, re: re)
            return
        }
        if self.faults.has(.turnCheckedFirst), match.turn != seat { outcome.refuse(.notYourTurn, "not your turn", to: connection, re: re); return }
        guard request.seq == match.seq || self.faults.has(.staleSeqAccepted) else {
            outcome.refuse(.staleSeq, "the move was made on state \(request.seq); the current state is \(match.seq)",
                to: connection, re: re, expected: match.seq)
            return
        }
        guard match.turn == seat || self.faults.has(.acceptOutOfTurn) else {
            outcome.refuse(.notYourTurn, "it is \(match.turn ?? "nobody")'s turn, not \(seat)'s", to: connection, re: re)
            return
        }
        let effects: MoveEffects
        switch match.apply(request.move) {
        case .failure(.malformed(let why)):
            outcome.refuse(.invalidMessage, "bad move: \(why)", to: connection, re: re)
            return
        case .failure(.illegal) where self.faults.has(.illegalMovesAccepted):
            outcome.send(.state(self.update(of: table, for: .seat(seat))), to: connection, re: re)
            return
        case .failure(.illegal(let violation)):
            outcome.refuse(.illegalMove, violation.message, to: connection, re: re, rule: violation.code)
            return
        case .success(let accepted):
            effects = accepted
        }
        table.match = match
        if !self.faults.has(.drawOffersKept) { table.drawOffers = [] }
        outcome.journal.append(.move(MoveRecord(
            table: table.id, match: table.matchNumber, seq: match.seq, seat: seat, move: effects.move, hash: match.hash)))
        if let winner = match.winner {
            table.status = .over
            table.result = MatchResult(winner: winner, reason: "finished")
            outcome.journal.append(.table(table.record))
        }
        let current = table
        let last = PlayedMove(seat: seat, move: effects.move)
        self.broadcast(table, re: (connection, re), sameForEveryone: match.sameForEveryViewer, into: &outcome) {
            viewer in
            .state(self.update(of: current, for: viewer, last: last, events: effects.events(viewer)))
        }
        if table.status == .over {
            self.broadcastTable(table, re: nil, into: &outcome)
        }
    }

    func sync(_ table: Table, for player: PlayerID, on connection: ConnectionID, re: RequestID?, into outcome: inout LobbyOutcome) {
        let viewer: Viewer
        if let seat = table.seat(of: player) {
            viewer = .seat(seat)
        } else if table.spectators.contains(connection) {
            viewer = .spectator
        } else {
            outcome.refuse(.notAPlayer, "you neither sit at nor watch table \(table.id)", to: connection, re: re)
            return
        }
        guard table.match != nil else {
            outcome.refuse(.notPlaying, "table \(table.id) has had no match yet", to: connection, re: re)
            return
        }
        outcome.send(.state(self.update(of: table, for: viewer)), to: connection, re: re)
    }

    mutating func resign(
        _ player: PlayerID, at table: inout Table, on connection: ConnectionID, re: RequestID?,
        into outcome: inout LobbyOutcome
    ) {
        guard let seat = outcome.seat(of: player, at: table, refusing: connection, re: re) else { return }
        guard table.status == .playing || table.status == .paused else {
            outcome.refuse(.notPlaying, "table \(table.id) has no match under way", to: connection, re: re)
            return
        }
        self.endMatch(at: &table, winner: self.faults.has(.resignWrongWinner) ? seat : table.opponent(of: seat), reason: "resigned", re: (connection, re), into: &outcome)
    }

    mutating func offerDraw(
        _ player: PlayerID, at table: inout Table, on connection: ConnectionID, re: RequestID?,
        into outcome: inout LobbyOutcome
    ) {
        guard let seat = outcome.seat(of: player, at: table, refusing: connection, re: re) else { return }
        guard table.status == .playing else {
            outcome.refuse(.notPlaying, "table \(table.id) has no match under way", to: connection, re: re)
            return
        }
        table.drawOffers.insert(seat)
        if table.drawOffers.count == table.seatOrder.count || self.faults.has(.drawNeedsOneOffer) {
            self.endMatch(at: &table, winner: "draw", reason: "draw-agreed", re: (connection, re), into: &outcome)
        } else {
            self.broadcast(table, re: (connection, re), into: &outcome) { _ in
                .drawOffered(OfferNotice(table: table.id, seat: seat))
            }
        }
    }

    mutating func rematch(
        _ player: PlayerID, at table: inout Table, on connection: ConnectionID, re: RequestID?,
        into outcome: inout LobbyOutcome
    ) {
        guard let seat = outcome.seat(of: player, at: table, refusing: connection, re: re) else { return }
        guard table.status == .over, table.isFull else {
            outcome.refuse(.notPlaying, "a rematch follows a finished match with every seat still taken",
                to: connection, re: re)
            return
        }
        table.rematchOffers.insert(seat)
        if table.rematchOffers.count == table.seatOrder.count, table.away.isEmpty {
            self.startMatch(at: &table, re: (connection, re), into: &outcome)
        } else {
            self.broadcast(table, re: (connection, re), into: &outcome) { _ in
                .rematchOffered(OfferNotice(table: table.id, seat: seat))
            }
        }
    }

    /// Ends the current match by resignation, agreement or forfeit, and tells everyone.
    mutating func endMatch(
        at table: inout Table, winner: String, reason: String, re: (ConnectionID, RequestID?)?,
        into outcome: inout LobbyOutcome
    ) {
        table.status = .over
        table.result = MatchResult(winner: winner, reason: reason)
        table.drawOffers = []
        outcome.journal.append(.table(table.record))
        let current = table
        self.broadcast(table, re: re, sameForEveryone: table.match?.sameForEveryViewer ?? false, into: &outcome) {
            viewer in .state(self.update(of: current, for: viewer))
        }
        self.broadcastTable(table, re: nil, into: &outcome)
    }

    /// The `state` message for a viewer.
    func update(of table: Table, for viewer: Viewer, last: PlayedMove? = nil, events: [JSONValue] = []) -> MatchUpdate {
        guard let match = table.match else { preconditionFailure("table \(table.id) has no match") }
        let snapshot = match.snapshot(for: viewer)
        return MatchUpdate(
            table: table.id, match: table.matchNumber, seq: match.seq,
            turn: table.status == .over ? nil : match.turn, status: table.status, state: snapshot.state,
            hash: self.faults.has(.wrongHash) ? String(snapshot.hash.reversed()) : snapshot.hash, last: last, events: events, result: table.result)
    }
}

extension Lobby {
    /// The full state hash of a table's current match, for checks and logs.
    public func matchHash(of table: TableID) -> String? {
        self.tables[table]?.match?.hash
    }
}
