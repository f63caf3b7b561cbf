import TestScheduling
import Testing

@testable import Tournament

/// Standings and tiebreaks on small cases worked out by hand.
@Suite("Tiebreaks", .offThePool)
struct TiebreakTests {
    static func line(_ standings: Standings, _ number: Int) -> String {
        let row = standings.rows.first { $0.number == number }!
        return "\(row.rank). #\(row.number) \(row.points) " + row.tiebreaks.map(\.description).joined(separator: " ")
    }

    @Test("round robin: the direct encounter decides a tie before Sonneborn-Berger")
    func directEncounterFirst() {
        // 1-4 1-0, 2-3 =; 4-3 0-1, 1-2 0-1; 2-4 0-1, 3-1 =. Points: 3 has 2; 1 and 2 have 1.5; 4 has 1.
        // 2 beat 1, so 2 is second though both have Sonneborn-Berger 2 and 2.5 the other way round.
        let tournament = HandTournament.make(
            .roundRobin(cycles: 1), players: ["A", "B", "C", "D"],
            rounds: [["1-4 1-0", "2-3 1/2"], ["4-3 0-1", "1-2 0-1"], ["2-4 0-1", "3-1 1/2"]])
        let standings = Standings(tournament)
        #expect(standings.tiebreaks == [.directEncounter, .sonnebornBerger, .wins])
        #expect(standings.rows.map(\.number) == [3, 2, 1, 4])
        // NB: SB: 1 beat 4 (1) and drew 3 (2): 1 + 1; 2 drew 3 (2), beat 1 (1.5): 1 + 1.5.
        #expect(Self.line(standings, 3) == "1. #3 2 - 2.5 1")
        #expect(Self.line(standings, 2) == "2. #2 1.5 1 2.5 1")
        #expect(Self.line(standings, 1) == "3. #1 1.5 0 2 1")
        #expect(Self.line(standings, 4) == "4. #4 1 - 1.5 1")
    }

    @Test("round robin: Sonneborn-Berger decides between two who drew each other")
    func sonnebornBerger() {
        // 1-4 1-0, 2-3 =; 4-3 0-1, 1-2 0-1; 2-4 0-1, 3-1 0-1. 2 and 3 have 1.5 and drew each other.
        // SB 2: ½ of 3's 1.5 + 1's 2 = 2.75; SB 3: ½ of 2's 1.5 + 4's 1 = 1.75.
        let tournament = HandTournament.make(
            .roundRobin(cycles: 1), players: ["A", "B", "C", "D"],
            rounds: [["1-4 1-0", "2-3 1/2"], ["4-3 0-1", "1-2 0-1"], ["2-4 0-1", "3-1 0-1"]])
        let standings = Standings(tournament)
        #expect(standings.rows.map(\.number) == [1, 2, 3, 4])
        #expect(Self.line(standings, 2) == "2. #2 1.5 0.5 2.75 1")
        #expect(Self.line(standings, 3) == "3. #3 1.5 0.5 1.75 1")
        #expect(Self.line(standings, 1) == "1. #1 2 - 2.5 2")
    }

    @Test("Swiss: Buchholz cut-1 decides between two who drew each other, with Buchholz shown")
    func buchholz() {
        // R1 1-4 1-0, 5-2 0-1, 3-6 1-0; R2 2-1 =, 4-3 0-1, 6-5 1-0; R3 3-2 1-0, 1-6 1-0, 5-4 =.
        // 4 and 5 have 0.5 and drew: BH 4 = 2.5 + 3 + 0.5 = 6, cut-1 5.5; BH 5 = 1.5 + 1 + 0.5 = 3, cut-1 2.5.
        let tournament = HandTournament.make(
            .swiss(rounds: 3), players: ["A", "B", "C", "D", "E", "F"],
            rounds: [
                ["1-4 1-0", "5-2 0-1", "3-6 1-0"], ["2-1 1/2", "4-3 0-1", "6-5 1-0"],
                ["3-2 1-0", "1-6 1-0", "5-4 1/2"],
            ])
        let standings = Standings(tournament)
        #expect(standings.tiebreaks == [.directEncounter, .buchholzCut1, .buchholz, .wins])
        #expect(standings.rows.map(\.number) == [3, 1, 2, 6, 4, 5])
        #expect(Self.line(standings, 4) == "5. #4 0.5 0.5 5.5 6 0")
        #expect(Self.line(standings, 5) == "6. #5 0.5 0.5 2.5 3 0")
        #expect(Self.line(standings, 3) == "1. #3 3 - 2.5 3 3")
    }

    @Test("Swiss: an unplayed round counts the player's own points in Buchholz, and is cut first")
    func unplayedRounds() {
        // R1 1-4 1-0, 5-2 0-1, 3 bye; R2 1-3 =, 4-2 0-1, 5 bye. 1 and 3 have 1.5 and drew.
        // BH 1 = 0 + 1.5 = 1.5, cut-1 1.5 (cut 0); BH 3 = 1.5 (own, the bye) + 1.5 = 3, cut-1 1.5 (the bye cut).
        let tournament = HandTournament.make(
            .swiss(rounds: 3), players: ["A", "B", "C", "D", "E"],
            rounds: [["1-4 1-0", "5-2 0-1", "3 U"], ["1-3 1/2", "4-2 0-1", "5 U"]])
        let standings = Standings(tournament)
        #expect(standings.rows.map(\.number) == [2, 3, 1, 5, 4])
        #expect(Self.line(standings, 3) == "2. #3 1.5 0.5 1.5 3 0")
        #expect(Self.line(standings, 1) == "3. #1 1.5 0.5 1.5 1.5 1")
        #expect(Self.line(standings, 5) == "4. #5 1 - 2 3 0")
    }

    @Test("players tied on points and every tiebreak share a rank")
    func sharedRank() {
        // 1-4 1-0, 2-3 1-0; 4-3 0-1, 1-2 =; 2-4 1-0, 3-1 0-1: 1 and 2 both 2.5, drew, same SB and wins.
        let tournament = HandTournament.make(
            .roundRobin(cycles: 1), players: ["A", "B", "C", "D"],
            rounds: [["1-4 1-0", "2-3 1-0"], ["4-3 0-1", "1-2 1/2"], ["2-4 1-0", "3-1 0-1"]])
        let standings = Standings(tournament)
        #expect(standings.rows.prefix(2).map(\.rank) == [1, 1])
        #expect(standings.rows.map(\.rank) == [1, 1, 3, 4])
    }

    @Test("points per game: 3 for a win, 1 for a draw")
    func customPoints() {
        var tournament = HandTournament.make(
            .roundRobin(cycles: 1), players: ["A", "B", "C", "D"],
            rounds: [["1-4 1-0", "2-3 1/2"], ["4-3 0-1", "1-2 0-1"], ["2-4 0-1", "3-1 1/2"]])
        tournament.points = PointSystem(win: Points(tenths: 30), draw: Points(tenths: 10), loss: .zero)
        let standings = Standings(tournament)
        #expect(standings.rows.map { "\($0.number):\($0.points)" } == ["3:5", "2:4", "1:4", "4:3"])
    }
}
