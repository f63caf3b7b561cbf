import Protocol

/// A name's best score on a board of high scores, as the store sums up the archived matches.
public struct BoardScore: Sendable, Equatable, Codable {
    /// The board: the game, its rule set and its options (``key(game:ruleSet:options:)``).
    public var board: String
    public var name: String
    public var best: Int
    public var games: Int

    /// Creates an entry.
    public init(board: String, name: String, best: Int, games: Int) {
        self.board = board
        self.name = name
        self.best = best
        self.games = games
    }

    /// The board of a game, rule set and options: `game ruleSet {options as sorted JSON}`.
    ///
    /// NB: the options written as a `JSONValue` writes itself, the bytes the general encoder wrote for
    /// the dictionary (`HighScoreBoardTests` holds the two together), without its `Encoder` walk at the end
    /// of every match.
    public static func key(game: String, ruleSet: String, options: [String: JSONValue]) -> String {
        "\(game) \(ruleSet) " + String(decoding: JSONValue.object(options).jsonText, as: UTF8.self)
    }

    /// The entries a finished match adds to its board: one for each seat a person held.
    /// - Parameter archive: the match.
    /// - Returns: each person's name and score, on the match's board (games 1).
    public static func scores(of archive: MatchArchive) -> [BoardScore] {
        let board = Self.key(game: archive.game, ruleSet: archive.ruleSet, options: archive.options)
        return archive.seats.compactMap { seat in
            guard seat.bot == nil, let name = seat.name,
                let standing = archive.result.standings?.first(where: { $0.seat == seat.seat })
            else { return nil }
            return BoardScore(board: board, name: name, best: standing.score, games: 1)
        }
    }
}
