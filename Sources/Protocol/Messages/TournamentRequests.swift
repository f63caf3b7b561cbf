/// A tournament's id on a host ("T1", "T2", ...).
public typealias TournamentID = String

/// `teacher`: the connection shows the teacher's code and, when it is right, may run tournaments.
public struct TeacherHello: Codable, Sendable, Equatable {
    /// The code `tcnet host` printed (or took with `--teacher-code`).
    public var code: TeacherCode

    /// Creates the request.
    public init(code: TeacherCode) {
        self.code = code
    }
}

/// `tournaments`: the tournaments of the host, with their standings (anyone may ask).
public struct TournamentsRequest: Codable, Sendable, Equatable {
    /// Creates the request.
    public init() {}
}

/// Points of a result, as text: "1", "0.5", "3".
public struct PointValues: Codable, Sendable, Equatable {
    public var win: String
    public var draw: String
    public var loss: String

    /// Creates the values.
    public init(win: String, draw: String, loss: String) {
        self.win = win
        self.draw = draw
        self.loss = loss
    }
}

/// `tournament-create`: a new tournament, open for registration.
public struct TournamentCreate: Codable, Sendable, Equatable {
    /// A name for people (1 to 60 characters).
    public var name: String
    /// The game, one of `welcome.games[].id`: two seats for a round robin or a Swiss tournament, one
    /// for a challenge (a game of several seats plays at two, or at one).
    public var game: String
    /// "round-robin", "swiss" or "challenge".
    public var format: String
    /// Swiss: the number of rounds (1 to 20).
    public var rounds: Int?
    /// Round robin: 1 (everyone meets once) or 2 (twice, the first move swapped); 1 when absent.
    public var cycles: Int?
    /// Challenge: the window's length in minutes (1 to 600).
    public var minutes: Int?
    /// The points of a win, a draw and a loss; 1, 0.5, 0 when absent.
    public var points: PointValues?
    /// With an odd number of players: "bye" (the default: one sits out each round, with the bye's
    /// points) or "bot" (the host's bot fills the seat and plays as an entrant).
    public var oddSeat: String?
    /// The bot that fills an odd seat; the game's first bot when absent.
    public var bot: String?
    /// The tables' rule set and game options, as `create-table` takes them.
    public var ruleSet: String?
    public var options: [String: JSONValue]?
    /// Seconds a player who is absent when a round starts (or drops during a game) is waited for; then
    /// the game is lost by forfeit. 60 when absent.
    public var graceSeconds: Int?
    /// Seconds between pairing a round and its games starting, for students to reach their tables; 10.
    public var countdownSeconds: Int?
    /// The first-ranked player's colour in round 1: "white" (default) or "black".
    public var firstColour: String?

    /// Creates the request.
    public init(
        name: String, game: String, format: String, rounds: Int? = nil, cycles: Int? = nil, minutes: Int? = nil,
        points: PointValues? = nil, oddSeat: String? = nil, bot: String? = nil, ruleSet: String? = nil,
        options: [String: JSONValue]? = nil, graceSeconds: Int? = nil, countdownSeconds: Int? = nil,
        firstColour: String? = nil
    ) {
        self.name = name
        self.game = game
        self.format = format
        self.rounds = rounds
        self.cycles = cycles
        self.minutes = minutes
        self.points = points
        self.oddSeat = oddSeat
        self.bot = bot
        self.ruleSet = ruleSet
        self.options = options
        self.graceSeconds = graceSeconds
        self.countdownSeconds = countdownSeconds
        self.firstColour = firstColour
    }
}

/// The requests that name a tournament and, for some, players: `tournament-register` (`names`),
/// `tournament-unregister` and `tournament-withdraw` (`name`), `tournament-start`, `tournament-finish`.
public struct TournamentPlayers: Codable, Sendable, Equatable {
    public var tournament: TournamentID
    /// Players to register.
    public var names: [String]?
    /// The player to unregister or withdraw.
    public var name: String?

    /// Creates the request.
    public init(tournament: TournamentID, names: [String]? = nil, name: String? = nil) {
        self.tournament = tournament
        self.names = names
        self.name = name
    }
}

/// `tournament-pair`: pairs and seats the next round now (the host pairs by itself when the last result
/// of a round comes in).
public struct TournamentPair: Codable, Sendable, Equatable {
    public var tournament: TournamentID
    /// Let players meet again, fewest repeats first, when no pairing without a repeat exists.
    public var allowRepeats: Bool?

    /// Creates the request.
    public init(tournament: TournamentID, allowRepeats: Bool? = nil) {
        self.tournament = tournament
        self.allowRepeats = allowRepeats
    }
}

/// `tournament-result`: the teacher records a board's result by hand (a game adjourned, a result
/// corrected); a game still being played there is stopped.
public struct TournamentResult: Codable, Sendable, Equatable {
    public var tournament: TournamentID
    /// The board of the current round.
    public var board: Int
    /// "1-0", "0-1", "1/2", "+-", "-+" or "--" (the first player is the one who moves first).
    public var result: String

    /// Creates the request.
    public init(tournament: TournamentID, board: Int, result: String) {
        self.tournament = tournament
        self.board = board
        self.result = result
    }
}

/// `tournament-bye`: a player will not play the next round: "half" or "full" (a bye with points), or
/// "zero" (absent).
public struct TournamentBye: Codable, Sendable, Equatable {
    public var tournament: TournamentID
    public var name: String
    public var bye: String

    /// Creates the request.
    public init(tournament: TournamentID, name: String, bye: String) {
        self.tournament = tournament
        self.name = name
        self.bye = bye
    }
}

/// `tournament-export`: the standings as "csv", or the FIDE report file as "trf".
public struct TournamentExportRequest: Codable, Sendable, Equatable {
    public var tournament: TournamentID
    /// "trf" or "csv".
    public var format: String
    /// With "trf": the report after this many rounds (to check the next round's pairing); every round
    /// with all its results when absent.
    public var rounds: Int?

    /// Creates the request.
    public init(tournament: TournamentID, format: String, rounds: Int? = nil) {
        self.tournament = tournament
        self.format = format
        self.rounds = rounds
    }
}

/// The tournament requests, each its own `type` ("tournament-create", ...).
public enum TournamentCommand: Sendable, Equatable {
    case create(TournamentCreate)
    case register(TournamentPlayers)
    case unregister(TournamentPlayers)
    case start(TournamentPlayers)
    case pair(TournamentPair)
    case result(TournamentResult)
    case withdraw(TournamentPlayers)
    case bye(TournamentBye)
    case export(TournamentExportRequest)
    case finish(TournamentPlayers)

    /// The wire's `type`.
    public var type: String {
        switch self {
        case .create: "tournament-create"
        case .register: "tournament-register"
        case .unregister: "tournament-unregister"
        case .start: "tournament-start"
        case .pair: "tournament-pair"
        case .result: "tournament-result"
        case .withdraw: "tournament-withdraw"
        case .bye: "tournament-bye"
        case .export: "tournament-export"
        case .finish: "tournament-finish"
        }
    }

    /// Every command's `type`.
    public static let types = [
        "tournament-create", "tournament-register", "tournament-unregister", "tournament-start", "tournament-pair",
        "tournament-result", "tournament-withdraw", "tournament-bye", "tournament-export", "tournament-finish",
    ]

    var body: any Encodable {
        switch self {
        case .create(let body): body
        case .register(let body), .unregister(let body), .start(let body), .withdraw(let body), .finish(let body): body
        case .pair(let body): body
        case .result(let body): body
        case .bye(let body): body
        case .export(let body): body
        }
    }

    static func decode(_ type: String, _ reader: EnvelopeReader) throws -> TournamentCommand? {
        switch type {
        case "tournament-create": .create(try reader.payload(TournamentCreate.self))
        case "tournament-register": .register(try reader.payload(TournamentPlayers.self))
        case "tournament-unregister": .unregister(try reader.payload(TournamentPlayers.self))
        case "tournament-start": .start(try reader.payload(TournamentPlayers.self))
        case "tournament-pair": .pair(try reader.payload(TournamentPair.self))
        case "tournament-result": .result(try reader.payload(TournamentResult.self))
        case "tournament-withdraw": .withdraw(try reader.payload(TournamentPlayers.self))
        case "tournament-bye": .bye(try reader.payload(TournamentBye.self))
        case "tournament-export": .export(try reader.payload(TournamentExportRequest.self))
        case "tournament-finish": .finish(try reader.payload(TournamentPlayers.self))
        default: nil
        }
    }
}
