import TestSupport
@testable import Tournament

/// A small deterministic generator (SplitMix64), so a failing seed replays.
struct SeededRandom: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) {
        self.state = seed
    }

    mutating func next() -> UInt64 {
        self.state &+= 0x9E37_79B9_7F4A_7C15
        var z = self.state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Plays whole tournaments with random results, round by round, for the property tests.
enum RandomTournament {
    /// A finished (or stuck) Swiss tournament and each round's pairing as it was made.
    /// - Parameters:
    ///   - players: how many players.
    ///   - rounds: how many rounds.
    ///   - seed: the results' randomness.
    ///   - absences: whether players sometimes miss a round or withdraw, and late entries arrive.
    ///   - visit: called with the tournament just before each round is begun, and the round.
    /// ``swiss(players:rounds:seed:absences:edition:visit:)`` computed off the cooperative pool (pairing
    /// 40 players takes long enough to starve the suite's timed tests): the final state and each round
    /// with the tournament just before it began, for the caller to check on the pool.
    static func played(
        players: Int, rounds: Int, seed: UInt64, absences: Bool = false, edition: DutchEdition = .fide2025
    ) async -> (final: TournamentState, steps: [(TournamentState, Round)]) {
        await offThePool {
            var steps: [(TournamentState, Round)] = []
            let final = Self.swiss(players: players, rounds: rounds, seed: seed, absences: absences, edition: edition) {
                steps.append(($0, $1))
            }
            return (final, steps)
        }
    }

    static func swiss(
        players: Int, rounds: Int, seed: UInt64, absences: Bool = false, edition: DutchEdition = .fide2025,
        visit: (TournamentState, Round) -> Void = { _, _ in }
    ) -> TournamentState {
        var random = SeededRandom(seed: seed)
        var tournament = TournamentState(id: "T1", name: "Random", game: "test", format: .swiss(rounds: rounds))
        tournament.edition = edition
        for index in 1...players { _ = tournament.register("P\(index)") }
        _ = tournament.start()
        for _ in 1...rounds {
            if absences, tournament.rounds.count >= 1 {
                let roll = Int.random(in: 0..<10, using: &random)
                let candidates = tournament.entrants.filter { $0.withdrawnAfter == nil }
                if roll == 0, let victim = candidates.randomElement(using: &random) {
                    _ = tournament.withdraw(victim.name)
                } else if roll == 1, let absent = candidates.randomElement(using: &random) {
                    _ = tournament.requestBye(absent.name, [.absent, .halfBye, .fullBye].randomElement(using: &random)!)
                } else if roll == 2 {
                    _ = tournament.register("Late\(tournament.entrants.count + 1)")
                }
            }
            guard case .success(let round) = tournament.nextRound() else { break }
            visit(tournament, round)
            tournament.begin(round)
            for board in round.boards {
                let roll = Int.random(in: 0..<100, using: &random)
                let result: BoardResult =
                    switch roll {
                    case 0..<42: .whiteWins
                    case 42..<80: .blackWins
                    case 80..<96: .draw
                    case 96..<98 where absences: .whiteWinsByForfeit
                    case 98..<100 where absences: .blackWinsByForfeit
                    default: .draw
                    }
                _ = tournament.record(result, board: board.number)
            }
        }
        return tournament
    }
}
