import GameKit
import Protocol

// MARK: - Matches: start, move, sync, resign, draw, rematch

extension Lobby {
    mutating func startMatch(at table: inout Table, re: (ConnectionID, RequestID?)?, into outcome: inout LobbyOutcome) {
        let number = table.matchNumber + 1
        let firstSeat = self.referee.rotatesFirstMove ? table.firstSeat(ofMatch: number) : table.seatOrder[0]
        let secret = self.matchSecret(table: table.id, match: number)
        let setup = MatchSetup(
            ruleSet: table.ruleSet, seats: table.seatOrder, firstSeat: firstSeat, options: table.options,
            startedAt: self.now, content: table.content)
        guard let match = self.configuration.catalog.startMatch(game: table.game.id, setup, secret: secret) else {
            preconditionFailure("table \(table.id) holds a game and rule set the catalogue validated")
        }
        table.matchNumber = number
        table.firstSeat = firstSeat
        table.match = match
        table.startState = match.writtenFullState
        table.secret = secret
        table.startedAt = self.now
        table.result = nil
        table.status = .playing
        table.startsAt = nil
        table.ready = []
        table.drawOffers = []
        table.rematchOffers = []
        outcome.journal.append(.table(table.record))
        self.broadcastTable(table, re: re, into: &outcome)
        let current = table
        self.broadcast(table, re: nil, sameForEveryone: match.sameForEveryViewer, into: &outcome) { viewer in
            .state(self.update(of: current, for: viewer))
        }
        self.scheduleBots(at: &table)
    }

    /// A fresh match's secret: HMAC of the lobby's secret over the table, the match number and the time.
    func matchSecret(table: TableID, match: Int) -> [UInt8] {
        let message = Array("match \(table) \(match) \(self.now.milliseconds)".utf8)
        return HMACSHA256.code(of: message, key: self.configuration.secret)
    }

    /// Refuses a move the match's turn or seq rules out before it is played; `true` when it did.
    private func refusesEarly(
        _ request: MoveRequest, by seat: SeatName, in match: ErasedMatch, on connection: ConnectionID,
        re: RequestID?, into outcome: inout LobbyOutcome
    ) -> Bool {
        if self.referee.checksTurnBeforeSeq, !match.toAct.contains(seat) {
            outcome.refuse(.notYourTurn, "not your turn", to: connection, re: re)
            return true
        }
        guard request.seq == match.seq || !self.referee.checksSeq else {
            outcome.refuse(
                .staleSeq, "the move was made on state \(request.seq); the current state is \(match.seq)",
                to: connection, re: re, expected: match.seq)
            return true
        }
        guard match.toAct.contains(seat) || !self.referee.checksTurn else {
            let movers = match.toAct.isEmpty ? "nobody's" : match.toAct.joined(separator: " or ") + "'s"
            outcome.refuse(.notYourTurn, "it is \(movers) turn, not \(seat)'s", to: connection, re: re)
            return true
        }
        return false
    }

    mutating func move(
        _ request: MoveRequest, by player: PlayerID, at table: inout Table, on connection: ConnectionID,
        re: RequestID?, into outcome: inout LobbyOutcome
    ) {
        guard let seat = table.seat(of: player) ?? self.faultySpectatorSeat(at: table, connection) else {
            outcome.refuse(
                .notAPlayer, "you hold no seat at table \(table.id); spectators cannot move",
                to: connection, re: re)
            return
        }
        guard table.status == .playing, table.match != nil else {
            if table.haltedByDisk {
                outcome.refuse(.diskFull, Self.diskFullMessage, to: connection, re: re)
                return
            }
            let why =
                table.status == .paused
                ? "the match at table \(table.id) is paused until every player is back"
                : "table \(table.id) has no match under way (it is \(table.status.rawValue))"
            outcome.refuse(.notPlaying, why, to: connection, re: re)
            return
        }
        // NB: the match is looked at in a call of its own, so no copy of it is still held when it plays: a
        // `let` of it here lived on through `play`, and the match's existential box, no longer the table's
        // alone, was copied (a new box, the state copied in) on every move.
        if self.refusesEarly(request, by: seat, in: table.match!, on: connection, re: re, into: &outcome) { return }
        switch self.play(.sent(request), by: .seat(seat), at: &table, re: (connection, re), into: &outcome) {
        case .success:
            break
        case .failure(.malformed(let why)):
            outcome.refuse(.invalidMessage, "bad move: \(why)", to: connection, re: re)
        case .failure(.illegal) where !self.referee.refusesIllegalMoves:
            outcome.send(.state(self.update(of: table, for: .seat(seat))), to: connection, re: re)
        case .failure(.illegal(let violation)):
            outcome.refuse(
                .illegalMove, violation.message, to: connection, re: re, rule: violation.code,
                details: violation.details.isEmpty ? nil : violation.details)
        }
    }

    /// Plays a move at a table whose match is under way: prepares and applies it, journals it, tells
    /// every member (each as they may see it), ends the match when the rules say so, and wakes the bots.
    /// - Returns: the refusal, with nothing changed, when the game refuses the move.
    @discardableResult
    mutating func play(
        _ move: IncomingMove, by mover: Mover, at table: inout Table, re: (ConnectionID, RequestID?)?,
        into outcome: inout LobbyOutcome
    ) -> Result<Void, MoveRefusal> {
        // NB: taken out of the table while it plays, so its state is not copied before it changes (as long as
        // nothing else holds the match: see `move`).
        guard var match = table.match.take() else { preconditionFailure("table \(table.id) has no match") }
        let played = match.play(move, by: mover, secret: table.secret)
        table.match = match
        let effects: MoveEffects
        switch played {
        case .failure(let refusal): return .failure(refusal)
        case .success(let accepted): effects = accepted
        }
        let hash = match.hash
        if self.referee.movesWithdrawDrawOffers { table.drawOffers = [] }
        outcome.journal.append(
            .move(
                MoveRecord(
                    table: table.id, match: table.matchNumber, seq: match.seq, seat: mover.seat,
                    writtenMove: effects.move, hash: hash, at: self.now.milliseconds)))
        if let result = match.result {
            table.status = .over
            table.result = Self.wire(result)
            table.botsDue = nil
            outcome.journal.append(.table(table.record))
            outcome.journal.append(.archive(self.archive(of: table)))
            self.countScores(result, at: table)
        }
        self.broadcast(table, re: re, sameForEveryone: match.sameForEveryViewer, into: &outcome) { viewer, table in
            let last = PlayedMove(
                seat: mover.seat, writtenMove: self.referee.filtersViews ? effects.moveView(viewer) : effects.move)
            return .state(
                self.update(of: table, for: viewer, last: last, events: effects.events(viewer), fullHash: hash))
        }
        if table.status == .over {
            self.broadcastTable(table, re: nil, into: &outcome)
        } else {
            self.scheduleBots(at: &table)
        }
        return .success(())
    }

    func sync(
        _ table: Table, for player: PlayerID, on connection: ConnectionID, re: RequestID?,
        into outcome: inout LobbyOutcome
    ) {
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
        self.seatLeaves(seat, .resigned, at: &table, re: (connection, re), into: &outcome)
    }

    /// A seat leaves the match for good (resigned, left, or forfeited at the end of its grace period).
    ///
    /// The game decides: it may go on without the seat (its host move takes the seat out), or end the
    /// match (no host move; the default), the seat ranking last.
    mutating func seatLeaves(
        _ seat: SeatName, _ reason: LeaveReason, at table: inout Table, re: (ConnectionID, RequestID?)?,
        into outcome: inout LobbyOutcome
    ) {
        guard let match = table.match else { return }
        if let move = match.hostMove(.seatLeft(seat, reason)),
            case .success = self.play(.made(move), by: .host, at: &table, re: re, into: &outcome)
        {
            return
        }
        let leaver = self.referee.resignerLoses ? seat : self.otherSeat(than: seat, at: table)
        let result = match.endedResult(reason: reason.rawValue, last: [leaver], draw: false)
        self.endMatch(at: &table, result: result, re: re, into: &outcome)
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
        guard table.seatOrder.count > 1 else {
            outcome.refuse(
                .unexpectedMessage, "a one-seat match has nobody to agree a draw with; resign to end it",
                to: connection, re: re)
            return
        }
        table.drawOffers.insert(seat)
        // NB: the host's bots accept any draw the people at the table agree.
        let offered = table.drawOffers.union(table.bots.keys)
        if offered.count == table.seatOrder.count || !self.referee.drawNeedsEveryOffer {
            guard let match = table.match else { return }
            let result = match.endedResult(reason: "draw-agreed", last: [], draw: true)
            self.endMatch(at: &table, result: result, re: (connection, re), into: &outcome)
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
            outcome.refuse(
                .notPlaying, "a rematch follows a finished match with every seat still taken",
                to: connection, re: re)
            return
        }
        table.rematchOffers.insert(seat)
        if table.rematchOffers.union(table.bots.keys).count == table.seatOrder.count, table.away.isEmpty {
            self.startMatch(at: &table, re: (connection, re), into: &outcome)
        } else {
            self.broadcast(table, re: (connection, re), into: &outcome) { _ in
                .rematchOffered(OfferNotice(table: table.id, seat: seat))
            }
        }
    }

    /// Ends the current match from outside the rules (resignation, agreement, forfeit), and tells everyone.
    mutating func endMatch(
        at table: inout Table, result: GameResult, re: (ConnectionID, RequestID?)?, into outcome: inout LobbyOutcome
    ) {
        table.status = .over
        table.result = Self.wire(result)
        table.drawOffers = []
        table.botsDue = nil
        outcome.journal.append(.table(table.record))
        outcome.journal.append(.archive(self.archive(of: table)))
        self.countScores(result, at: table)
        let current = table
        self.broadcast(table, re: re, sameForEveryone: table.match?.sameForEveryViewer ?? false, into: &outcome) {
            viewer in .state(self.update(of: current, for: viewer))
        }
        self.broadcastTable(table, re: nil, into: &outcome)
    }

    /// The `state` message for a viewer.
    /// - Parameters:
    ///   - events: the move's events as this viewer sees them, written already (none by default).
    ///   - fullHash: the full state's hash when the caller has it already (it costs a digest).
    func update(
        of table: Table, for viewer: Viewer, last: PlayedMove? = nil, events: EncodedJSON? = nil,
        fullHash: String? = nil
    ) -> MatchUpdate {
        guard let match = table.match else { preconditionFailure("table \(table.id) has no match") }
        let toAct = table.status == .over ? [] : match.toAct
        var timeLeft: Int?
        if table.status != .over, let deadline = match.deadline {
            timeLeft = Int(max(0, deadline.milliseconds - self.now.milliseconds))
        }
        // NB: the state is written once here, as the wire writes it, not built into a tree and written
        // again for each message.
        let snapshot: (state: EncodedJSON, hash: String)
        if self.referee.filtersViews {
            snapshot = match.encodedSnapshot(for: viewer, fullHash: fullHash)
        } else {
            let full = fullHash.map { (state: match.fullState, hash: $0) } ?? match.fullSnapshot
            snapshot = (EncodedJSON(encoding: full.state), full.hash)
        }
        return MatchUpdate(
            table: table.id, match: table.matchNumber, seq: match.seq, turn: toAct.count == 1 ? toAct[0] : nil,
            status: table.status, encodedState: snapshot.state, hash: snapshot.hash, last: last,
            encodedEvents: events, result: table.result, toAct: table.game.simultaneous ? toAct : nil,
            timeLeftMs: timeLeft, sound: self.sound(of: match, for: viewer), board: self.board(of: table, for: viewer))
    }

    /// A finished match as the archive keeps it.
    func archive(of table: Table) -> MatchArchive {
        guard let match = table.match, let result = table.result else {
            preconditionFailure("table \(table.id) has no finished match to archive")
        }
        let seats = table.seatOrder.map { seat in
            let player = table.seats[seat]
            return MatchArchive.Seat(
                seat: seat, player: player, name: player.flatMap { self.players[$0]?.name }, bot: table.bots[seat])
        }
        return MatchArchive(
            table: table.id, match: table.matchNumber, game: table.game.id, ruleSet: table.ruleSet,
            options: GameCatalog.json(table.options), seats: seats, startedAt: table.startedAt.milliseconds,
            endedAt: self.now.milliseconds, result: result, startState: table.startState,
            finalState: match.writtenFullState, finalHash: match.hash, moves: match.seq)
    }

    /// A result as the wire carries it.
    static func wire(_ result: GameResult) -> MatchResult {
        MatchResult(
            winner: result.winner, reason: result.reason,
            standings: result.standings.map { Standing(seat: $0.seat, score: $0.score, rank: $0.rank) })
    }

    // MARK: A broken referee's choices

    /// The seat a spectator moves for, when the referee lets spectators move.
    private func faultySpectatorSeat(at table: Table, _ connection: ConnectionID) -> SeatName? {
        guard self.referee.spectatorsMayMove, table.spectators.contains(connection) else { return nil }
        return table.match?.toAct.first
    }

    /// The seat that loses in a resigner's place, when the referee gets resignations wrong.
    private func otherSeat(than seat: SeatName, at table: Table) -> SeatName {
        table.seatOrder.first { $0 != seat } ?? seat
    }
}

extension Lobby {
    /// The full state hash of a table's current match, for checks and logs.
    public func matchHash(of table: TableID) -> String? {
        self.tables[table]?.match?.hash
    }

    /// The `seq` of a table's current match.
    public func matchSeq(of table: TableID) -> Int? {
        self.tables[table]?.match?.seq
    }
}
