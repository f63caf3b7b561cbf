@testable import Tournament

/// Checks a Swiss round against C.04.3's first quality criterion, bracket by bracket from the top: each
/// bracket (its moved-down players and its scoregroup) pairs as many of its own players as any pairing
/// of the remaining players that completes the round could.
///
/// NB: independent of the engine's bracket machinery: it asks a plain maximum-weight matching for the
/// best achievable count, and compares.
enum ScoreGroupCheck {
    /// The brackets that pair fewer of their players than they could, in words; empty when all is well.
    static func problems(_ tournament: TournamentState, _ round: Round) -> [String] {
        var problems: [String] = []
        let swiss = tournament.entrants.map { entrant in
            SwissPlayer(
                number: entrant.number, entries: tournament.history(of: entrant.number),
                pairable: round.board(of: entrant.number) != nil || round.pairingBye == entrant.number)
        }
        guard case .swiss(let total) = tournament.format else { return ["not a Swiss tournament"] }
        let players = DutchPlayer.build(swiss, points: tournament.points, lastRound: round.number == total)
        let byScore = Dictionary(grouping: players, by: \.points)
        var remaining = players
        var movedDown: [DutchPlayer] = []
        for score in byScore.keys.sorted(by: >) {
            let bracket = movedDown + (byScore[score] ?? [])
            let members = Set(bracket.map(\.number))
            let actual = round.boards.filter { members.contains($0.white) && members.contains($0.black) }.count
            let best = self.bestInBracketPairs(remaining, bracket: members)
            if actual != best {
                problems.append(
                    "round \(round.number), score \(Points(tenths: score)): \(actual) pairs, \(best) possible")
            }
            let pairedInside = Set(
                round.boards.filter { members.contains($0.white) && members.contains($0.black) }
                    .flatMap { [$0.white, $0.black] })
            movedDown = bracket.filter { !pairedInside.contains($0.number) }
            remaining.removeAll { pairedInside.contains($0.number) }
        }
        return problems
    }

    /// The most pairs inside the bracket among the pairings that complete the round for `players`.
    static func bestInBracketPairs(_ players: [DutchPlayer], bracket: Set<Int>) -> Int {
        let count = players.count + players.count % 2
        let zero = WideWeight(zeroWithBits: 32)
        var graph = MaximumWeightMatching(vertices: count, zero: zero)
        let base = count + 1
        for (i, first) in players.enumerated() {
            for (j, second) in players.enumerated() where j > i && ValidityMatcher.allowed(first, second, false) {
                let inside = bracket.contains(first.number) && bracket.contains(second.number)
                graph[i, j] = WideWeight(UInt64(base + (inside ? 1 : 0)), like: zero)
            }
            if players.count % 2 == 1, !first.byeReceived {
                graph[i, players.count] = WideWeight(UInt64(base), like: zero)
            }
        }
        let mate = graph.matching()
        var inside = 0
        for i in players.indices where mate[i] > i && mate[i] < players.count {
            if bracket.contains(players[i].number) && bracket.contains(players[mate[i]].number) { inside += 1 }
        }
        return inside
    }
}
