/// One word of a list: its spelling and, when the list gives them, two wrong spellings for the pick game.
public struct SpellingWord: Sendable, Hashable, Codable {
    /// The word, in lowercase letters a to z.
    public var word: String
    /// Two wrong spellings the teacher chose, or none (the game then makes them, ``Misspeller``).
    public var wrongs: [String]

    /// A word.
    /// - Parameters:
    ///   - word: the spelling, lowercase letters.
    ///   - wrongs: none, or two wrong spellings.
    public init(_ word: String, wrongs: [String] = []) {
        self.word = word
        self.wrongs = wrongs
    }

    /// The word as a row of library content: `[word]` or `[word, wrong1, wrong2]`.
    public var row: [String] { [self.word] + self.wrongs }

    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        self.word = try container.decode(String.self)
        var wrongs: [String] = []
        while !container.isAtEnd { wrongs.append(try container.decode(String.self)) }
        self.wrongs = wrongs
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for field in self.row { try container.encode(field) }
    }
}
