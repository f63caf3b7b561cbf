/// A player as the Swiss pairing sees them: their rounds so far, and whether they are to be paired now.
public struct SwissPlayer: Sendable, Equatable {
    /// One round of a player's history.
    public struct Entry: Sendable, Equatable {
        /// The opponent's start number, when there was one (a game played or forfeited).
        public var opponent: Int?
        /// The colour played, for a game played over the board.
        public var colour: Colour?
        /// What the round was for the player.
        public var outcome: Outcome

        /// Creates an entry.
        public init(opponent: Int? = nil, colour: Colour? = nil, outcome: Outcome) {
            self.opponent = opponent
            self.colour = colour
            self.outcome = outcome
        }
    }

    /// The start (pairing) number.
    public var number: Int
    /// Every round so far, in order (a round the player missed is `.absent`).
    public var entries: [Entry]
    /// Whether the player is paired this round (not withdrawn, not absent, already entered).
    public var pairable: Bool

    /// Creates a player.
    public init(number: Int, entries: [Entry], pairable: Bool = true) {
        self.number = number
        self.entries = entries
        self.pairable = pairable
    }
}

/// The pairing of one Swiss round.
public struct SwissPairing: Sendable, Equatable {
    /// The games in board order: start numbers, the first mover first.
    public var boards: [BergerTable.Pair]
    /// The player who receives the pairing-allocated bye, if the number of players is odd.
    public var bye: Int?

    /// Creates a pairing.
    public init(boards: [BergerTable.Pair], bye: Int?) {
        self.boards = boards
        self.bye = bye
    }
}

/// Why a Swiss round cannot be paired.
public struct SwissPairingFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// What stands in the way, for the teacher.
    public var reason: String

    public var description: String { self.reason }
}
