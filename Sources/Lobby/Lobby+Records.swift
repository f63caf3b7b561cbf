import GameKit
import Protocol

// MARK: - Finished matches: the record, high scores, and the spoken word

extension Lobby {
    /// Journals the record of a match that just ended and counts it on its board of high scores.
    mutating func record(_ result: GameResult, at table: Table, into outcome: inout LobbyOutcome) {
        guard let match = table.match else { return }
        let players = result.standings.map { standing in
            MatchPlayer(
                seat: standing.seat, name: self.name(of: standing.seat, at: table), bot: table.bots[standing.seat],
                score: standing.score, rank: standing.rank)
        }
        let record = MatchRecord(
            game: table.game.id, board: table.board, table: table.id, match: table.matchNumber,
            ruleSet: table.ruleSet, options: GameCatalog.json(table.options), startedAt: table.startedAt.milliseconds,
            endedAt: self.now.milliseconds, reason: result.reason, players: players, summary: match.summary)
        outcome.journal.append(.matchRecord(record))
        guard table.game.keepsHighScores else { return }
        for player in players where player.bot == nil {
            self.boards.add(board: record.board, name: player.name, score: player.score)
        }
    }

    /// The name that played a seat: the player's, or the bot's.
    func name(of seat: SeatName, at table: Table) -> String {
        if let bot = table.bots[seat] { return "\(bot) bot" }
        return table.seats[seat].flatMap { self.players[$0]?.name } ?? seat
    }

    /// The board a finished match's `state` carries, with the viewer's place when the viewer played.
    func board(of table: Table, for viewer: Viewer) -> HighScores? {
        guard table.game.keepsHighScores, table.status == .over, let result = table.result else { return nil }
        var player: (name: String, score: Int)?
        if case .seat(let seat) = viewer, table.bots[seat] == nil,
            let standing = result.standings?.first(where: { $0.seat == seat })
        {
            player = (self.name(of: seat, at: table), standing.score)
        }
        return self.boards.scores(board: table.board, for: player)
    }

    /// The word the game speaks to a viewer now, as the host's voice says it.
    func sound(of match: any AnyMatch, for viewer: Viewer) -> SoundClip? {
        guard let text = match.speech(for: viewer) else { return nil }
        return self.configuration.voice.speak?(text)
    }
}
