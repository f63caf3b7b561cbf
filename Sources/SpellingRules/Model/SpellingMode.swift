/// The three games of the seed, as the `mode` option of one game.
public enum SpellingMode: String, Sendable, Hashable, Codable, CaseIterable {
    /// Three spellings, one right: pick it.
    case pick
    /// The word's letters as tiles in a scrambled order: put them in order.
    case unscramble
    /// The word is spoken: type it.
    case hear
}
