import GameKit

/// How the host picks the next word and presents it: its part of preparing a move, drawn from the
/// match's randomness (the prepared move keeps the result, so a replay draws nothing).
enum ChallengeDraw {
    /// The words of a list a mode can ask: every word, except in unscramble the words whose letters can
    /// only spell a right answer ("on" with "no" in the list, or letters all alike).
    static func playable(_ words: [SpellingWord], mode: SpellingMode) -> [SpellingWord] {
        guard mode == .unscramble else { return words }
        let spellings = words.map(\.word)
        return words.filter { Scrambler.canScramble($0.word, answers: Scrambler.answers(for: $0.word, in: spellings)) }
    }

    /// The next challenge.
    /// - Parameters:
    ///   - mode: the mode.
    ///   - words: the list.
    ///   - last: the word just answered (not asked again at once when the list has another).
    ///   - number: the new word's number.
    ///   - random: the host's randomness for this step.
    /// - Returns: the challenge, with its word; `nil` when the list has no word for the mode.
    static func next(
        mode: SpellingMode, words: [SpellingWord], after last: String?, number: Int, random: inout HostRandom
    ) -> Challenge? {
        let playable = Self.playable(words, mode: mode)
        let fresh = playable.count > 1 ? playable.filter { $0.word != last } : playable
        guard !fresh.isEmpty else { return nil }
        let entry = fresh[random.nextUnbiased(below: fresh.count)]
        let spellings = words.map(\.word)
        switch mode {
        case .pick:
            let wrongs =
                entry.wrongs.count == 2
                ? entry.wrongs
                : Misspeller.wrongs(for: entry.word, avoiding: Set(spellings), seed: random.next())
            var choices = [entry.word] + wrongs
            choices.shuffle(using: &random)
            return Challenge(word: entry.word, answers: [entry.word], choices: choices)
        case .unscramble:
            let answers = Scrambler.answers(for: entry.word, in: spellings)
            guard let tiles = Scrambler.tiles(for: entry.word, answers: answers, using: &random) else { return nil }
            return Challenge(word: entry.word, answers: answers, tiles: tiles)
        case .hear:
            return Challenge(word: entry.word, answers: Homophones.alike(entry.word), sound: number)
        }
    }
}
