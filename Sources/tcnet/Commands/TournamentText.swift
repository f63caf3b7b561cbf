import Protocol

/// A tournament in lines for the terminal.
enum TournamentText {
    /// One line: id, name, game, format, status, round.
    static func headline(_ info: TournamentInfo) -> String {
        let round =
            info.rounds.map { "round \(info.round)/\($0)" } ?? (info.format == "challenge" ? "" : "round \(info.round)")
        return ["\(info.id)  \(info.name)", info.game, info.format, info.status, round].filter { !$0.isEmpty }
            .joined(separator: " · ")
    }

    /// The tournament: the headline, the current round, the standings or the challenge's leaderboard.
    static func describe(_ info: TournamentInfo, standings: Bool) -> String {
        var lines = [Self.headline(info)]
        if let blocked = info.blocked { lines.append("! " + blocked) }
        if !info.boards.isEmpty {
            lines.append("Round \(info.round):")
            for board in info.boards {
                let result = board.result ?? (board.table.map { "playing at \($0)" } ?? "")
                let pairing = "\(board.white) (#\(board.whiteNumber)) - \(board.black) (#\(board.blackNumber))"
                lines.append("  \(board.board). \(pairing)   \(result)")
            }
            for bye in info.byes { lines.append("  bye: \(bye.name) (#\(bye.number), \(bye.bye))") }
        }
        if let challenge = info.challenge {
            lines.append("Leaderboard:")
            for line in challenge.leaderboard {
                lines.append("  \(line.rank). \(line.name)  \(line.best)  (\(line.plays) plays)")
            }
        } else if standings || info.status != "running" || info.round == 0 {
            lines.append(contentsOf: Self.table(info))
        }
        return lines.joined(separator: "\n")
    }

    /// The standings as aligned columns, with every tiebreak.
    static func table(_ info: TournamentInfo) -> [String] {
        let header = ["#", "name", "pts"] + info.tiebreaks
        var rows = [header]
        for row in info.standings {
            rows.append(["\(row.rank)", row.name + (row.status.map { " (\($0))" } ?? ""), row.points] + row.tiebreaks)
        }
        let widths = header.indices.map { column in
            rows.map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0
        }
        return rows.map { row in
            row.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                return column == 1 ? cell + pad : pad + cell
            }.joined(separator: "  ")
        }
    }
}
