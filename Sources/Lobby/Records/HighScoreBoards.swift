import Protocol

/// Every board of high scores the host keeps: each name's best score and number of games, per board.
/// Rebuilt from the store at start-up and kept up to date as matches end.
struct HighScoreBoards: Sendable {
    private var boards: [String: [String: (best: Int, games: Int)]] = [:]

    init(_ scores: [BoardScore] = []) {
        for score in scores {
            self.boards[score.board, default: [:]][score.name] = (score.best, score.games)
        }
    }

    /// Counts a finished game.
    mutating func add(board: String, name: String, score: Int) {
        let old = self.boards[board]?[name]
        self.boards[board, default: [:]][name] = (max(old?.best ?? score, score), (old?.games ?? 0) + 1)
    }

    /// A board as `state.board` carries it.
    /// - Parameters:
    ///   - board: the board.
    ///   - player: the recipient's name and this match's score, when the recipient played.
    ///   - size: how many names the top holds.
    /// - Returns: the top names, best first, and the player's place.
    func scores(board: String, for player: (name: String, score: Int)?, size: Int = 10) -> HighScores {
        let entries = (self.boards[board] ?? [:]).map { (name: $0.key, best: $0.value.best, games: $0.value.games) }
            .sorted { ($1.best, $0.name) < ($0.best, $1.name) }
        var top: [HighScore] = []
        for (index, entry) in entries.prefix(size).enumerated() {
            let rank = index > 0 && entries[index - 1].best == entry.best ? top[index - 1].rank : index + 1
            top.append(HighScore(rank: rank, name: entry.name, score: entry.best, games: entry.games))
        }
        let place = player.map { player in
            1 + entries.filter { $0.name != player.name && $0.best > player.score }.count
        }
        return HighScores(top: top, place: place, names: entries.count)
    }
}
