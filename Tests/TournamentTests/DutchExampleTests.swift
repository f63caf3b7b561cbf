import TestScheduling
import Testing

@testable import Tournament

/// Small Swiss rounds worked out by hand from the rules' text (C.04.3 and the general handling rules).
@Suite("Dutch system: worked examples", .offThePool)
struct DutchExampleTests {
    static func pairs(_ round: Round) -> [String] { round.boards.map { "\($0.white)-\($0.black)" } }

    @Test("round 1, 10 players: S1 1-5 meets S2 6-10 in order; odd start numbers take White (white1)")
    func firstRoundEven() throws {
        var tournament = TournamentState(id: "T1", name: "Hand", game: "test", format: .swiss(rounds: 5))
        for index in 1...10 { _ = tournament.register("P\(index)") }
        _ = tournament.start()
        #expect(Self.pairs(try tournament.nextRound().get()) == ["1-6", "7-2", "3-8", "9-4", "5-10"])
    }

    @Test("round 1, 7 players, black1: the lowest ranked player has the pairing-allocated bye")
    func firstRoundOddBlackFirst() throws {
        var tournament = TournamentState(
            id: "T1", name: "Hand", game: "test", format: .swiss(rounds: 3), firstColour: .black)
        for index in 1...7 { _ = tournament.register("P\(index)") }
        _ = tournament.start()
        let round = try tournament.nextRound().get()
        #expect(Self.pairs(round) == ["4-1", "2-5", "6-3"])
        #expect(round.pairingBye == 7)
    }

    @Test("round 2, 6 players: the top scoregroup of three pairs 1 with 2 (colours granted), 3 floats down and meets 4")
    func secondRound() throws {
        // R1: 1-4 1-0, 5-2 0-1, 3-6 1-0. Scoregroup 1: {1, 2, 3}; S1 = {1}, S2 = {2, 3}: 1-2 grants both
        // preferences (1 had White, 2 Black); 3 floats to {4, 5, 6} and takes 4 (it met 6); 5-6 remain.
        // E.1 gives each the colour it wants: 2-1, 4-3, 6-5; boards by the higher player's score.
        var tournament = HandTournament.make(
            .swiss(rounds: 3), players: ["A", "B", "C", "D", "E", "F"], rounds: [["1-4 1-0", "5-2 0-1", "3-6 1-0"]])
        let round = try tournament.nextRound().get()
        #expect(Self.pairs(round) == ["2-1", "4-3", "6-5"])
        tournament.begin(round)
        #expect(tournament.rounds.count == 2)
    }

    @Test("four players, five rounds: round 4 has no valid pairing, and the teacher is told the choices")
    func noValidPairing() throws {
        var tournament = TournamentState(id: "T1", name: "Small", game: "test", format: .swiss(rounds: 5))
        for index in 1...4 { _ = tournament.register("P\(index)") }
        _ = tournament.start()
        for _ in 1...3 {
            let round = try tournament.nextRound().get()
            tournament.begin(round)
            for board in round.boards { _ = tournament.record(.draw, board: board.number) }
        }
        guard case .failure(let error) = tournament.nextRound() else {
            Issue.record("round 4 of 4 players paired without a repeat")
            return
        }
        #expect(error.kind == .noValidPairing)
        #expect(error.message.contains("round 4 cannot be paired"))
        #expect(error.message.contains("finish the tournament now"))
        #expect(error.message.contains("meet again"))
        #expect(error.message.contains("absent"))
        let repeated = try tournament.nextRound(allowRepeats: true).get()
        #expect(repeated.boards.count == 2)
    }

    @Test("a round is paired only once every result of the one before is in")
    func resultsPending() throws {
        var tournament = TournamentState(id: "T1", name: "Small", game: "test", format: .swiss(rounds: 3))
        for index in 1...4 { _ = tournament.register("P\(index)") }
        _ = tournament.start()
        tournament.begin(try tournament.nextRound().get())
        _ = tournament.record(.whiteWins, board: 1)
        guard case .failure(let error) = tournament.nextRound() else {
            Issue.record("paired with a result missing")
            return
        }
        #expect(error.kind == .resultsPending)
        #expect(error.message.contains("board 2 has no result"))
    }

    @Test("floats of a round without a game: 2025 floats down only what scored more than a loss; 2017 floats all down")
    func editions() {
        let history = [
            SwissPlayer(number: 1, entries: [SwissPlayer.Entry(outcome: .absent)]),
            SwissPlayer(number: 2, entries: [SwissPlayer.Entry(outcome: .pairingBye)]),
            SwissPlayer(number: 3, entries: [SwissPlayer.Entry(outcome: .forfeitLoss)]),
        ]
        let new = DutchPlayer.build(history, points: .standard, lastRound: false, edition: .fide2025)
        let old = DutchPlayer.build(history, points: .standard, lastRound: false, edition: .fide2017)
        #expect(new.sorted { $0.number < $1.number }.map(\.float1) == [.none, .down, .none])
        #expect(old.sorted { $0.number < $1.number }.map(\.float1) == [.down, .down, .down])
    }

    @Test("a late entry is paired from the next round; a withdrawn player is no longer paired")
    func lateEntryAndWithdrawal() throws {
        var tournament = TournamentState(id: "T1", name: "Class", game: "test", format: .swiss(rounds: 4))
        for index in 1...6 { _ = tournament.register("P\(index)") }
        _ = tournament.start()
        let first = try tournament.nextRound().get()
        tournament.begin(first)
        let late = try tournament.register("Late").get()
        #expect(late.firstRound == 2)
        _ = try tournament.withdraw("P2").get()
        for board in first.boards { _ = tournament.record(.whiteWins, board: board.number) }
        let second = try tournament.nextRound().get()
        #expect(second.board(of: 7) != nil || second.pairingBye == 7)
        #expect(second.board(of: 2) == nil)
        #expect(second.unpaired[2] == .absent)
        #expect(tournament.history(of: 7) == [SwissPlayer.Entry(outcome: .absent)])
    }
}
