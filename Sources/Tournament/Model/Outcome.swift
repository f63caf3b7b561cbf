/// What one round was for one player, in the report file's letters.
public enum Outcome: String, Codable, Sendable, CaseIterable {
    /// Won, lost or drew a game played.
    case win = "1"
    case draw = "="
    case loss = "0"
    /// The opponent did not come (or left): a win without playing, or the absent player's loss.
    case forfeitWin = "+"
    case forfeitLoss = "-"
    /// The pairing-allocated bye: the odd player out, with a win's points (at most once a tournament).
    case pairingBye = "U"
    /// Byes the teacher grants: a half point or a full point without playing.
    case halfBye = "H"
    case fullBye = "F"
    /// Not paired: absent, not yet entered, or withdrawn (a zero-point bye).
    case absent = "Z"

    /// Whether a game was played over the board.
    public var isPlayed: Bool { self == .win || self == .draw || self == .loss }

    /// Whether the round had an opponent (a game played or forfeited).
    public var hasOpponent: Bool { self.isPlayed || self == .forfeitWin || self == .forfeitLoss }

    /// The opponent's outcome of the same game.
    public var mirrored: Outcome {
        switch self {
        case .win: .loss
        case .loss: .win
        case .forfeitWin: .forfeitLoss
        case .forfeitLoss: .forfeitWin
        default: self
        }
    }
}

/// The side that moves first (White, in chess terms) or second.
public enum Colour: String, Codable, Sendable, Equatable {
    case white
    case black

    /// The other side.
    public var opposite: Colour { self == .white ? .black : .white }

    /// The report file's letter: "w" or "b".
    public var letter: String { self == .white ? "w" : "b" }
}
