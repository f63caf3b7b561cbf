import PropertyBased
import TestSupport
import Testing

@testable import Tournament

/// The Dutch system's rules hold on random tournaments of 5 to 40 players and 3 to 9 rounds.
@Suite("Swiss pairing properties", .offThePool)
struct SwissPropertyTests {
    static let players = Gen.int(in: 5...40)
    static let rounds = Gen.int(in: 3...9)
    static let seeds = Gen.int(in: 0...Int(Int32.max))

    @Test("no two players meet twice; each player is paired once a round")
    func noRepeatPairing() async {
        await propertyCheck(count: 25, input: Self.players, Self.rounds, Self.seeds) { players, rounds, seed in
            var met: Set<[Int]> = []
            let tournament = await RandomTournament.played(players: players, rounds: rounds, seed: UInt64(seed)).final
            #expect(tournament.rounds.count == min(rounds, players - 1) || tournament.rounds.count <= rounds)
            for round in tournament.rounds {
                let seated = round.boards.flatMap { [$0.white, $0.black] } + round.unpaired.keys
                #expect(Set(seated).count == seated.count, "round \(round.number): someone paired twice")
                for board in round.boards {
                    let pair = [min(board.white, board.black), max(board.white, board.black)]
                    #expect(met.insert(pair).inserted, "\(pair) met again in round \(round.number), seed \(seed)")
                }
            }
        }
    }

    @Test("the pairing-allocated bye: only with an odd number, at most once a player, never after a forfeit win")
    func byes() async {
        await propertyCheck(count: 25, input: Self.players, Self.rounds, Self.seeds) { players, rounds, seed in
            var byes: [Int: Int] = [:]
            var forfeitWins: Set<Int> = []
            let played = await RandomTournament.played(
                players: players, rounds: rounds, seed: UInt64(seed), absences: true)
            for (tournament, round) in played.steps {
                let paired = round.boards.count * 2 + (round.pairingBye == nil ? 0 : 1)
                #expect((round.pairingBye != nil) == (paired % 2 == 1), "a bye exactly when the count is odd")
                if let bye = round.pairingBye {
                    byes[bye, default: 0] += 1
                    #expect(!forfeitWins.contains(bye), "\(bye) had a forfeit win, then the bye (seed \(seed))")
                }
                for previous in tournament.rounds {
                    for board in previous.boards {
                        if board.result == .whiteWinsByForfeit { forfeitWins.insert(board.white) }
                        if board.result == .blackWinsByForfeit { forfeitWins.insert(board.black) }
                    }
                }
            }
            #expect(byes.values.allSatisfy { $0 == 1 }, "seed \(seed): \(byes)")
        }
    }

    @Test(
        """
        first moves: a player who is not a topscorer never has a colour difference beyond 2, \
        nor the same colour three times running
        """
    )
    func colourBalance() async {
        await propertyCheck(count: 25, input: Self.players, Self.rounds, Self.seeds) { players, rounds, seed in
            await Self.checkColours(players: players, rounds: rounds, seed: seed)
        }
    }

    @Test("the colour rules' exemption: 16 players, 5 rounds, seed 693510743 (a last-round game against a topscorer)")
    func colourBalanceAgainstATopscorer() async {
        // NB: the random search found it: a non-topscorer's third black, in the last round, against a topscorer.
        await Self.checkColours(players: 16, rounds: 5, seed: 693_510_743)
    }

    static func checkColours(players: Int, rounds: Int, seed: Int) async {
        let tournament = await RandomTournament.played(players: players, rounds: rounds, seed: UInt64(seed)).final
        for entrant in tournament.entrants {
            var colours: [Colour] = []
            for round in tournament.rounds {
                guard let board = round.board(of: entrant.number), let colour = board.colour(of: entrant.number)
                else { continue }
                // NB: in the last round a topscorer may break both rules, and so may the one who meets
                // a topscorer: C3 forbids only two non-topscorers with the same absolute preference to meet
                // (C.04.3, A.7 and C.3).
                let last = round.number == rounds
                let before = colours
                colours.append(colour)
                let exempt = [board.white, board.black].contains {
                    Self.topScorer($0, in: tournament, before: round.number)
                }
                guard !last || !exempt else { continue }
                let difference = colours.filter { $0 == .white }.count - colours.filter { $0 == .black }.count
                #expect(abs(difference) <= 2, "#\(entrant.number) after round \(round.number): \(colours)")
                if before.count >= 2 {
                    #expect(!(before.suffix(2).allSatisfy { $0 == colour }), "#\(entrant.number): \(colours)")
                }
            }
        }
    }

    @Test("score groups: each bracket, from the top, pairs as many of its players as the round allows")
    func scoreGroupsRespected() async {
        await propertyCheck(count: 25, input: Self.players, Self.rounds, Self.seeds) { players, rounds, seed in
            for (tournament, round) in await RandomTournament.played(
                players: players, rounds: rounds, seed: UInt64(seed)
            )
            .steps {
                let problems = ScoreGroupCheck.problems(tournament, round)
                #expect(
                    problems.isEmpty || Self.asTheReferencePairs(tournament, round),
                    "seed \(seed): \(problems)")
            }
        }
    }

    /// Whether py4swiss (the reference, ``ExternalEngineTests``) pairs the round as we did.
    ///
    /// NB: the score-group check is simpler than C.04.3: on rare rounds it asks for a pair the rules, as
    /// py4swiss applies them, do not make (13 players, 7 rounds, seed 423548123: the last round, score
    /// 2.5). The reference has the last word; without it installed, the check alone judges.
    static func asTheReferencePairs(_ tournament: TournamentState, _ round: Round) -> Bool {
        guard ExternalEngine.available else { return false }
        return (try? ExternalEngine.pairing(TRFWriter.report(tournament))) == ExternalEngine.describe(round)
    }

    @Test(
        "a round the score-group check doubts, which py4swiss pairs as we do, stands",
        .enabled(if: ExternalEngine.available, "py4swiss is not installed"))
    func scoreGroupCheckDefersToTheReference() async throws {
        let steps = await RandomTournament.played(players: 13, rounds: 7, seed: 423_548_123).steps
        let (tournament, last) = try #require(steps.last)
        #expect(ScoreGroupCheck.problems(tournament, last) == ["round 7, score 2.5: 0 pairs, 1 possible"])
        #expect(Self.asTheReferencePairs(tournament, last))
        #expect(steps.allSatisfy { Self.asTheReferencePairs($0, $1) })
    }

    @Test("the score-group check catches a round that splits a scoregroup it could have paired")
    func scoreGroupCheckCanFail() throws {
        var tournament = TournamentState(id: "T1", name: "Check", game: "test", format: .swiss(rounds: 3))
        for index in 1...8 { _ = tournament.register("P\(index)") }
        _ = tournament.start()
        let first = try tournament.nextRound().get()
        tournament.begin(first)
        for board in first.boards { _ = tournament.record(.whiteWins, board: board.number) }
        var second = try tournament.nextRound().get()
        #expect(ScoreGroupCheck.problems(tournament, second).isEmpty)
        // NB: a winner against a loser, twice over: the winners' group pairs one pair fewer than it can.
        let winners = Set(first.boards.map(\.white))
        let top = try #require(second.boards.firstIndex { winners.contains($0.white) && winners.contains($0.black) })
        let bottom = try #require(
            second.boards.firstIndex { !winners.contains($0.white) && !winners.contains($0.black) })
        let moved = second.boards[top].black
        second.boards[top].black = second.boards[bottom].black
        second.boards[bottom].black = moved
        #expect(!ScoreGroupCheck.problems(tournament, second).isEmpty)
    }

    static func topScorer(_ player: Int, in tournament: TournamentState, before round: Int) -> Bool {
        var earlier = tournament
        earlier.rounds = Array(tournament.rounds.prefix(round - 1))
        return earlier.score(of: player).tenths * 2 > (round - 1) * 10
    }
}
