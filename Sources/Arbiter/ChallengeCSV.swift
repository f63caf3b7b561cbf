import Tournament

/// A challenge's leaderboard as comma-separated values.
enum ChallengeCSV {
    static func text(_ state: TournamentState) -> String {
        var lines = ["rank,name,best,plays"]
        for (rank, entry) in state.challenge?.leaderboard ?? [] {
            lines.append("\(rank),\(Self.quoted(entry.name)),\(entry.best),\(entry.plays)")
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    static func quoted(_ field: String) -> String {
        let formula = field.count > 1 && field.first.map { "=+-@".contains($0) } == true
        let safe = formula ? "'" + field : field
        guard safe.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return safe }
        return "\"" + safe.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }
}
