/// One game of a round: who plays first (White) and second, and how it ended.
public struct Board: Codable, Sendable, Equatable {
    /// The board's number in the round, from 1.
    public var number: Int
    /// The start numbers of the player who moves first and of the other.
    public var white: Int
    public var black: Int
    /// How it ended; `nil` while it is being played.
    public var result: BoardResult?
    /// The lobby's table where it is played, once seated.
    public var table: String?

    /// Creates a board.
    public init(number: Int, white: Int, black: Int, result: BoardResult? = nil, table: String? = nil) {
        self.number = number
        self.white = white
        self.black = black
        self.result = result
        self.table = table
    }

    /// Whether a player plays here.
    public func has(_ player: Int) -> Bool { self.white == player || self.black == player }

    /// A player's opponent here.
    public func opponent(of player: Int) -> Int? {
        player == self.white ? self.black : player == self.black ? self.white : nil
    }

    /// A player's colour here.
    public func colour(of player: Int) -> Colour? {
        player == self.white ? .white : player == self.black ? .black : nil
    }

    /// A player's outcome, once there is a result.
    public func outcome(of player: Int) -> Outcome? {
        guard let result, let colour = self.colour(of: player) else { return nil }
        return colour == .white ? result.white : result.black
    }
}

/// How a game ended.
public enum BoardResult: String, Codable, Sendable, CaseIterable {
    case whiteWins = "1-0"
    case blackWins = "0-1"
    case draw = "1/2"
    /// The second player did not come (or left before the game began): a forfeit win for the first.
    case whiteWinsByForfeit = "+-"
    case blackWinsByForfeit = "-+"
    /// Neither came.
    case bothForfeit = "--"

    /// The first player's outcome.
    public var white: Outcome {
        switch self {
        case .whiteWins: .win
        case .blackWins: .loss
        case .draw: .draw
        case .whiteWinsByForfeit: .forfeitWin
        case .blackWinsByForfeit, .bothForfeit: .forfeitLoss
        }
    }

    /// The second player's outcome.
    public var black: Outcome {
        switch self {
        case .bothForfeit: .forfeitLoss
        default: self.white.mirrored
        }
    }

    /// Reads a result as a teacher types it: "1-0", "0-1", "1/2" (or "=", "draw", "½-½"), "+-", "-+", "--".
    /// - Parameter text: the text.
    /// - Returns: the result, or `nil`.
    public static func typed(_ text: String) -> BoardResult? {
        let compact = text.lowercased().filter { !$0.isWhitespace }
        switch compact {
        case "1-0", "1:0": return .whiteWins
        case "0-1", "0:1": return .blackWins
        case "1/2", "=", "draw", "½-½", "1/2-1/2", "0.5-0.5", "½": return .draw
        case "+-", "+:-", "1f-0f": return .whiteWinsByForfeit
        case "-+", "-:+", "0f-1f": return .blackWinsByForfeit
        case "--", "-:-", "0f-0f": return .bothForfeit
        default: return nil
        }
    }
}
