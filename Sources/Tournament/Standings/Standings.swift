/// One line of the standings.
public struct StandingRow: Sendable, Equatable, Codable {
    /// The place: 1 is best; players tied on points and every tiebreak share it.
    public var rank: Int
    /// The start number.
    public var number: Int
    public var name: String
    public var points: Points
    /// The tiebreaks' values, in the order of ``Standings/tiebreaks``.
    public var tiebreaks: [TiebreakValue]
    /// Whether the player has withdrawn, and whether the host's bot plays the entry.
    public var withdrawn: Bool
    public var bot: Bool
}

/// The standings of a paired tournament after the rounds played so far, with the tiebreaks shown.
public struct Standings: Sendable, Equatable {
    /// The tiebreaks applied after points, in order.
    public var tiebreaks: [Tiebreak]
    /// Best first.
    public var rows: [StandingRow]

    /// Computes the standings from the rounds with a result (a board still being played counts as not played).
    /// - Parameter tournament: the tournament.
    public init(_ tournament: TournamentState) {
        let calculator = TiebreakCalculator(tournament)
        self.tiebreaks = Tiebreak.order(for: tournament.format)
        var rows = tournament.entrants.map { entrant in
            StandingRow(
                rank: 0, number: entrant.number, name: entrant.name, points: calculator.points(entrant.number),
                tiebreaks: [], withdrawn: entrant.withdrawnAfter != nil, bot: entrant.bot != nil)
        }
        // NB: the direct encounter is among the players tied on points, so it waits for the groups.
        let groups = Dictionary(grouping: rows.map(\.number)) { calculator.points($0) }
        for index in rows.indices {
            let group = groups[rows[index].points] ?? []
            rows[index].tiebreaks = self.tiebreaks.map { tiebreak in
                tiebreak == .directEncounter
                    ? calculator.directEncounter(rows[index].number, among: group)
                    : calculator.value(tiebreak, of: rows[index].number)
            }
        }
        rows.sort { lhs, rhs in
            if lhs.points != rhs.points { return lhs.points > rhs.points }
            for (left, right) in zip(lhs.tiebreaks, rhs.tiebreaks) where left != right { return left > right }
            return lhs.number < rhs.number
        }
        for index in rows.indices {
            let tied = index > 0 && rows[index - 1].points == rows[index].points
                && rows[index - 1].tiebreaks == rows[index].tiebreaks
            rows[index].rank = tied ? rows[index - 1].rank : index + 1
        }
        self.rows = rows
    }
}
