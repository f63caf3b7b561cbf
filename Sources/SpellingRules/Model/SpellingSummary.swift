/// What the host's match record keeps of a finished game, beside the result: docs/SPELLING.md.
public struct SpellingSummary: Sendable, Hashable, Codable {
    /// The mode.
    public var mode: SpellingMode
    /// The list's name.
    public var list: String
    /// Words answered right.
    public var score: Int
    /// Wrong answers.
    public var misses: Int
    /// The words answered right, in order.
    public var solved: [String]
    /// "out-of-lives" or "time-up".
    public var reason: String?
}
