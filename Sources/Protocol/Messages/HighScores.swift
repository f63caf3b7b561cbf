/// The high scores a `state` carries once a match of a game that keeps them is over (member `board`):
/// each player name's best score with the same game, rule set and options, best first.
public struct HighScores: Codable, Sendable, Equatable {
    /// The ten best names (fewer when fewer played), best first; equal scores share a rank.
    public var top: [HighScore]
    /// For a seated recipient: the place this match's score takes among the names' best scores (1 is best;
    /// the player's own earlier games do not count against it).
    public var place: Int?
    /// How many names the board holds.
    public var names: Int

    /// Creates a board.
    public init(top: [HighScore], place: Int? = nil, names: Int) {
        self.top = top
        self.place = place
        self.names = names
    }
}

/// One name on a board of high scores.
public struct HighScore: Codable, Sendable, Equatable {
    /// 1 for the best; equal scores share a rank.
    public var rank: Int
    /// The player's name.
    public var name: String
    /// Their best score.
    public var score: Int
    /// How many matches they finished.
    public var games: Int

    /// Creates an entry.
    public init(rank: Int, name: String, score: Int, games: Int) {
        self.rank = rank
        self.name = name
        self.score = score
        self.games = games
    }
}
