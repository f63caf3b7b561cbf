/// `teacher`: the code was right; this connection may run tournaments until it closes.
public struct TeacherRole: Codable, Sendable, Equatable {
    /// "teacher".
    public var role: String

    /// Creates the answer.
    public init(role: String = "teacher") {
        self.role = role
    }
}

/// One game of the current round, as everyone sees it.
public struct BoardInfo: Codable, Sendable, Equatable {
    public var board: Int
    /// The player who moves first, then the other: names and start numbers.
    public var white: String
    public var black: String
    public var whiteNumber: Int
    public var blackNumber: Int
    /// The lobby's table where it is played, once seated.
    public var table: TableID?
    /// "1-0", "0-1", "1/2", "+-", "-+" or "--" once known.
    public var result: String?

    /// Creates a board.
    public init(
        board: Int, white: String, black: String, whiteNumber: Int, blackNumber: Int, table: TableID? = nil,
        result: String? = nil
    ) {
        self.board = board
        self.white = white
        self.black = black
        self.whiteNumber = whiteNumber
        self.blackNumber = blackNumber
        self.table = table
        self.result = result
    }
}

/// A player without a game this round: "pairing" (the pairing-allocated bye), "half", "full" or "zero".
public struct ByeInfo: Codable, Sendable, Equatable {
    public var name: String
    public var number: Int
    public var bye: String

    /// Creates the line.
    public init(name: String, number: Int, bye: String) {
        self.name = name
        self.number = number
        self.bye = bye
    }
}

/// One line of the standings: the tiebreaks' values in the order of `TournamentInfo.tiebreaks`.
public struct StandingInfo: Codable, Sendable, Equatable {
    public var rank: Int
    public var number: Int
    public var name: String
    /// Points, as text ("2.5").
    public var points: String
    /// Each tiebreak's value as text ("6.25", or "-" where it does not apply).
    public var tiebreaks: [String]
    /// "withdrawn" or "bot" when so.
    public var status: String?

    /// Creates a line.
    public init(rank: Int, number: Int, name: String, points: String, tiebreaks: [String], status: String? = nil) {
        self.rank = rank
        self.number = number
        self.name = name
        self.points = points
        self.tiebreaks = tiebreaks
        self.status = status
    }
}

/// A challenge's window and leaderboard.
public struct ChallengeInfo: Codable, Sendable, Equatable {
    /// The window, in wall-clock milliseconds since 1970.
    public var opensAt: Int64
    public var closesAt: Int64
    public var leaderboard: [ChallengeLine]

    /// Creates the description.
    public init(opensAt: Int64, closesAt: Int64, leaderboard: [ChallengeLine]) {
        self.opensAt = opensAt
        self.closesAt = closesAt
        self.leaderboard = leaderboard
    }
}

/// One line of a challenge's leaderboard.
public struct ChallengeLine: Codable, Sendable, Equatable {
    public var rank: Int
    public var name: String
    /// The best score, in the game's units.
    public var best: Int
    public var plays: Int

    /// Creates a line.
    public init(rank: Int, name: String, best: Int, plays: Int) {
        self.rank = rank
        self.name = name
        self.best = best
        self.plays = plays
    }
}

/// A tournament as everyone sees it.
public struct TournamentInfo: Codable, Sendable, Equatable {
    public var id: TournamentID
    public var name: String
    public var game: String
    /// "round-robin", "swiss" or "challenge".
    public var format: String
    /// "registering", "running" or "finished".
    public var status: String
    /// The current (or last) round, 0 before the first; and how many rounds it plays, once known.
    public var round: Int
    public var rounds: Int?
    public var points: PointValues
    /// The tiebreaks after points, in order: "DE", "SB", "BH-C1", "BH", "WIN".
    public var tiebreaks: [String]
    /// Every registered player, best first (before the start, in start order).
    public var standings: [StandingInfo]
    /// The current round's games and byes.
    public var boards: [BoardInfo]
    public var byes: [ByeInfo]
    /// Why the next round cannot be paired, with the teacher's choices, when so.
    public var blocked: String?
    /// A challenge's window and leaderboard.
    public var challenge: ChallengeInfo?

    /// Creates a description.
    public init(
        id: TournamentID, name: String, game: String, format: String, status: String, round: Int, rounds: Int?,
        points: PointValues, tiebreaks: [String], standings: [StandingInfo], boards: [BoardInfo], byes: [ByeInfo],
        blocked: String? = nil, challenge: ChallengeInfo? = nil
    ) {
        self.id = id
        self.name = name
        self.game = game
        self.format = format
        self.status = status
        self.round = round
        self.rounds = rounds
        self.points = points
        self.tiebreaks = tiebreaks
        self.standings = standings
        self.boards = boards
        self.byes = byes
        self.blocked = blocked
        self.challenge = challenge
    }
}

/// `tournament`: one tournament, as the answer to a tournament request and to everyone whenever it changes.
public struct TournamentUpdate: Codable, Sendable, Equatable {
    public var tournament: TournamentInfo

    /// Creates the message.
    public init(tournament: TournamentInfo) {
        self.tournament = tournament
    }
}

/// `tournaments`: every tournament of the host, oldest first.
public struct TournamentList: Codable, Sendable, Equatable {
    public var tournaments: [TournamentInfo]

    /// Creates the message.
    public init(tournaments: [TournamentInfo]) {
        self.tournaments = tournaments
    }
}

/// `go-to-table`: a round was paired; the player's game is at this table and starts after the countdown.
public struct TableCall: Codable, Sendable, Equatable {
    public var tournament: TournamentID
    public var round: Int
    public var table: TableID
    /// The player's seat there, and the opponent's name.
    public var seat: String
    public var opponent: String
    /// Milliseconds until the game starts (it starts sooner when both players are ready).
    public var startsInMs: Int

    /// Creates the message.
    public init(tournament: TournamentID, round: Int, table: TableID, seat: String, opponent: String, startsInMs: Int) {
        self.tournament = tournament
        self.round = round
        self.table = table
        self.seat = seat
        self.opponent = opponent
        self.startsInMs = startsInMs
    }
}

/// `tournament-export`: the standings as CSV or the report file (TRF-16) as text.
public struct TournamentExport: Codable, Sendable, Equatable {
    public var tournament: TournamentID
    public var format: String
    public var text: String

    /// Creates the message.
    public init(tournament: TournamentID, format: String, text: String) {
        self.tournament = tournament
        self.format = format
        self.text = text
    }
}
