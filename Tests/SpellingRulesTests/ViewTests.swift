import GameKit
import SpellingRules
import Testing

@Suite("What the student's client gets never holds the answer before it is answered")
struct ViewTests {
    @Test(
        "the viewed state, moves and events of whole games: no word, no answers, no list; tiles never the word",
        arguments: SpellingMode.allCases)
    func noAnswer(mode: SpellingMode) async throws {
        // NB: seconds of work in a debug build: each step yields the cooperative pool (two threads here),
        // so that the timed tests that wait on it meanwhile are not starved past their deadlines.
        for seed in 1...15 {
            var table = SpellingTable(mode: mode, seed: seed)
            for step in 0..<12 {
                let word = table.word
                let state = try OrderedJSON.string(from: SpellingGame.view(of: table.host, for: .seat("S")))
                Self.expectNoAnswer(state, word: word, solved: table.host.solved, mode: mode)
                let spectator = try OrderedJSON.string(from: SpellingGame.view(of: table.host, for: .spectator))
                Self.expectNoAnswer(spectator, word: word, solved: table.host.solved, mode: mode)
                var random = HostRandom(secret: table.secret, step: UInt64(table.seq + 1))
                let move = step % 3 == 2 ? table.wrongMove : table.rightMove
                let prepared = SpellingGame.prepare(move, by: .seat("S"), in: table.host, random: &random)
                let viewedMove = try OrderedJSON.string(from: SpellingGame.view(of: prepared, for: .seat("S")))
                #expect(!viewedMove.contains("\"word\"") && !viewedMove.contains("\"answers\""), "\(viewedMove)")
                if case .success(let events) = table.play(move) {
                    for event in events.compactMap({ SpellingGame.view(of: $0, for: .seat("S")) }) {
                        let json = try OrderedJSON.string(from: event)
                        #expect(!json.contains("\"answers\""), "\(json)")
                        if case .next = event { #expect(!json.contains("\"word\""), "\(json)") }
                    }
                }
                if table.host.over != nil { break }
                await Task.yield()
            }
        }
    }

    static func expectNoAnswer(_ json: String, word: String, solved: [String], mode: SpellingMode) {
        #expect(!json.contains("\"word\"") && !json.contains("\"answers\"") && !json.contains("\"words\""), "\(json)")
        if mode == .hear, !solved.contains(word) {
            #expect(!json.contains("\"\(word)\""), "the heard word is nowhere: \(json)")
        }
        if mode == .unscramble, !solved.contains(word) {
            #expect(!json.contains("\"\(word)\""), "the unscrambled word is nowhere: \(json)")
        }
    }

    @Test("the host's full state does hold the answer (so the checks above can fail)")
    func hostHoldsIt() throws {
        let table = SpellingTable(mode: .hear)
        let json = try OrderedJSON.string(from: table.host)
        #expect(json.contains("\"word\":\"\(table.word)\""))
        #expect(SpellingGame.speech(in: table.host, for: .seat("S")) == table.word)
        #expect(SpellingGame.hash(of: table.host) != SpellingGame.hash(of: table.client))
    }
}
