import Foundation
import TestScheduling
import Testing

@testable import Tournament

/// The report file (TRF-16) and the CSV: columns where the format puts them, and read back unchanged.
@Suite("Reports", .offThePool)
struct ReportTests {
    static let fivePlayers = HandTournament.make(
        .swiss(rounds: 3), players: ["Ann", "Bảo", "Chidi", "Dana", "Eli"],
        rounds: [["1-4 1-0", "5-2 0-1", "3 U"], ["1-3 1/2", "4-2 0-1", "5 U"]])

    @Test("the 001 lines: start number, name, points, rank and each round in the TRF-16 columns")
    func columns() throws {
        let report = TRFWriter.report(Self.fivePlayers)
        let lines = report.split(separator: "\n").map(String.init)
        #expect(lines.contains("XXR 3"))
        #expect(lines.contains("XXC white1"))
        let ann = try #require(lines.first { $0.hasPrefix("001    1") })
        let scalars = Array(ann.unicodeScalars)
        func columns(_ from: Int, _ to: Int) -> String {
            String(String.UnicodeScalarView(scalars[(from - 1)..<to]))
        }
        #expect(columns(1, 3) == "001")
        #expect(columns(5, 8) == "   1")
        #expect(columns(15, 47) == "Ann" + String(repeating: " ", count: 30))
        #expect(columns(81, 84) == " 1.5")
        #expect(columns(86, 89) == "   3")
        #expect(columns(92, 99) == "0004 w 1")
        #expect(columns(102, 109) == "0003 w =")
        let chidi = try #require(lines.first { $0.hasPrefix("001    3") })
        #expect(chidi.hasSuffix("0000 - U  0001 b ="))
        // NB: a name beyond ASCII keeps the columns, counted in scalars as readers count them.
        let bao = Array(try #require(lines.first { $0.hasPrefix("001    2") }).unicodeScalars)
        #expect(String(String.UnicodeScalarView(bao[80..<84])) == " 2.0")
    }

    @Test("the pairing-allocated bye is 0000 - U; absences H, F, Z; forfeits + and -")
    func byesAndAbsences() throws {
        let tournament = HandTournament.make(
            .swiss(rounds: 3), players: ["A", "B", "C", "D", "E", "F"],
            rounds: [["1-4 +-", "5-2 1-0", "3 H", "6 U"], ["2-1 0-1", "4 F", "3 Z", "5-6 -+"]])
        let report = TRFWriter.report(tournament)
        let line = { (number: Int) in
            report.split(separator: "\n").first { $0.hasPrefix("001    \(number)") }.map(String.init) ?? ""
        }
        #expect(line(1).hasSuffix("0004 w +  0002 b 1"))
        #expect(line(4).hasSuffix("0001 b -  0000 - F"))
        #expect(line(3).hasSuffix("0000 - H  0000 - Z"))
        #expect(line(6).hasSuffix("0000 - U  0005 b +"))
    }

    @Test(
        "exported and read back: names, start numbers, points, ranks and every round unchanged", arguments: [1, 2, 3])
    func readBack(seed: Int) throws {
        let tournament = RandomTournament.swiss(players: 11 + seed * 7, rounds: 5, seed: UInt64(seed), absences: true)
        let document = try TRFDocument(parsing: TRFWriter.report(tournament))
        #expect(document.rounds == 5)
        #expect(document.firstColour == .white)
        #expect(document.players.count == tournament.entrants.count)
        let standings = Standings(tournament)
        for (player, entrant) in zip(document.players, tournament.entrants) {
            #expect(player.number == entrant.number)
            #expect(player.name == entrant.name)
            #expect(player.points == tournament.score(of: entrant.number))
            #expect(player.rank == standings.rows.first { $0.number == entrant.number }?.rank)
            #expect(player.rounds == tournament.history(of: entrant.number), "#\(entrant.number)")
        }
    }

    @Test("points other than 1, ½, 0 are written in XXS and read back")
    func customPoints() throws {
        var tournament = Self.fivePlayers
        tournament.points = PointSystem(win: Points(tenths: 30), draw: Points(tenths: 10), loss: .zero)
        let document = try TRFDocument(parsing: TRFWriter.report(tournament))
        #expect(document.points == tournament.points)
        #expect(document.players.first?.points == Points(tenths: 40))
    }

    @Test("a broken line is refused with its number")
    func brokenLine() {
        #expect(throws: TRFDocument.Problem.self) {
            _ = try TRFDocument(parsing: "012 Test\nXXR x\n")
        }
        do {
            _ = try TRFDocument(
                parsing: "012 Test\n001    1      Ann                                                              zz\n"
            )
            Issue.record("points zz were read")
        } catch {
            #expect(error.line == 2)
        }
    }

    @Test("the CSV: a header, one line per player with every tiebreak, fields quoted where needed")
    func csv() {
        var tournament = Self.fivePlayers
        tournament.entrants[0].name = "Ann, \"Jr\""
        tournament.entrants[3].name = "=cmd"
        let lines = StandingsCSV.text(tournament).components(separatedBy: "\r\n")
        #expect(lines[0] == "rank,number,name,points,DE,BH-C1,BH,WIN,status")
        #expect(lines[1] == "1,2,Bảo,2,-,1,1,2,")
        #expect(lines[2] == "2,3,Chidi,1.5,0.5,1.5,3,0,")
        #expect(lines[3] == "3,1,\"Ann, \"\"Jr\"\"\",1.5,0.5,1.5,1.5,1,")
        #expect(lines.contains("5,4,'=cmd,0,-,2,3.5,0,"))
    }
}

/// The class challenge's leaderboard.
@Suite("Class challenge", .offThePool)
struct ChallengeBoardTests {
    @Test(
        "the best score counts; plays are counted; an earlier best wins a tie; outside the window nothing counts"
    )
    func leaderboard() {
        var board = ChallengeBoard(opensAt: 1_000, minutes: 10)
        #expect(board.closesAt == 601_000)
        let taken = [
            board.record("Lan", score: 120, at: 2_000), board.record("Minh", score: 300, at: 3_000),
            board.record("lan", score: 300, at: 4_000), board.record("Lan", score: 50, at: 5_000),
            board.record("Ada", score: 999, at: 601_000), board.record("Ada", score: 999, at: 999),
        ]
        #expect(taken == [true, true, true, true, false, false])
        let lines = board.leaderboard.map { "\($0.rank). \($0.entry.name) \($0.entry.best) x\($0.entry.plays)" }
        #expect(lines == ["1. Minh 300 x1", "2. Lan 300 x3"])
    }
}
