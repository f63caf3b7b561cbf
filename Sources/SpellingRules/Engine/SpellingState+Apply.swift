import GameKit

extension SpellingState {
    /// The rules: applies a prepared move (docs/SPELLING.md, "The rules").
    ///
    /// The host's state checks the verdict against the answer it holds; a viewer's state, which has no
    /// answer, takes the verdict as the host gave it.
    /// - Returns: the events, or the rule the move breaks with the state unchanged.
    public mutating func apply(_ move: SpellingMove, by mover: Mover) -> Result<[SpellingEvent], GameRuleViolation> {
        if let over = self.over { return .failure(SpellingRefusal.over(over)) }
        if case .timeUp = move {
            guard mover == .host else { return .failure(SpellingRefusal.hostOnly) }
            self.over = "time-up"
            return .success([.timeUp])
        }
        guard mover == .seat(self.seat) else { return .failure(SpellingRefusal.hostOnly) }
        let answer: String
        switch self.answer(move) {
        case .failure(let violation): return .failure(violation)
        case .success(let spelled): answer = spelled
        }
        guard let verdict = move.verdict else { return .failure(SpellingRefusal.notJudged) }
        if let answers = self.challenge.answers, answers.contains(answer) != verdict.right {
            return .failure(SpellingRefusal.verdictMismatch)
        }
        return verdict.right ? self.right(answer, next: verdict.next) : self.wrong(move)
    }

    /// The spelling an answer makes, or why it is not an answer here.
    func answer(_ move: SpellingMove) -> Result<String, GameRuleViolation> {
        switch (self.mode, move) {
        case (.pick, .pick(let index, _)):
            guard let choices = self.challenge.choices, choices.indices.contains(index) else {
                return .failure(SpellingRefusal.noSuchChoice(index))
            }
            guard !self.marked.contains(index) else { return .failure(SpellingRefusal.alreadyTried(index)) }
            return .success(choices[index])
        case (.unscramble, .arrange(let order, _)):
            let tiles = self.challenge.tiles ?? []
            guard order.count == tiles.count, Set(order) == Set(tiles.indices) else {
                return .failure(SpellingRefusal.notATileOrder(tiles.count))
            }
            return .success(order.map { tiles[$0] }.joined())
        case (.hear, .spell(let text, _)):
            let typed = String(text.filter { !$0.isWhitespace }).lowercased()
            guard !typed.isEmpty else { return .failure(SpellingRefusal.emptyAnswer) }
            return .success(typed)
        default:
            return .failure(SpellingRefusal.wrongMode(self.mode))
        }
    }

    private mutating func right(_ answer: String, next: Challenge?) -> Result<[SpellingEvent], GameRuleViolation> {
        guard let next, next.fits(self.mode), next.word != nil || self.words == nil,
            self.mode != .hear || next.sound == self.number + 1
        else { return .failure(SpellingRefusal.badNext) }
        self.score += 1
        self.solved.append(answer)
        self.number += 1
        self.challenge = next
        self.marked = []
        return .success([.right(answer), .next(next)])
    }

    private mutating func wrong(_ move: SpellingMove) -> Result<[SpellingEvent], GameRuleViolation> {
        self.misses += 1
        if case .pick(let index, _) = move { self.marked.append(index) }
        // NB: the seed's prose: three lives, and the fourth wrong answer ends the game (its pseudocode's
        // `if lives <= 3` would end it at the first).
        guard self.misses <= Self.lives else {
            self.over = "out-of-lives"
            return .success([.wrong(livesLeft: 0), .outOfLives])
        }
        self.lives = Self.lives - self.misses
        return .success([.wrong(livesLeft: self.lives)])
    }
}
