import GameKit
import Lobby
import Protocol
import Tournament

// MARK: - Following the lobby: finished matches, arrivals, time

extension TournamentDesk {
    /// Follows a lobby outcome before it is committed: the matches it archives give boards their results
    /// (and a challenge its scores), and a player it greets takes the seat held for them. What follows is
    /// added to the same outcome, so it is committed in the same transaction.
    /// - Parameters:
    ///   - outcome: the lobby's outcome (or the desk's own), extended in place.
    ///   - lobby: the lobby.
    ///   - now: the current time.
    public mutating func follow(_ outcome: inout LobbyOutcome, lobby: inout Lobby, now: LobbyTime) {
        self.follow(&outcome, since: LobbyOutcome.Mark(), lobby: &lobby, now: now)
    }

    /// Takes a greeted player's message as a host takes each message of a batch: the desk's own requests
    /// here, any other by the lobby, the message's part added to `outcome` and followed at once (the
    /// batch's next message must find the lobby as the desk left it).
    /// - Parameters:
    ///   - envelope: the message.
    ///   - connection: a greeted connection.
    ///   - lobby: the lobby.
    ///   - now: the current time.
    ///   - outcome: the batch's outcome, extended in place.
    public mutating func take(
        _ envelope: ClientEnvelope, from connection: ConnectionID, lobby: inout Lobby, now: LobbyTime,
        into outcome: inout LobbyOutcome
    ) {
        let mark = outcome.mark
        if let own = self.receive(envelope, from: connection, lobby: &lobby, now: now) {
            outcome.merge(own)
        } else {
            lobby.receive(envelope, from: connection, now: now, into: &outcome)
        }
        self.follow(&outcome, since: mark, lobby: &lobby, now: now)
    }

    /// Follows the part of an outcome added after `mark` (one message's, in a host's batch), as
    /// ``follow(_:lobby:now:)`` follows a whole outcome: what came before was followed already.
    public mutating func follow(
        _ outcome: inout LobbyOutcome, since mark: LobbyOutcome.Mark, lobby: inout Lobby, now: LobbyTime
    ) {
        guard !self.runs.isEmpty else { return }
        var more = LobbyOutcome()
        var changed: Set<String> = []
        for case .archive(let archive) in outcome.journal(since: mark) {
            for id in self.runs.keys {
                guard var run = self.runs[id], run.state.phase == .running else { continue }
                if self.take(archive, into: &run, lobby: &lobby, now: now, into: &more) {
                    self.runs[id] = run
                    changed.insert(id)
                }
            }
        }
        if let player = outcome.greeted(since: mark), let name = lobby.name(of: player) {
            for id in self.runs.keys {
                guard var run = self.runs[id] else { continue }
                if self.arrive(name, player: player, into: &run, lobby: &lobby, now: now, into: &more) {
                    self.runs[id] = run
                    changed.insert(id)
                }
            }
        }
        for id in changed.sorted() {
            guard let run = self.runs[id] else { continue }
            self.publish(run, lobby: lobby, re: nil, into: &more)
        }
        outcome.merge(more)
    }

    /// Does what is due: seats held past their grace lose by forfeit, challenges close, and a board whose
    /// match ended without the desk hearing of it (a restart between the two) takes its result.
    public mutating func tick(lobby: inout Lobby, now: LobbyTime) -> LobbyOutcome {
        var outcome = LobbyOutcome()
        for id in self.runs.keys.sorted() {
            guard var run = self.runs[id], run.state.phase == .running else { continue }
            var changed = false
            if let board = run.state.challenge, board.closesAt <= now.milliseconds {
                _ = run.state.finish()
                changed = true
            }
            for held in run.held where held.until <= now.milliseconds {
                changed = true
                self.forfeit(held, in: &run, lobby: &lobby, now: now, into: &outcome)
            }
            for board in run.state.currentRound?.boards ?? [] where board.result == nil {
                guard let table = board.table, let snapshot = lobby.snapshot(of: table), snapshot.status == .over,
                    let result = snapshot.result, snapshot.seatOrder.count >= 2,
                    let boardResult = Self.boardResult(
                        result, whiteSeat: snapshot.seatOrder[0], blackSeat: snapshot.seatOrder[1])
                else { continue }
                _ = run.state.record(boardResult, board: board.number)
                changed = true
            }
            if changed {
                self.advance(&run, lobby: &lobby, now: now, into: &outcome)
                self.publish(run, lobby: lobby, re: nil, into: &outcome)
            }
        }
        return outcome
    }

    /// A finished match: a board of the current round, or a challenge's play. Returns whether it counted.
    private mutating func take(
        _ archive: MatchArchive, into run: inout TournamentRun, lobby: inout Lobby, now: LobbyTime,
        into outcome: inout LobbyOutcome
    ) -> Bool {
        if case .challenge = run.state.format {
            guard archive.game == run.state.game, run.counts(archive), archive.seats.count == 1,
                let name = archive.seats[0].name,
                let score = archive.result.standings?.first?.score
            else { return false }
            return run.state.challenge?.record(name, score: score, at: archive.endedAt) ?? false
        }
        guard
            let board = run.state.currentRound?.boards.first(where: { $0.table == archive.table && $0.result == nil }),
            archive.seats.count >= 2,
            let result = Self.boardResult(
                archive.result, whiteSeat: archive.seats[0].seat, blackSeat: archive.seats[1].seat)
        else { return false }
        _ = run.state.record(result, board: board.number)
        run.held.removeAll { $0.board == board.number }
        self.advance(&run, lobby: &lobby, now: now, into: &outcome)
        return true
    }

    /// A player greeted: if a seat is held for them, they take it and are told where to go.
    private mutating func arrive(
        _ name: String, player: PlayerID, into run: inout TournamentRun, lobby: inout Lobby, now: LobbyTime,
        into outcome: inout LobbyOutcome
    ) -> Bool {
        let key = name.lowercased()
        guard let index = run.held.firstIndex(where: { $0.name.lowercased() == key }) else { return false }
        let held = run.held.remove(at: index)
        if case .success(let seated) = lobby.seatHeld(player, at: held.table, seat: held.seat, now: now) {
            outcome.merge(seated)
            self.call(run, board: held.board, lobby: lobby, now: now, into: &outcome)
        }
        return true
    }

    /// A held seat's grace ended: the absent player loses by forfeit (both, when neither came), and
    /// the table is closed.
    private mutating func forfeit(
        _ held: TournamentRun.HeldSeat, in run: inout TournamentRun, lobby: inout Lobby, now: LobbyTime,
        into outcome: inout LobbyOutcome
    ) {
        let expired = run.held.filter { $0.board == held.board && $0.until <= now.milliseconds }
        run.held.removeAll { $0.board == held.board }
        guard let board = run.state.currentRound?.boards.first(where: { $0.number == held.board }), board.result == nil
        else { return }
        let absent = Set(expired.map { $0.name.lowercased() })
        let whiteAbsent = absent.contains(run.state.entrant(board.white)?.name.lowercased() ?? "")
        let blackAbsent = absent.contains(run.state.entrant(board.black)?.name.lowercased() ?? "")
        let result: BoardResult =
            whiteAbsent && blackAbsent ? .bothForfeit : whiteAbsent ? .blackWinsByForfeit : .whiteWinsByForfeit
        _ = run.state.record(result, board: board.number)
        if let table = board.table { outcome.merge(lobby.closeTable(table, now: now)) }
    }
}
