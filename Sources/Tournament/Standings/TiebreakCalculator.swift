/// Computes points and tiebreaks from a tournament's rounds (the results known so far).
///
/// NB: unplayed rounds follow FIDE's tiebreak regulations (C.07, 2023): for Buchholz, a round without a game
/// played over the board (a bye, a forfeit either way, an absence, a round before a late entry) counts as a
/// game against a virtual opponent with the player's own points, and cut-1 removes such a round first; the
/// opponents' own points are their actual points. Sonneborn-Berger counts games with an opponent, forfeits
/// included, at the opponent's actual points.
struct TiebreakCalculator {
    let tournament: TournamentState
    private var totals: [Int: Points] = [:]

    init(_ tournament: TournamentState) {
        self.tournament = tournament
        for entrant in tournament.entrants { self.totals[entrant.number] = tournament.score(of: entrant.number) }
    }

    func points(_ player: Int) -> Points { self.totals[player] ?? .zero }

    /// The rounds whose result for this player is known, with the board when there was one.
    private func entries(_ player: Int) -> [(outcome: Outcome, board: Board?)] {
        self.tournament.rounds.compactMap { round in
            guard let outcome = round.outcome(of: player) else { return nil }
            return (outcome, round.board(of: player))
        }
    }

    func value(_ tiebreak: Tiebreak, of player: Int) -> TiebreakValue {
        switch tiebreak {
        case .directEncounter:
            return TiebreakValue(hundredths: nil)
        case .sonnebornBerger:
            var total = 0
            for (outcome, board) in self.entries(player) {
                guard outcome.hasOpponent, let opponent = board?.opponent(of: player) else { continue }
                let share = outcome == .win || outcome == .forfeitWin ? 10 : outcome == .draw ? 5 : 0
                total += self.points(opponent).tenths * share
            }
            return TiebreakValue(hundredths: total)
        case .buchholz, .buchholzCut1:
            let own = self.points(player).tenths * 10
            var played: [Int] = []
            var unplayed: [Int] = []
            for (outcome, board) in self.entries(player) {
                if outcome.isPlayed, let opponent = board?.opponent(of: player) {
                    played.append(self.points(opponent).tenths * 10)
                } else {
                    unplayed.append(own)
                }
            }
            let total = played.reduce(0, +) + unplayed.reduce(0, +)
            guard tiebreak == .buchholzCut1, !(played.isEmpty && unplayed.isEmpty) else {
                return TiebreakValue(hundredths: total)
            }
            let cut = unplayed.isEmpty ? (played.min() ?? 0) : unplayed[0]
            return TiebreakValue(hundredths: total - cut)
        case .wins:
            let wins = self.entries(player).filter { $0.outcome == .win || $0.outcome == .forfeitWin }.count
            return TiebreakValue(hundredths: wins * 100)
        }
    }

    /// The points a player scored against the others of a tied group, when every two of them have met
    /// (a game with a result, played or forfeited); otherwise the tiebreak does not apply.
    func directEncounter(_ player: Int, among group: [Int]) -> TiebreakValue {
        guard group.count > 1 else { return TiebreakValue(hundredths: nil) }
        let members = Set(group)
        var met: Set<[Int]> = []
        var scored: [Int: Int] = [:]
        for round in self.tournament.rounds {
            for board in round.boards where members.contains(board.white) && members.contains(board.black) {
                guard let result = board.result else { continue }
                met.insert([min(board.white, board.black), max(board.white, board.black)])
                scored[board.white, default: 0] += self.tournament.points.points(for: result.white).tenths
                scored[board.black, default: 0] += self.tournament.points.points(for: result.black).tenths
            }
        }
        guard met.count == group.count * (group.count - 1) / 2 else { return TiebreakValue(hundredths: nil) }
        return TiebreakValue(hundredths: (scored[player] ?? 0) * 10)
    }
}
