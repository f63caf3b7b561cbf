@testable import Tournament

/// Tournaments written out by hand, round by round, for the tests that check worked examples.
enum HandTournament {
    /// A tournament whose rounds are given as "white-black result" boards and "player outcome" lines.
    /// - Parameters:
    ///   - format: the format (its rounds only bound what may be paired next).
    ///   - players: the names, in start order.
    ///   - rounds: each round as strings: "1-4 1-0" for a board, "3 U" for a player without a game.
    static func make(_ format: TournamentFormat, players: [String], rounds: [[String]]) -> TournamentState {
        var tournament = TournamentState(id: "T1", name: "Hand", game: "test", format: format)
        for name in players { _ = tournament.register(name) }
        _ = tournament.start()
        for (index, lines) in rounds.enumerated() {
            var round = Round(number: index + 1, boards: [])
            for line in lines {
                let parts = line.split(separator: " ").map(String.init)
                if parts[0].contains("-") {
                    let numbers = parts[0].split(separator: "-").compactMap { Int($0) }
                    round.boards.append(
                        Board(number: round.boards.count + 1, white: numbers[0], black: numbers[1],
                            result: BoardResult.typed(parts[1])))
                } else if let player = Int(parts[0]), let outcome = Outcome(rawValue: parts[1]) {
                    round.unpaired[player] = outcome
                }
            }
            tournament.begin(round)
        }
        return tournament
    }
}
