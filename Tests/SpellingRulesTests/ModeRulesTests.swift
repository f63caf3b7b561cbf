import GameKit
import SpellingRules
import TestScheduling
import Testing

@Suite("The three games: right, wrong, the fourth wrong answer, time is up", .offThePool)
struct ModeRulesTests {
    @Test(
        "a game starts with three lives, no score, word 1 and a deadline two minutes after the start",
        arguments: SpellingMode.allCases)
    func start(mode: SpellingMode) {
        let table = SpellingTable(mode: mode)
        #expect(table.host.lives == 3 && table.host.score == 0 && table.host.number == 1 && table.host.over == nil)
        #expect(SpellingGame.deadline(of: table.host) == SpellingTable.start.adding(seconds: 120))
        #expect(SpellingGame.toAct(in: table.host) == ["S"])
        #expect(FirstGradeWords.words.contains(table.word))
    }

    @Test("a right answer scores, and the next word (never the same one) comes", arguments: SpellingMode.allCases)
    func right(mode: SpellingMode) throws {
        var table = SpellingTable(mode: mode)
        for round in 1...5 {
            let word = table.word
            let events = try #require(table.play(table.rightMove).events)
            #expect(events.first == .right(word))
            #expect(table.host.score == round && table.host.number == round + 1 && table.host.lives == 3)
            #expect(table.word != word, "the next word differs from the last")
            #expect(table.host.solved.last == word)
        }
    }

    @Test("a wrong answer costs a life, the word stays; the fourth ends the game", arguments: SpellingMode.allCases)
    func fourthWrongEnds(mode: SpellingMode) throws {
        var table = SpellingTable(mode: mode)
        table.play(table.rightMove)
        for lives in [2, 1, 0] {
            if mode == .pick, table.host.marked.count == 2 {
                // NB: pick has two wrong spellings a word; after both, only the right one is left.
                table.play(table.rightMove)
            }
            let word = table.word
            #expect(table.play(table.wrongMove).events == [.wrong(livesLeft: lives)])
            #expect(table.host.lives == lives && table.host.over == nil && table.word == word)
        }
        #expect(table.play(table.wrongMove).events == [.wrong(livesLeft: 0), .outOfLives])
        #expect(table.host.over == "out-of-lives" && SpellingGame.toAct(in: table.host).isEmpty)
        #expect(SpellingGame.deadline(of: table.host) == nil)
        let result = try #require(SpellingGame.result(of: table.host))
        #expect(result.reason == "out-of-lives" && result.standings.first?.score == table.host.score)
        #expect(table.play(table.rightMove).code == "game-over")
    }

    @Test("time is up: the host's move at the deadline ends the game with the score", arguments: SpellingMode.allCases)
    func timeUp(mode: SpellingMode) throws {
        var table = SpellingTable(mode: mode)
        table.play(table.rightMove)
        table.play(table.rightMove)
        #expect(table.play(.timeUp, by: .seat("S")).code == "host-only")
        let move = try #require(SpellingGame.hostMove(.deadline, in: table.host))
        #expect(table.play(move, by: .host).events == [.timeUp])
        #expect(
            SpellingGame.result(of: table.host)
                == GameResult(
                    reason: "time-up", standings: [SeatStanding(seat: "S", score: 2, rank: 1)]))
        let refusal = table.play(table.rightMove)
        #expect(refusal.code == "game-over")
        if case .failure(let violation) = refusal { #expect(violation.message.contains("Time is up!")) }
    }

    @Test("pick: a wrong spelling is marked; trying it again is refused and costs nothing")
    func pickMarks() throws {
        var table = SpellingTable(mode: .pick)
        let wrong = table.wrongMove
        table.play(wrong)
        guard case .pick(let index, _) = wrong else { return }
        #expect(table.host.marked == [index] && table.client.marked == [index])
        #expect(table.play(.pick(index, nil)).code == "already-tried")
        #expect(table.play(.pick(3, nil)).code == "no-such-choice")
        #expect(table.host.lives == 2)
        table.play(table.rightMove)
        #expect(table.host.marked.isEmpty)
    }

    @Test("unscramble: any order of the tiles that spells the word is right, also with repeated letters")
    func repeatedLetters() throws {
        for seed in 1...20 {
            var table = SpellingTable(mode: .unscramble, words: ["little", "ball", "letter"], seed: seed)
            let tiles = try #require(table.host.challenge.tiles)
            #expect(tiles.joined() != table.word)
            let first = try #require(SpellingTable.order(of: tiles, spelling: table.word))
            // The same letters from other tiles: every repeated letter's two tiles swapped.
            var swapped = first
            for (i, j) in zip(first.indices, first.indices.dropFirst()) where tiles[first[i]] == tiles[first[j]] {
                swapped.swapAt(i, j)
            }
            #expect(swapped != first)
            var other = table
            #expect(table.play(.arrange(first, nil)).events?.first == .right(table.host.solved.last ?? ""))
            #expect(other.play(.arrange(swapped, nil)).events?.first == .right(other.host.solved.last ?? ""))
        }
    }

    @Test("unscramble: a list word of the same letters is right too; words only they could spell are not asked")
    func anagrams() throws {
        var table = SpellingTable(mode: .unscramble, words: ["saw", "was", "on", "no"], seed: 3)
        for _ in 1...6 {
            #expect(["saw", "was"].contains(table.word), "on and no cannot be scrambled into anything else")
            let other = table.word == "saw" ? "was" : "saw"
            let order = try #require(SpellingTable.order(of: table.host.challenge.tiles!, spelling: other))
            #expect(table.play(.arrange(order, nil)).events?.first == .right(other))
        }
        #expect(table.play(.arrange([0, 0, 1], nil)).code == "not-a-tile-order")
    }

    @Test("hear: the typed word is right whatever its case and spaces; a homophone is right too")
    func hear() throws {
        var table = SpellingTable(mode: .hear, words: ["two", "cat", "dog"], seed: 2)
        while table.word != "two" { table.play(table.rightMove) }
        #expect(table.play(.spell(" Too ", nil)).events?.first == .right("too"))
        #expect(table.play(.spell("  ", nil)).code == "empty-answer")
        #expect(table.play(.pick(0, nil)).code == "wrong-mode")
        #expect(table.host.challenge.sound == table.host.number)
    }

    @Test("the host's verdict replaces whatever the student sent; the host's state refuses a forged one")
    func verdicts() throws {
        var table = SpellingTable(mode: .pick)
        let wrong = table.wrongMove
        guard case .pick(let index, _) = wrong else { return }
        let forged = SpellingMove.pick(index, HostVerdict(right: true, next: table.host.challenge))
        var host = table.host
        #expect(SpellingGame.apply(forged, by: .seat("S"), to: &host).failureCode == "verdict-mismatch")
        #expect(table.play(forged).events == [.wrong(livesLeft: 2)])
        var unjudged = table.host
        #expect(SpellingGame.apply(table.rightMove, by: .seat("S"), to: &unjudged).failureCode == "not-judged")
    }

    @Test("a list's own wrong spellings are the ones offered")
    func listWrongs() throws {
        var table = SpellingTable(mode: .pick, rows: [["cat", "kat", "catt"], ["dog", "dogg", "dug"]])
        for _ in 1...4 {
            let expected: Set = table.word == "cat" ? ["cat", "kat", "catt"] : ["dog", "dogg", "dug"]
            #expect(Set(table.host.challenge.choices ?? []) == expected)
            table.play(table.rightMove)
        }
    }
}

extension Result where Success == [SpellingEvent], Failure == GameRuleViolation {
    var failureCode: String? { self.code }
}
