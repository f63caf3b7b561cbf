import GameKit
import ScreenKit
import Spelling
import SpellingRules
import Testing

@Suite("The spelling screen: keys to moves, what it always shows, the end")
struct ScreenTests {
    static func screen(_ mode: SpellingMode, controlled: Bool = true) -> (SpellingScreen, SpellingState) {
        var options = GameOptions(defaultsOf: SpellingGame.descriptor.options)
        options =
            (try? GameOptions.checking(["mode": .choice(mode.rawValue)], against: SpellingGame.descriptor.options).get())
            ?? options
        let setup = MatchSetup(
            ruleSet: "classic", seats: ["S"], firstSeat: "S", options: options,
            startedAt: GameTime(milliseconds: 1_700_000_000_000))
        var random = HostRandom(secret: Array(repeating: 3, count: 32), step: 0)
        let state = SpellingGame.view(of: SpellingGame.start(setup, random: &random)!, for: .seat("S"))
        var screen = SpellingScreen(
            ScreenSetup(
                title: "table t1", seats: ["S"], controlled: controlled ? ["S"] : [], ruleSet: "classic",
                options: options, stepSeconds: 0))
        screen.update(TableNews(names: ["S": "Ana"], link: .online))
        screen.show(state, after: nil, events: [], newMatch: true)
        screen.clock(timeLeft: 119.2)
        return (screen, state)
    }

    static func moves(_ actions: [ScreenAction<SpellingMove>]) -> [SpellingMove] {
        actions.compactMap { if case .move(let move) = $0 { return move } else { return nil } }
    }

    @Test("pick: a digit picks that spelling; arrows move the cursor past marked spellings; Enter picks it")
    func pick() {
        var (screen, state) = Self.screen(.pick)
        #expect(Self.moves(screen.press(.character("2"))) == [.pick(1, nil)])
        state.marked = [1]
        state.lives = 2
        screen.show(state, after: nil, events: [.wrong(livesLeft: 2)], newMatch: false)
        #expect(screen.model.cursor == 0, "off the marked spelling")
        _ = screen.press(.left)
        #expect(screen.model.cursor == 2, "from 0 to the left wraps to 2")
        _ = screen.press(.left)
        #expect(screen.model.cursor == 0, "and on to 0, skipping the marked 1")
        _ = screen.press(.left)
        #expect(Self.moves(screen.press(.enter)) == [.pick(2, nil)])
        let frame = screen.frame(width: 80, height: 24).text
        for text in ["Time 2:00", "Lives ♥ ♥ ·", "Score 0", "X  wrong", "Try again!"] {
            #expect(frame.contains(text), "\(text) in\n\(frame)")
        }
    }

    @Test("unscramble: Space picks a tile up, the arrows carry it, Enter sends the order")
    func unscramble() {
        var (screen, state) = Self.screen(.unscramble)
        let count = state.challenge.tiles!.count
        _ = screen.press(.character(" "))
        _ = screen.press(.right)
        _ = screen.press(.character(" "))
        _ = screen.press(.right)
        var expected = Array(0..<count)
        expected.swapAt(0, 1)
        #expect(Self.moves(screen.press(.enter)) == [.arrange(expected, nil)])
        state.number += 1
        screen.show(state, after: nil, events: [.right("x")], newMatch: false)
        #expect(screen.model.order == Array(0..<count) && screen.model.cursor == 0, "a new word starts afresh")
    }

    @Test("hear: letters type, Backspace erases, Enter sends, Tab asks to hear the word again")
    func hear() {
        var (screen, _) = Self.screen(.hear)
        for key: Key in [.character("C"), .character("a"), .character("x"), .backspace, .character("t")] {
            _ = screen.press(key)
        }
        #expect(screen.soundRequests == 0)
        _ = screen.press(.tab)
        _ = screen.press(.tab)
        #expect(screen.soundRequests == 2)
        #expect(screen.frame(width: 80, height: 24).text.contains("You typed: cat"))
        #expect(Self.moves(screen.press(.enter)) == [.spell("cat", nil)])
        #expect(Self.moves(screen.press(.enter)).isEmpty, "nothing typed: nothing sent")
    }

    @Test("the end: Time is up!, the score, the high scores with the student's place; n plays again")
    func end() {
        var (screen, state) = Self.screen(.pick)
        state.over = "time-up"
        state.score = 4
        screen.show(state, after: nil, events: [.timeUp], newMatch: false)
        screen.matchEnded(GameResult(reason: "time-up", standings: [SeatStanding(seat: "S", score: 4, rank: 1)]))
        screen.showScores(
            ScoreBoard(
                top: [
                    .init(rank: 1, name: "Ben", score: 7, games: 2), .init(rank: 2, name: "Ana", score: 4, games: 1),
                ],
                place: 2, names: 2))
        let frame = screen.frame(width: 80, height: 24).text
        for text in ["Time is up!", "Ana spelled 4 words right.", "Place 2 of 2 players.", "1. Ben", "2. Ana", "◀ you"]
        {
            #expect(frame.contains(text), "\(text) in\n\(frame)")
        }
        #expect(screen.press(.character("n")).contains { if case .rematch = $0 { true } else { false } })
    }

    @Test("a spectator's keys never move")
    func spectator() {
        var (screen, _) = Self.screen(.pick, controlled: false)
        #expect(Self.moves(screen.press(.character("1"))).isEmpty)
    }
}
