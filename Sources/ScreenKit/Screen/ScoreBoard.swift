/// The high scores a finished match shows (the host's `state.board`): the best names and the player's place.
public struct ScoreBoard: Sendable, Equatable {
    /// One name on the board.
    public struct Entry: Sendable, Equatable {
        public var rank: Int
        public var name: String
        public var score: Int
        public var games: Int

        /// An entry.
        public init(rank: Int, name: String, score: Int, games: Int) {
            self.rank = rank
            self.name = name
            self.score = score
            self.games = games
        }
    }

    /// The best names, best first.
    public var top: [Entry]
    /// The place this match's score takes, when this terminal played it.
    public var place: Int?
    /// How many names the board holds.
    public var names: Int

    /// A board.
    public init(top: [Entry], place: Int?, names: Int) {
        self.top = top
        self.place = place
        self.names = names
    }
}

/// What a screen may do beyond the rules, with defaults for the games that do not.
extension GameScreen {
    public mutating func clock(timeLeft seconds: Double?) {}

    public mutating func showScores(_ board: ScoreBoard) {}

    public var soundRequests: Int { 0 }
}
