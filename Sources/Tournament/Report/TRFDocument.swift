/// A Tournament Report File read back: the lines this module writes, and those of the same form that
/// other programs write (the 001 player lines and the XXR, XXC and XXS extensions; other lines are kept
/// out of the way).
public struct TRFDocument: Sendable, Equatable {
    /// One 001 line.
    public struct Player: Sendable, Equatable {
        public var number: Int
        public var name: String
        public var points: Points
        public var rank: Int
        /// One entry per round, in order.
        public var rounds: [SwissPlayer.Entry]
    }

    /// The tournament's name (012).
    public var name: String = ""
    /// The number of rounds (XXR).
    public var rounds: Int?
    /// The first colour (XXC): white1 or black1.
    public var firstColour: Colour = .white
    /// The points of a win, a draw and a loss (XXS W/D/L, or WW/WD/WL).
    public var points: PointSystem = .standard
    /// The players not to be paired next (XXZ).
    public var notPaired: [Int] = []
    public var players: [Player] = []

    /// A line that is not what its code says.
    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        /// The line's number, from 1.
        public var line: Int
        public var reason: String
        public var description: String { "line \(self.line): \(self.reason)" }
    }

    /// Reads a report.
    /// - Parameter text: the file's text.
    /// - Throws: ``Problem`` for a line that cannot be read.
    public init(parsing text: String) throws(Problem) {
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(raw.hasSuffix("\r") ? raw.dropLast() : raw)
            let number = index + 1
            guard line.unicodeScalars.count >= 3 else { continue }
            let code = String(line.prefix(3))
            let rest = String(line.unicodeScalars.dropFirst(4).map(Character.init)).trimmingSpaces
            switch code {
            case "012": self.name = rest
            case "XXR":
                guard let rounds = Int(rest), rounds >= 0 else {
                    throw Problem(line: number, reason: "XXR needs a number of rounds")
                }
                self.rounds = rounds
            case "XXC":
                let words = rest.split(separator: " ")
                self.firstColour = words.contains("black1") ? .black : .white
            case "XXS": try self.readPoints(rest, line: number)
            case "XXZ": self.notPaired = rest.split(separator: " ").compactMap { Int($0) }
            case "001": self.players.append(try Self.player(line, number: number))
            default: continue
            }
        }
    }

    private mutating func readPoints(_ text: String, line: Int) throws(Problem) {
        for part in text.split(separator: " ") {
            let pieces = part.split(separator: "=")
            guard pieces.count == 2, let value = Points.parse(String(pieces[1])) else {
                throw Problem(line: line, reason: "XXS entries look like W=1.0, not \(part)")
            }
            switch pieces[0] {
            case "W", "WW": self.points.win = value
            case "D", "WD": self.points.draw = value
            case "L", "WL": self.points.loss = value
            default: continue
            }
        }
    }

    private static func player(_ line: String, number: Int) throws(Problem) -> Player {
        let scalars = Array(line.unicodeScalars)
        func text(_ from: Int, _ to: Int) -> String {
            guard from < scalars.count else { return "" }
            return String(String.UnicodeScalarView(scalars[from..<min(to, scalars.count)])).trimmingSpaces
        }
        guard let start = Int(text(4, 8)) else { throw Problem(line: number, reason: "no start number in columns 5-8") }
        guard let points = Points.parse(text(80, 84)) else {
            throw Problem(line: number, reason: "no points in columns 81-84")
        }
        var rounds: [SwissPlayer.Entry] = []
        var column = 91
        while column < scalars.count {
            let opponent = Int(text(column, column + 4)) ?? 0
            let colourLetter = text(column + 5, column + 6)
            let resultLetter = text(column + 7, column + 8).uppercased()
            guard let outcome = Self.outcome(resultLetter) else {
                throw Problem(
                    line: number, reason: "round \(rounds.count + 1) has no result letter in column \(column + 8)")
            }
            let colour: Colour? = colourLetter == "w" ? .white : colourLetter == "b" ? .black : nil
            rounds.append(SwissPlayer.Entry(opponent: opponent == 0 ? nil : opponent, colour: colour, outcome: outcome))
            column += 10
        }
        return Player(number: start, name: text(14, 47), points: points, rank: Int(text(85, 89)) ?? 0, rounds: rounds)
    }

    /// The outcome of a result letter (W, D, L: a game under a move long, read as won, drawn, lost).
    private static func outcome(_ letter: String) -> Outcome? {
        switch letter {
        case "W": .win
        case "D": .draw
        case "L": .loss
        case "": .absent
        default: Outcome(rawValue: letter)
        }
    }
}
