import GameKit
import Protocol

// MARK: - Finished matches: high scores, and the spoken word

extension Lobby {
    /// Counts a match that just ended on its board of high scores (games that keep them). The match
    /// itself is kept by the archive entry journalled with it, from which a restarted host sums the
    /// boards up again.
    mutating func countScores(_ result: GameResult, at table: Table) {
        guard table.game.keepsHighScores else { return }
        for standing in result.standings where table.bots[standing.seat] == nil {
            guard let name = table.seats[standing.seat].flatMap({ self.players[$0]?.name }) else { continue }
            self.boards.add(board: table.board, name: name, score: standing.score)
        }
    }

    /// The board a finished match's `state` carries, with the viewer's place when the viewer played.
    func board(of table: Table, for viewer: Viewer) -> HighScores? {
        guard table.game.keepsHighScores, table.status == .over, let result = table.result else { return nil }
        var player: (name: String, score: Int)?
        if case .seat(let seat) = viewer, table.bots[seat] == nil,
            let name = table.seats[seat].flatMap({ self.players[$0]?.name }),
            let standing = result.standings?.first(where: { $0.seat == seat })
        {
            player = (name, standing.score)
        }
        return self.boards.scores(board: table.board, for: player)
    }

    /// The word the game speaks to a viewer now, as the host's voice says it.
    func sound(of match: ErasedMatch, for viewer: Viewer) -> SoundClip? {
        guard let text = match.speech(for: viewer) else { return nil }
        return self.configuration.voice.speak?(text)
    }
}
