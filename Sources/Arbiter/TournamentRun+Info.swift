import Protocol
import Tournament

// MARK: - A tournament as the wire shows it

extension TournamentRun {
    /// The tournament as everyone sees it (section 17's `tournament`).
    var info: TournamentInfo {
        let state = self.state
        let standings = Standings(state)
        let rows = standings.rows.map { row in
            StandingInfo(
                rank: row.rank, number: row.number, name: row.name, points: row.points.description,
                tiebreaks: row.tiebreaks.map(\.description),
                status: row.bot ? "bot" : row.withdrawn ? "withdrawn" : nil)
        }
        let round = state.currentRound
        let boards = (round?.boards ?? []).map { board in
            BoardInfo(
                board: board.number, white: state.entrant(board.white)?.name ?? "?",
                black: state.entrant(board.black)?.name ?? "?", whiteNumber: board.white, blackNumber: board.black,
                table: board.table, result: board.result?.rawValue)
        }
        let names: [Outcome: String] = [.pairingBye: "pairing", .halfBye: "half", .fullBye: "full", .absent: "zero"]
        let byes = (round?.unpaired ?? [:]).keys.sorted().compactMap { number -> ByeInfo? in
            guard let outcome = round?.unpaired[number], let kind = names[outcome] else { return nil }
            return ByeInfo(name: state.entrant(number)?.name ?? "?", number: number, bye: kind)
        }
        let challenge = state.challenge.map { board in
            ChallengeInfo(
                opensAt: board.opensAt, closesAt: board.closesAt,
                leaderboard: board.leaderboard.map {
                    ChallengeLine(rank: $0.rank, name: $0.entry.name, best: $0.entry.best, plays: $0.entry.plays)
                })
        }
        return TournamentInfo(
            id: state.id, name: state.name, game: state.game, format: state.format.name, status: state.phase.rawValue,
            round: state.rounds.count, rounds: state.plannedRounds,
            points: PointValues(
                win: state.points.win.description, draw: state.points.draw.description,
                loss: state.points.loss.description),
            tiebreaks: standings.tiebreaks.map(\.rawValue), standings: state.format.isPaired ? rows : [],
            boards: boards, byes: byes, blocked: self.blocked, challenge: challenge)
    }
}
