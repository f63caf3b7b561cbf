import Foundation
import Lobby
import Peer
import Protocol
import SpellingRules
import Storage
import TestSupport
import Testing

@Suite("High scores over TCP: two students, a restarted host, the store and tcnet scores", .serialized)
struct HighScoreTests {
    static func folder() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("tcnet-spelling-\(UUID())").path
    }

    @Test("each end screen gets the board and the student's place; a restarted host still knows them")
    func twoStudentsAndARestart() async throws {
        let data = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let store = try HostStore(folder: data, newHostID: { "h" })
        try await withDeadline(seconds: 120) {
            try await withHost(store: store) { host in
                let ana = try await Student(port: host.port, name: "Ana")
                let ben = try await Student(port: host.port, name: "Ben")
                _ = try await ana.open(["mode": .string("pick")])
                _ = try await ben.open(["mode": .string("pick")])
                // Ana: two right, then a word with both wrong spellings and the right one, then two wrong.
                let anaEnd = try await ana.pick("rrwwrww")
                #expect(anaEnd.result?.reason == "out-of-lives" && anaEnd.result?.standings?.first?.score == 3)
                #expect(
                    anaEnd.board
                        == HighScores(top: [HighScore(rank: 1, name: "Ana", score: 3, games: 1)], place: 1, names: 1))
                let benEnd = try await ben.pick("wwrww")
                #expect(benEnd.result?.standings?.first?.score == 1)
                #expect(benEnd.board?.top.map(\.name) == ["Ana", "Ben"] && benEnd.board?.place == 2)
                #expect(benEnd.board?.names == 2)
                let late = try await ben.request(
                    .move(
                        MoveRequest(
                            table: ben.table, seq: benEnd.seq, move: JSONValue.encoding(SpellingMove.pick(0, nil)))),
                    id: 99)
                #expect(late.error?.code == .notPlaying, "a move after the end")
            }
        }
        // The same data folder, a new host process's worth of state: the boards come from the store.
        let reopened = try HostStore(folder: data, newHostID: { "h" })
        try await withDeadline(seconds: 120) {
            try await withHost(store: reopened) { host in
                let cy = try await Student(port: host.port, name: "Cy")
                _ = try await cy.open(["mode": .string("pick"), "list": .string("first-grade")])
                let end = try await cy.pick("rwwrww")
                #expect(end.board?.top.map(\.name) == ["Ana", "Cy", "Ben"])
                #expect(end.board?.top.map(\.score) == [3, 2, 1] && end.board?.place == 2)
            }
        }
        let scores = try reopened.boardScores(game: "spelling")
        #expect(Set(scores.map(\.name)) == ["Ana", "Ben", "Cy"] && Set(scores.map(\.board)).count == 1)
        let archived = try reopened.archivedMatches(game: "spelling")
        #expect(archived.map(\.archive.result.reason) == ["out-of-lives", "out-of-lives", "out-of-lives"])
        #expect(archived.map { $0.archive.seats.first?.name } == ["Ana", "Ben", "Cy"])
        let final = try archived[0].archive.finalState.decode(as: SpellingState.self)
        #expect(final.mode == .pick && final.list == "first-grade" && final.score == 3 && final.misses == 4)
        #expect(final.solved.allSatisfy(FirstGradeWords.words.contains) && final.solved.count == 3)
        let csv = try await CommandRunner.run(["scores", "--data", data, "--csv"])
        #expect(csv.status == 0)
        #expect(
            csv.standardOutput.split(separator: "\n").map(String.init) == [
                "game,rules,list,mode,rank,name,best,games", "spelling,classic,first-grade,pick,1,Ana,3,1",
                "spelling,classic,first-grade,pick,2,Cy,2,1", "spelling,classic,first-grade,pick,3,Ben,1,1",
            ])
        let table = try await CommandRunner.run(["scores", "--data", data, "--option", "mode=hear"])
        #expect(table.standardOutput.contains("no high scores yet"))
    }
}
