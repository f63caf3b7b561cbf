/// Writes a tournament as a FIDE Tournament Report File (TRF-16), in the form pairing checkers read
/// (bbpPairings, JaVaFo, py4swiss): the JaVaFo extensions XXR (rounds) and XXC (first colour) are always
/// present, XXS when the points are not 1, ½, 0, and XXZ for the players not to be paired next.
///
/// Players are numbered by start rank in the 001 lines. Each round is "oooo c r": the opponent's start
/// number (0000 for no opponent), the colour (w, b, or - without a game) and the result (1 = 0, + -, or a
/// bye: U the pairing-allocated bye, H half, F full, Z zero).
public enum TRFWriter {
    /// The report after the first `rounds` rounds (all the rounds with every result by default).
    /// - Parameters:
    ///   - tournament: the tournament (round robin or Swiss).
    ///   - rounds: how many rounds to include; a round without every result is never included.
    /// - Returns: the file's text, lines ending with "\n".
    public static func report(_ tournament: TournamentState, rounds: Int? = nil) -> String {
        let complete = tournament.rounds.filter(\.isComplete).count
        let included = min(rounds ?? complete, complete)
        var state = tournament
        state.rounds = Array(tournament.rounds.prefix(included))
        let standings = Standings(state)
        let ranks = Dictionary(uniqueKeysWithValues: standings.rows.map { ($0.number, $0.rank) })
        let system =
            tournament.format.name == "swiss"
            ? "Individual: Swiss-System (FIDE Dutch)" : "Individual: round robin (Berger tables)"
        var lines = [
            "012 \(tournament.name)",
            "062 \(tournament.entrants.count)",
            "092 \(system)",
            "XXR \(tournament.plannedRounds ?? included)",
            "XXC \(tournament.firstColour == .white ? "white1" : "black1")",
        ]
        if !tournament.points.isStandard {
            let (win, draw, loss) = (
                tournament.points.win.withOneDecimal, tournament.points.draw.withOneDecimal,
                tournament.points.loss.withOneDecimal
            )
            lines.append(
                "XXS WW=\(win) BW=\(win) WD=\(draw) BD=\(draw) WL=\(loss) BL=\(loss) FW=\(win) PAB=\(win) FPB=\(win) "
                    + "HPB=\(draw)")
        }
        let next = included + 1
        let notPaired = tournament.entrants.filter { entrant in
            !entrant.plays(in: next)
                || (included == tournament.rounds.count && tournament.requestedByes[entrant.number] != nil)
        }.map(\.number)
        if !notPaired.isEmpty, tournament.plannedRounds.map({ next <= $0 }) ?? false {
            lines.append("XXZ " + notPaired.map(String.init).joined(separator: " "))
        }
        for entrant in tournament.entrants {
            lines.append(Self.playerLine(entrant, in: state, rank: ranks[entrant.number] ?? 0))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func playerLine(_ entrant: Entrant, in tournament: TournamentState, rank: Int) -> String {
        // NB: columns count Unicode scalars, as the file's readers count a name's characters.
        var line = Array(repeating: " " as Unicode.Scalar, count: 89 + 10 * tournament.rounds.count)
        func put(_ text: String, at column: Int) {
            for (offset, scalar) in text.unicodeScalars.enumerated() where column + offset < line.count {
                line[column + offset] = scalar
            }
        }
        put("001", at: 0)
        put(Self.right("\(entrant.number)", 4), at: 4)
        put(Self.field(entrant.name, width: 33), at: 14)
        put(Self.right(tournament.score(of: entrant.number).withOneDecimal, 4), at: 80)
        put(Self.right("\(rank)", 4), at: 85)
        for (index, round) in tournament.rounds.enumerated() {
            let column = 91 + 10 * index
            if let board = round.board(of: entrant.number), let opponent = board.opponent(of: entrant.number),
                let colour = board.colour(of: entrant.number), let outcome = board.outcome(of: entrant.number)
            {
                put(Self.right("\(opponent)", 4, pad: "0"), at: column)
                put(colour.letter, at: column + 5)
                put(outcome.rawValue, at: column + 7)
            } else {
                put("0000", at: column)
                put("-", at: column + 5)
                put((round.unpaired[entrant.number] ?? .absent).rawValue, at: column + 7)
            }
        }
        return String(String.UnicodeScalarView(line)).trimmingTrailingSpaces
    }

    /// Text cut or padded to a column's width (counted in Unicode scalars, as the file's readers count).
    static func field(_ text: String, width: Int) -> String {
        let scalars = Array(text.unicodeScalars.prefix(width))
        var result = String(String.UnicodeScalarView(scalars))
        result += String(repeating: " ", count: width - scalars.count)
        return result
    }

    static func right(_ text: String, _ width: Int, pad: Character = " ") -> String {
        String(repeating: pad, count: max(0, width - text.count)) + text
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
