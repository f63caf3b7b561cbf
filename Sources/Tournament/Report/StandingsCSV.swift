/// The standings as comma-separated values (RFC 4180): a header, then one line per player, best first,
/// with every tiebreak's value.
public enum StandingsCSV {
    /// The CSV text.
    /// - Parameter tournament: the tournament.
    /// - Returns: lines ending with "\r\n", as RFC 4180 writes them.
    public static func text(_ tournament: TournamentState) -> String {
        let standings = Standings(tournament)
        var lines = [(["rank", "number", "name", "points"] + standings.tiebreaks.map(\.rawValue) + ["status"])]
        for row in standings.rows {
            let status = row.bot ? "bot" : row.withdrawn ? "withdrawn" : ""
            lines.append(
                ["\(row.rank)", "\(row.number)", row.name, row.points.description]
                    + row.tiebreaks.map(\.description) + [status])
        }
        return lines.map { $0.map(Self.quoted).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
    }

    /// A field, quoted when it holds a comma, a quote or a line break (and formula-like text defused).
    static func quoted(_ field: String) -> String {
        // NB: a name starting with =, +, - or @ would be a formula in a spreadsheet; a leading ' keeps it text.
        let formula = field.count > 1 && field.first.map { "=+-@".contains($0) } == true && Double(field) == nil
        let safe = formula ? "'" + field : field
        guard safe.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return safe }
        return "\"" + safe.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

extension String {
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        self.split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
