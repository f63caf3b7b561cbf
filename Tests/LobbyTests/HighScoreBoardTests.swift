import Protocol
import TestScheduling
import Testing

@testable import Lobby

@Suite("A board of high scores: the top ten, shared ranks, the player's place", .offThePool)
struct HighScoreBoardTests {
    static let board = "spelling classic {\"list\":\"first-grade\",\"mode\":\"pick\"}"

    /// Twelve names, Name01 scoring 1 ... Name12 scoring 12, one game each.
    static func twelve() -> HighScoreBoards {
        var boards = HighScoreBoards()
        for score in 1...12 {
            boards.add(board: Self.board, name: "Name\(score < 10 ? "0" : "")\(score)", score: score)
        }
        return boards
    }

    @Test("the top holds the ten best names, best first; the count is of every name")
    func topTen() {
        let scores = Self.twelve().scores(board: Self.board, for: nil)
        #expect(scores.top.count == 10 && scores.names == 12 && scores.place == nil)
        #expect(scores.top.map(\.score) == Array((3...12).reversed()))
        #expect(scores.top.map(\.rank) == Array(1...10))
        #expect(scores.top.first?.name == "Name12" && scores.top.last?.name == "Name03")
    }

    @Test("a student below the ten best gets a place after them, on a board that does not list them")
    func placeBelowTheTop() {
        let scores = Self.twelve().scores(board: Self.board, for: ("Name01", 1))
        #expect(scores.place == 12 && !scores.top.map(\.name).contains("Name01"))
        let newcomer = Self.twelve().scores(board: Self.board, for: ("Zoe", 7))
        #expect(newcomer.place == 6, "five names did better than 7")
    }

    @Test("equal scores share a rank; names sort within it; the best game of a name counts and games add up")
    func ties() {
        var boards = HighScoreBoards()
        boards.add(board: Self.board, name: "Minh", score: 3)
        boards.add(board: Self.board, name: "Ben", score: 7)
        boards.add(board: Self.board, name: "Lan", score: 1)
        boards.add(board: Self.board, name: "Lan", score: 3)
        boards.add(board: Self.board, name: "Lan", score: 2)
        boards.add(board: Self.board, name: "Cy", score: 0)
        let scores = boards.scores(board: Self.board, for: ("Lan", 2))
        #expect(
            scores.top == [
                HighScore(rank: 1, name: "Ben", score: 7, games: 1),
                HighScore(rank: 2, name: "Lan", score: 3, games: 3),
                HighScore(rank: 2, name: "Minh", score: 3, games: 1),
                HighScore(rank: 4, name: "Cy", score: 0, games: 1),
            ])
        #expect(scores.place == 3, "Lan's own better game does not count against this one: Ben and Minh did better")
    }

    @Test("boards are apart: another mode or list has its own names")
    func boardsApart() {
        var boards = Self.twelve()
        let other = "spelling classic {\"list\":\"mine\",\"mode\":\"pick\"}"
        boards.add(board: other, name: "Ana", score: 2)
        #expect(
            boards.scores(board: other, for: ("Ana", 2))
                == HighScores(
                    top: [HighScore(rank: 1, name: "Ana", score: 2, games: 1)], place: 1, names: 1))
        #expect(boards.scores(board: Self.board, for: nil).names == 12)
        #expect(boards.scores(board: "spelling classic {}", for: ("Ana", 0)) == HighScores(top: [], place: 1, names: 0))
    }

    @Test("a board rebuilt from the store's sums is the board that was kept")
    func rebuilt() {
        let kept = Self.twelve()
        let sums = (1...12).map {
            BoardScore(board: Self.board, name: "Name\($0 < 10 ? "0" : "")\($0)", best: $0, games: 1)
        }
        #expect(
            HighScoreBoards(sums).scores(board: Self.board, for: ("Zoe", 5))
                == kept.scores(board: Self.board, for: ("Zoe", 5)))
    }

    @Test("a board's key writes its options as the general encoder wrote them: boards already kept stay one")
    func keyAsEncoded() {
        let options: [[String: JSONValue]] = [
            [:], ["list": .string("first-grade"), "mode": .string("pick")],
            ["tip": .number(0.15), "rounds": .number(5), "big": .number(1e300), "small": .number(-2.5e-8)],
            ["é\"\\/\u{1}": .bool(true), "none": .null, "Z": .array([.number(1), .array([]), .object([:])])],
            ["nested": .object(["b": .number(2), "a": .object(["c": .string("\u{7f}\u{2028}")])])],
        ]
        for options in options {
            // NB: the key as it was written before (the dictionary through `WireCodec`'s general encoder).
            let encoded = String(decoding: WireCodec.payload(options), as: UTF8.self)
            #expect(BoardScore.key(game: "craps", ruleSet: "classic", options: options) == "craps classic \(encoded)")
        }
        #expect(
            BoardScore.key(
                game: "spelling", ruleSet: "classic",
                options: ["mode": .string("pick"), "list": .string("first-grade")])
                == Self.board)
    }
}
