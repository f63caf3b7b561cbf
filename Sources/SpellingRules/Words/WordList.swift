import GameKit

/// A list of spelling words, as a teacher imports it or the game ships it: checked, so every word can be
/// played in every mode it suits.
public struct WordList: Sendable, Hashable {
    /// The most words a list may hold.
    public static let maxWords = 1000
    /// The letters a word may have.
    public static let letterCounts = 2...15

    /// The list's name (a library name: letters, digits, `-`, `_`).
    public var name: String
    /// The words, in the file's order.
    public var words: [SpellingWord]

    /// A checked list.
    /// - Parameters:
    ///   - name: the list's name.
    ///   - words: the words.
    public init(name: String, words: [SpellingWord]) {
        self.name = name
        self.words = words
    }

    /// The list as library content (one row a word).
    public var content: GameContent { GameContent(rows: self.words.map(\.row)) }

    /// Reads library content back, checking it as an import would.
    /// - Parameters:
    ///   - content: the rows.
    ///   - name: the list's name.
    /// - Returns: the list, or the first problem.
    public static func reading(_ content: GameContent, name: String) -> Result<WordList, WordListError> {
        let text = content.rows.map { $0.joined(separator: ",") }.joined(separator: "\n")
        return WordListParser.parse(text, name: name)
    }

    /// Whether a text is a word: 2 to 15 lowercase letters a to z.
    public static func isWord(_ text: String) -> Bool {
        Self.letterCounts.contains(text.utf8.count) && text.utf8.allSatisfy { (0x61...0x7A).contains($0) }
    }
}
