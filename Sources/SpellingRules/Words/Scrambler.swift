/// Scrambles a word's letters into tiles: never in an order that already spells a right answer.
public enum Scrambler {
    /// The words of a list a tile order could spell: the word and its anagrams in the list. Each is a right
    /// answer of the unscramble game, since the tiles alone cannot tell them apart ("on" and "no").
    /// - Parameters:
    ///   - word: the word.
    ///   - list: the list's words.
    /// - Returns: the word first, then its anagrams in the list's order.
    public static func answers(for word: String, in list: [String]) -> [String] {
        let key = word.sorted()
        return [word] + list.filter { $0 != word && $0.sorted() == key }
    }

    /// Whether some order of the word's letters spells none of its answers.
    public static func canScramble(_ word: String, answers: [String]) -> Bool {
        Self.firstOrder(of: word, avoiding: Set(answers)) != nil
    }

    /// The tiles of a word: the letters shuffled by `random`; when the shuffle spells an answer, the first
    /// order (alphabetically) that does not.
    /// - Parameters:
    ///   - word: the word.
    ///   - answers: what counts as right (``answers(for:in:)``).
    ///   - random: the host's randomness.
    /// - Returns: the tiles, one letter each; `nil` when every order spells an answer.
    public static func tiles(
        for word: String, answers: [String], using random: inout some RandomNumberGenerator
    ) -> [String]? {
        var letters = Array(word)
        for index in stride(from: letters.count - 1, to: 0, by: -1) {
            letters.swapAt(index, random.nextUnbiased(below: index + 1))
        }
        if !answers.contains(String(letters)) { return letters.map(String.init) }
        return Self.firstOrder(of: word, avoiding: Set(answers)).map { $0.map(String.init) }
    }

    /// The first permutation of the letters, in lexicographic order, that spells none of `taken`.
    static func firstOrder(of word: String, avoiding taken: Set<String>) -> [Character]? {
        var letters = word.sorted()
        while true {
            if !taken.contains(String(letters)) { return letters }
            guard Self.nextPermutation(&letters) else { return nil }
        }
    }

    /// Steps to the next lexicographic permutation; `false` after the last.
    static func nextPermutation(_ letters: inout [Character]) -> Bool {
        guard letters.count > 1 else { return false }
        var pivot = letters.count - 2
        while pivot >= 0, letters[pivot] >= letters[pivot + 1] { pivot -= 1 }
        guard pivot >= 0 else { return false }
        var successor = letters.count - 1
        while letters[successor] <= letters[pivot] { successor -= 1 }
        letters.swapAt(pivot, successor)
        letters[(pivot + 1)...].reverse()
        return true
    }
}
