/// What a game tells the lobby about itself: its id and name, its seats, rule sets, options and bots.
public struct GameDescriptor: Sendable, Equatable {
    /// The game's stable id, e.g. "taxcollection".
    public var id: String
    /// The game's name for people.
    public var name: String
    /// The names of the seats, in order; a table of `n` seats uses the first `n`.
    public var seats: [SeatName]
    /// How many seats a table may have (at least 1, at most `seats.count`).
    public var seatCounts: ClosedRange<Int>
    /// How many seats a table has when `create-table` does not say.
    public var defaultSeatCount: Int
    /// The names of the rule sets a table may choose; the first is the default.
    public var ruleSets: [String]
    /// The teacher options a table may set.
    public var options: [GameOption]
    /// The names of the bots that can play a seat.
    public var bots: [String]
    /// Whether several seats may act in the same step (then `state` lists them in `toAct`).
    public var simultaneous: Bool
    /// Whether the host keeps high scores for the game: the best score of each player's name, per rule set
    /// and options, shown with the result (`state.board`).
    public var keepsHighScores: Bool

    /// Describes a game.
    /// - Parameters:
    ///   - id: stable id.
    ///   - name: name for people.
    ///   - seats: every seat's name, in order.
    ///   - seatCounts: the seat counts a table may have; every seat when `nil`.
    ///   - defaultSeatCount: the default seat count; the smallest when `nil`.
    ///   - ruleSets: rule set names, the default first.
    ///   - options: teacher options.
    ///   - bots: bot names.
    ///   - simultaneous: whether several seats may act at once.
    ///   - keepsHighScores: whether the host keeps high scores for it.
    public init(
        id: String, name: String, seats: [SeatName], seatCounts: ClosedRange<Int>? = nil,
        defaultSeatCount: Int? = nil, ruleSets: [String], options: [GameOption] = [], bots: [String] = [],
        simultaneous: Bool = false, keepsHighScores: Bool = false
    ) {
        let counts = seatCounts ?? seats.count...seats.count
        precondition(counts.lowerBound >= 1 && counts.upperBound <= seats.count, "seat counts out of range")
        precondition(!ruleSets.isEmpty, "a game has at least one rule set")
        self.id = id
        self.name = name
        self.seats = seats
        self.seatCounts = counts
        self.defaultSeatCount = defaultSeatCount ?? counts.lowerBound
        self.ruleSets = ruleSets
        self.options = options
        self.bots = bots
        self.simultaneous = simultaneous
        self.keepsHighScores = keepsHighScores
    }
}

/// Everything a match starts from, decided by the host before the game sees it.
public struct MatchSetup: Sendable, Equatable {
    /// The rule set, one of the descriptor's.
    public var ruleSet: String
    /// The table's seats, in order.
    public var seats: [SeatName]
    /// The seat that moves first (matches at a table take turns to start).
    public var firstSeat: SeatName
    /// The table's options, checked, with defaults filled in.
    public var options: GameOptions
    /// When the match starts, on the wall clock (deadlines count from here).
    public var startedAt: GameTime
    /// The content the table's library options name, by option name; a built-in name is absent (the game
    /// has it).
    public var content: [String: GameContent]

    /// Creates a setup.
    public init(
        ruleSet: String, seats: [SeatName], firstSeat: SeatName, options: GameOptions, startedAt: GameTime,
        content: [String: GameContent] = [:]
    ) {
        self.ruleSet = ruleSet
        self.seats = seats
        self.firstSeat = firstSeat
        self.options = options
        self.startedAt = startedAt
        self.content = content
    }
}
