import GameKit
import SpellingRules
import TestSupport
import Testing

@Suite("What the student's client gets never holds the answer before it is answered", .offThePool)
struct ViewTests {
    @Test(
        "the viewed state, moves and events of whole games: no word, no answers, no list; tiles never the word",
        arguments: SpellingMode.allCases)
    func noAnswer(mode: SpellingMode) async {
        // NB: seconds of work in a debug build, done off the cooperative pool (``offThePool(_:)``).
        let problems = await offThePool { Self.leaks(mode: mode) }
        #expect(problems.isEmpty, "\(problems.prefix(3))")
    }

    /// Plays 15 games of a mode, 12 answers each (every third one wrong), and returns what a viewer got
    /// that names the answer, or where the client's copy did not keep up, one line each.
    static func leaks(mode: SpellingMode) -> [String] {
        var problems: [String] = []
        func json<T: Encodable>(_ value: T) -> String {
            guard let text = try? OrderedJSON.string(from: value) else {
                problems.append("no JSON for \(value)")
                return ""
            }
            return text
        }
        for seed in 1...15 {
            var table = SpellingTable(mode: mode, seed: seed)
            for step in 0..<12 {
                let word = table.word
                for viewer in [Viewer.seat("S"), .spectator] {
                    let state = json(SpellingGame.view(of: table.host, for: viewer))
                    problems += Self.answers(in: state, word: word, solved: table.host.solved, mode: mode)
                }
                var random = HostRandom(secret: table.secret, step: UInt64(table.seq + 1))
                let move = step % 3 == 2 ? table.wrongMove : table.rightMove
                let prepared = SpellingGame.prepare(move, by: .seat("S"), in: table.host, random: &random)
                let viewedMove = json(SpellingGame.view(of: prepared, for: .seat("S")))
                if viewedMove.contains("\"word\"") || viewedMove.contains("\"answers\"") {
                    problems.append("a viewed move names the answer: \(viewedMove)")
                }
                let (outcome, stepProblems) = table.step(move)
                problems += stepProblems
                if case .success(let events) = outcome {
                    for event in events.compactMap({ SpellingGame.view(of: $0, for: .seat("S")) }) {
                        let text = json(event)
                        var named = text.contains("\"answers\"")
                        if case .next = event { named = named || text.contains("\"word\"") }
                        if named { problems.append("a viewed event names the answer: \(text)") }
                    }
                }
                if table.host.over != nil { break }
            }
        }
        return problems
    }

    /// What in a viewed state's JSON names the answer: a member `word`, `answers` or `words`, or (hear and
    /// unscramble) the word itself before it is answered.
    static func answers(in json: String, word: String, solved: [String], mode: SpellingMode) -> [String] {
        var problems: [String] = []
        if json.contains("\"word\"") || json.contains("\"answers\"") || json.contains("\"words\"") {
            problems.append("a member names the answer: \(json)")
        }
        if mode != .pick, !solved.contains(word), json.contains("\"\(word)\"") {
            problems.append("the \(mode.rawValue) word is in the state: \(json)")
        }
        return problems
    }

    @Test("the host's full state does hold the answer (so the checks above can fail)")
    func hostHoldsIt() throws {
        let table = SpellingTable(mode: .hear)
        let json = try OrderedJSON.string(from: table.host)
        #expect(json.contains("\"word\":\"\(table.word)\""))
        #expect(Self.answers(in: json, word: table.word, solved: [], mode: .hear).count == 2, "the checker sees it")
        #expect(SpellingGame.speech(in: table.host, for: .seat("S")) == table.word)
        #expect(SpellingGame.hash(of: table.host) != SpellingGame.hash(of: table.client))
    }
}
