/// The word being asked, as the mode presents it.
///
/// The host's copy also holds ``word`` and ``answers``; every viewer's copy (``viewed``) holds only what
/// the screen shows: the three spellings without which is right, the tiles without the word, or the
/// number of the sound without its text.
public struct Challenge: Sendable, Hashable, Codable {
    /// The word (host only).
    public var word: String?
    /// Every spelling that counts as right: the word, its anagrams in the list (unscramble), its homophones
    /// (hear). Host only.
    public var answers: [String]?
    /// Pick: the three spellings, in the order shown.
    public var choices: [String]?
    /// Unscramble: the letters, one a tile, in the order shown.
    public var tiles: [String]?
    /// Hear: the number of the sound to play (the word's number in the match).
    public var sound: Int?

    /// A challenge.
    public init(
        word: String?, answers: [String]? = nil, choices: [String]? = nil, tiles: [String]? = nil, sound: Int? = nil
    ) {
        self.word = word
        self.answers = answers
        self.choices = choices
        self.tiles = tiles
        self.sound = sound
    }

    /// What every viewer sees: without the word and the answers.
    public var viewed: Challenge {
        Challenge(word: nil, answers: nil, choices: self.choices, tiles: self.tiles, sound: self.sound)
    }

    /// Whether it has the shape of a mode's challenge.
    func fits(_ mode: SpellingMode) -> Bool {
        switch mode {
        case .pick: self.choices?.count == 3 && self.tiles == nil && self.sound == nil
        case .unscramble: (self.tiles?.count ?? 0) >= 2 && self.choices == nil && self.sound == nil
        case .hear: self.sound != nil && self.choices == nil && self.tiles == nil
        }
    }
}
