import ScreenKit
import SpellingRules

/// Draws the spelling screen: the title, the clock, lives and score always on top; the mode's word in
/// big letters; the feedback and the keys at the bottom; the end with the high scores.
enum SpellingRenderer {
    static func frame(of model: SpellingModel, width: Int, height: Int) -> Frame {
        var canvas = Canvas(width: width, height: height)
        let mode = model.state?.mode
        canvas.fill(x: 0, y: 0, width: width, .title)
        canvas.put(" Spelling: \(Self.title(of: mode)) · \(model.title) · \(model.name)", x: 0, y: 0, .title)
        guard let state = model.state else {
            canvas.center(model.waiting ?? "Waiting for the game to start", from: 0, width: width, y: height / 2, .dim)
            return canvas.frame
        }
        Self.status(model, state, &canvas)
        if let result = model.result {
            Self.end(model, state, result.reason, &canvas)
        } else {
            switch state.mode {
            case .pick: Self.pick(model, state, &canvas)
            case .unscramble: Self.tiles(model, state, &canvas)
            case .hear: Self.hear(model, &canvas)
            }
        }
        if let message = model.message { canvas.put(message.text, x: 1, y: height - 3, message.style) }
        canvas.put(Self.keys(model, state), x: 1, y: height - 2, .dim)
        if case .lost(let why) = model.link { canvas.put("Connection lost: \(why)", x: 1, y: height - 1, .warning) }
        if case .reconnecting(let attempt) = model.link {
            canvas.put("Reconnecting (try \(attempt))...", x: 1, y: height - 1, .warning)
        }
        return canvas.frame
    }

    static func title(of mode: SpellingMode?) -> String {
        switch mode {
        case .pick: "pick the right spelling"
        case .unscramble: "unscramble the word"
        case .hear: "hear and type"
        case nil: "waiting"
        }
    }

    /// The clock, the lives and the score: always on screen.
    static func status(_ model: SpellingModel, _ state: SpellingState, _ canvas: inout Canvas) {
        let clock = model.secondsLeft.map { "\($0 / 60):" + ($0 % 60 < 10 ? "0" : "") + "\($0 % 60)" } ?? "0:00"
        let hearts = String(repeating: "♥ ", count: state.lives) + String(repeating: "· ", count: 3 - state.lives)
        canvas.put("Time \(clock)", x: 1, y: 2, (model.secondsLeft ?? 0) <= 10 ? .warning : .focus)
        canvas.put("Lives \(hearts)", x: 16, y: 2, .tile(.red))
        canvas.put("Score \(state.score)", x: 34, y: 2, .good)
        canvas.put("Word \(state.number)", x: 48, y: 2, .dim)
    }

    static func pick(_ model: SpellingModel, _ state: SpellingState, _ canvas: inout Canvas) {
        for (index, spelling) in (state.challenge.choices ?? []).enumerated() {
            let top = 4 + index * 6
            let marked = state.marked.contains(index)
            let chosen = index == model.cursor && model.controlled
            let style: Style = marked ? .dim : chosen ? .tile(.blue) : .plain
            canvas.put(chosen ? "▶ \(index + 1)" : "  \(index + 1)", x: 1, y: top + 2, chosen ? .focus : .plain)
            Self.word(spelling, x: 7, y: top, style, &canvas)
            if marked { canvas.put("X  wrong", x: 9 + BigLetters.columns(spelling), y: top + 2, .warning) }
        }
    }

    static func tiles(_ model: SpellingModel, _ state: SpellingState, _ canvas: inout Canvas) {
        let tiles = state.challenge.tiles ?? []
        let letters = model.order.map { tiles.indices.contains($0) ? tiles[$0] : "?" }
        canvas.put("Put the letters in order to spell the word.", x: 1, y: 5, .plain)
        let big = letters.count * 7 <= canvas.width - 2
        for (position, letter) in letters.enumerated() {
            let here = position == model.cursor && model.controlled
            let style: Style = here ? (model.holding ? .tile(.red) : .tile(.blue)) : .tile(.white)
            if big {
                let x = 1 + position * 7
                Self.word(letter, x: x + 1, y: 8, style, &canvas)
                canvas.put(here ? (model.holding ? "▲ held" : "  ▲   ") : "      ", x: x, y: 14, .focus)
            } else {
                canvas.put("[\(letter)]", x: 1 + position * 4, y: 9, style)
                if here { canvas.put(" ^", x: 1 + position * 4, y: 10, .focus) }
            }
        }
    }

    static func hear(_ model: SpellingModel, _ canvas: inout Canvas) {
        canvas.put("Listen to the word, then type it.  ♪ Tab: hear it again", x: 1, y: 5, .plain)
        let shown = model.typed + (model.controlled ? "_" : "")
        Self.word(shown, x: 2, y: 8, .tile(.blue), &canvas)
        canvas.put("You typed: \(model.typed)", x: 1, y: 15, .dim)
    }

    static func end(_ model: SpellingModel, _ state: SpellingState, _ reason: String, _ canvas: inout Canvas) {
        let headline = reason == "time-up" ? "Time is up!" : reason == "out-of-lives" ? "Out of lives!" : "Game over"
        canvas.put(headline, x: 1, y: 4, .warning)
        canvas.put(
            "\(model.name) spelled \(state.score) \(state.score == 1 ? "word" : "words") right.", x: 1, y: 5, .good)
        guard let board = model.board else {
            canvas.put("(No high scores are kept for a game on this terminal alone.)", x: 1, y: 7, .dim)
            return
        }
        if let place = board.place {
            let best = place == 1 ? "The best score so far!" : "Place \(place) of \(board.names) players."
            canvas.put(best, x: 1, y: 6, place == 1 ? .good : .plain)
        }
        canvas.put("High scores (\(state.mode.rawValue), list \(state.list))", x: 1, y: 8, .focus)
        for (row, entry) in board.top.enumerated() {
            let mine = entry.name == model.name
            let line =
                "\(String(entry.rank).leftPadded(3)). \(entry.name.padded(20)) \(String(entry.score).leftPadded(3))"
                + "   (\(entry.games) \(entry.games == 1 ? "game" : "games"))"
            canvas.put(line + (mine ? "  ◀ you" : ""), x: 2, y: 9 + row, mine ? .good : .plain)
        }
    }

    static func keys(_ model: SpellingModel, _ state: SpellingState) -> String {
        guard model.controlled else { return "q: stop watching" }
        if model.result != nil { return "n: play again   q: quit" }
        switch state.mode {
        case .pick: return "←/→: choose   1-3 or Enter: pick   Esc: leave"
        case .unscramble: return "←/→: move   Space: pick up / put down a tile   Enter: check   Esc: leave"
        case .hear: return "letters: type   Backspace: erase   Enter: check   Tab: hear again   Esc: leave"
        }
    }

    static func word(_ text: String, x: Int, y: Int, _ style: Style, _ canvas: inout Canvas) {
        for (row, line) in BigLetters.rows(text).enumerated() { canvas.put(line, x: x, y: y + row, style) }
    }
}

extension String {
    func padded(_ width: Int) -> String {
        self.count >= width ? self : self + String(repeating: " ", count: width - self.count)
    }

    func leftPadded(_ width: Int) -> String {
        self.count >= width ? self : String(repeating: " ", count: width - self.count) + self
    }
}
