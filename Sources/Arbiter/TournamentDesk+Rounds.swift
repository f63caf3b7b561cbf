import GameKit
import Lobby
import Protocol
import Tournament

// MARK: - Rounds: start, pair and seat, results

extension TournamentDesk {
    /// Starts a tournament: a challenge opens its window; a round robin or a Swiss tournament pairs and
    /// seats round 1 (with the host's bot as an entrant first, when the teacher chose one for an odd field).
    mutating func start(
        _ run: inout TournamentRun, lobby: inout Lobby, now: LobbyTime, into outcome: inout LobbyOutcome
    ) -> Result<Void, DeskRefusal> {
        var state = run.state
        if let bot = run.oddSeatBot, state.format.isPaired, state.entrants.count % 2 == 1 {
            _ = state.register("\(bot) bot", bot: bot)
        }
        if case .failure(let error) = state.start() { return .failure(DeskRefusal(error)) }
        if case .challenge(let minutes) = state.format {
            state.challenge = ChallengeBoard(opensAt: now.milliseconds, minutes: minutes)
        }
        run.state = state
        guard state.format.isPaired else { return .success(()) }
        return self.pairNext(&run, allowRepeats: false, lobby: &lobby, now: now, into: &outcome)
    }

    /// Pairs the next round and seats it: a table per game (the first mover in the first seat), the
    /// players moved there and told where to go, the seats of absent players held for the grace period.
    mutating func pairNext(
        _ run: inout TournamentRun, allowRepeats: Bool, lobby: inout Lobby, now: LobbyTime,
        into outcome: inout LobbyOutcome
    ) -> Result<Void, DeskRefusal> {
        let round: Round
        switch run.state.nextRound(allowRepeats: allowRepeats) {
        case .success(let paired): round = paired
        case .failure(let error):
            if error.kind == .noValidPairing { run.blocked = error.message }
            return .failure(DeskRefusal(error))
        }
        run.blocked = nil
        run.state.begin(round)
        let startsAt = now.adding(seconds: run.countdownSeconds)
        for board in round.boards where board.result == nil {
            let occupants = [board.white, board.black].map { number -> TableAppointment.Occupant in
                let entrant = run.state.entrant(number)
                if let bot = entrant?.bot { return .bot(bot) }
                return entrant.flatMap { lobby.player(named: $0.name) }.map(TableAppointment.Occupant.player) ?? .held
            }
            let appointment = TableAppointment(
                game: run.state.game, ruleSet: run.ruleSet, options: run.options, graceSeconds: run.graceSeconds,
                onTimeout: .forfeit, seats: occupants, startsAt: startsAt)
            switch lobby.appoint(appointment, now: now) {
            case .failure(let refusal):
                return .failure(DeskRefusal(refusal.code, "board \(board.number) cannot be seated: \(refusal.message)"))
            case .success(let (table, seated)):
                outcome.merge(seated)
                run.state.seat(board: board.number, at: table)
                guard let snapshot = lobby.snapshot(of: table) else { continue }
                for (seat, number) in zip(snapshot.seatOrder, [board.white, board.black]) {
                    guard case .held = occupants[number == board.white ? 0 : 1],
                        let name = run.state.entrant(number)?.name
                    else { continue }
                    run.held.append(
                        TournamentRun.HeldSeat(
                            name: name, board: board.number, table: table, seat: seat,
                            until: now.adding(seconds: run.graceSeconds).milliseconds))
                }
                self.call(run, board: board.number, lobby: lobby, now: now, into: &outcome)
            }
        }
        return .success(())
    }

    /// Tells the players of a board, those connected, where their game is (`go-to-table`).
    func call(_ run: TournamentRun, board number: Int, lobby: Lobby, now: LobbyTime, into outcome: inout LobbyOutcome) {
        guard let round = run.state.currentRound, let board = round.boards.first(where: { $0.number == number }),
            let table = board.table, let snapshot = lobby.snapshot(of: table)
        else { return }
        let startsAt = now.adding(seconds: run.countdownSeconds)
        for (seat, other) in zip(snapshot.seatOrder, [board.black, board.white]) {
            guard let player = snapshot.players[seat], let connection = lobby.connection(of: player) else { continue }
            let call = TableCall(
                tournament: run.id, round: round.number, table: table, seat: seat,
                opponent: run.state.entrant(other)?.name ?? "?",
                startsInMs: Int(max(0, startsAt.milliseconds - now.milliseconds)))
            outcome.deliveries.append(Delivery(to: connection, HostEnvelope(.goToTable(call))))
        }
    }

    /// The teacher records a board's result by hand; a game still under way there is stopped.
    mutating func recordByHand(
        _ request: TournamentResult, in run: inout TournamentRun, lobby: inout Lobby, now: LobbyTime,
        into outcome: inout LobbyOutcome
    ) -> Result<Void, DeskRefusal> {
        guard let result = BoardResult.typed(request.result) else {
            return .failure(
                DeskRefusal(.invalidSetting, "a result is 1-0, 0-1, 1/2, +-, -+ or --, not \(request.result)"))
        }
        let board: Board
        switch run.state.record(result, board: request.board) {
        case .success(let recorded): board = recorded
        case .failure(let error): return .failure(DeskRefusal(error))
        }
        run.held.removeAll { $0.board == board.number }
        if let table = board.table, let snapshot = lobby.snapshot(of: table), snapshot.status != .over {
            outcome.merge(lobby.closeTable(table, now: now))
        }
        self.advance(&run, lobby: &lobby, now: now, into: &outcome)
        return .success(())
    }

    /// After a result: when the round is complete, the next one is paired (or the tournament finishes
    /// after its last round); a round without a valid pairing waits for the teacher's choice.
    mutating func advance(
        _ run: inout TournamentRun, lobby: inout Lobby, now: LobbyTime, into outcome: inout LobbyOutcome
    ) {
        guard run.state.phase == .running, run.state.format.isPaired, run.state.currentRound?.isComplete == true else {
            return
        }
        if run.state.allRoundsPlayed {
            _ = run.state.finish()
            return
        }
        _ = self.pairNext(&run, allowRepeats: false, lobby: &lobby, now: now, into: &outcome)
    }

    /// A board's result from its table's finished match: ranks decide, a forfeit is a forfeit.
    static func boardResult(_ result: MatchResult, whiteSeat: String, blackSeat: String) -> BoardResult? {
        guard let standings = result.standings,
            let white = standings.first(where: { $0.seat == whiteSeat })?.rank,
            let black = standings.first(where: { $0.seat == blackSeat })?.rank
        else { return nil }
        switch result.reason {
        case "abandoned", "adjourned": return nil
        case "forfeit": return white == black ? .bothForfeit : white < black ? .whiteWinsByForfeit : .blackWinsByForfeit
        default: return white == black ? .draw : white < black ? .whiteWins : .blackWins
        }
    }
}
