import GameKit

/// One game's screen in the terminal, as a pure model: the table client feeds it the verified
/// states, the table's news and the player's keys; it returns what the player asked for, and draws
/// itself into a ``Frame``.
///
/// A game plugs its screen in with this protocol; the table client (`Play`), `tcnet join`,
/// `tcnet watch` and `tcnet play` know no game by name.
public protocol GameScreen: Sendable {
    /// The game this screen shows.
    associatedtype G: Game

    /// A screen for a table.
    init(_ setup: ScreenSetup)

    /// Shows a state: the first of a match (`move` is `nil`), or the one after a move, animated from
    /// its events. The state was checked against the host's hash before it arrives here.
    mutating func show(_ state: G.State, after move: ShownMove<G.Move>?, events: [G.Event], newMatch: Bool)

    /// The match ended; `result` says why and how every seat placed.
    mutating func matchEnded(_ result: GameResult)

    /// The table's people and connection changed.
    mutating func update(_ table: TableNews)

    /// A refusal or other warning; `rule` and `details` when the rules refused a move.
    mutating func warn(_ message: String, rule: String?, details: [String: Int])

    /// News that is not a warning (an offer, a player back).
    mutating func inform(_ message: String)

    /// A key from the player.
    mutating func press(_ key: Key) -> [ScreenAction<G.Move>]

    /// Moves the screen asks for without a key, once it has shown the current state: a move the player
    /// still wants that the host could not take (a `stale-seq` when several seats act at once). The table
    /// client asks after every state; by default a screen has none.
    mutating func followUp() -> [ScreenAction<G.Move>]

    /// The clock, in seconds on a steady clock; returns whether the screen changed.
    mutating func tick(now: Double) -> Bool

    /// Whether the screen is still showing a move (a bot waits for it to finish).
    var isBusy: Bool { get }

    /// The screen, drawn for a terminal of this size.
    func frame(width: Int, height: Int) -> Frame

    /// The smallest terminal the screen fits (a default: 80x24).
    static var minimumSize: TerminalSize { get }

    /// What `tcnet play` says when a name is left empty (a default wording).
    static var emptyNameWarning: String { get }

    /// The game's clock: the seconds left as of the screen's latest ``tick(now:)``, or `nil` for none.
    mutating func clock(timeLeft seconds: Double?)

    /// The high scores, once the match is over (games that keep them).
    mutating func showScores(_ board: ScoreBoard)

    /// How many times the player asked to hear the game's sound again; the client plays the sound it
    /// holds each time this grows.
    var soundRequests: Int { get }
}

/// What a screen is made for.
public struct ScreenSetup: Sendable, Equatable {
    /// The title bar's text after the game's name ("table t1", "local game").
    public var title: String
    /// The table's seats, in order.
    public var seats: [SeatName]
    /// The seats this terminal moves for: one at a table, none when watching, all in a local game.
    public var controlled: Set<SeatName>
    /// The table's rule set.
    public var ruleSet: String
    /// The table's options.
    public var options: GameOptions
    /// Seconds per animation step (`--speed`); 0 shows results at once.
    public var stepSeconds: Double

    /// Describes a screen.
    public init(
        title: String, seats: [SeatName], controlled: Set<SeatName>, ruleSet: String, options: GameOptions,
        stepSeconds: Double
    ) {
        self.title = title
        self.seats = seats
        self.controlled = controlled
        self.ruleSet = ruleSet
        self.options = options
        self.stepSeconds = stepSeconds
    }
}

/// A move to show, and who made it.
public struct ShownMove<Move: Sendable>: Sendable {
    /// The mover.
    public var mover: Mover
    /// The move, as this terminal may see it.
    public var move: Move

    /// Describes a move.
    public init(mover: Mover, move: Move) {
        self.mover = mover
        self.move = move
    }
}

/// What the table client knows of the table's people and connection.
public struct TableNews: Sendable, Equatable {
    /// The name in each seat ("(free seat)" when none).
    public var names: [SeatName: String]
    /// Seats whose player is away: when their seat stops being held, in seconds on the screen's
    /// clock (the `now` of ``GameScreen/tick(now:)``).
    public var away: [SeatName: Double]
    /// The connection to the host.
    public var link: Link
    /// A line shown while there is no match yet ("waiting for an opponent"), if any.
    public var waiting: String?
    /// Whether the match waits for a player whose grace period ended (status `paused`).
    public var paused: Bool
    /// Whether the match is paused because the host's disk is full (it goes on by itself, L-10).
    public var diskFull: Bool
    /// This terminal's seat code, to show with the rules (`?`) while it holds a seat.
    public var seatCode: String?

    /// Describes the table.
    public init(
        names: [SeatName: String], away: [SeatName: Double] = [:], link: Link, waiting: String? = nil,
        paused: Bool = false, diskFull: Bool = false, seatCode: String? = nil
    ) {
        self.names = names
        self.away = away
        self.link = link
        self.waiting = waiting
        self.paused = paused
        self.diskFull = diskFull
        self.seatCode = seatCode
    }
}

/// The connection, as a screen reports it.
public enum Link: Sendable, Equatable {
    case local
    case online
    case reconnecting(attempt: Int)
    case lost(String)
}

/// What the player asked for.
public enum ScreenAction<Move: Sendable>: Sendable {
    /// Play this move (for the seat that may move; at a local table, the seat to move).
    case move(Move)
    /// Play this move for this seat: at a local table where several people's seats may act at once.
    case moveAs(SeatName, Move)
    /// Offer (or start) a rematch.
    case rematch
    /// Leave the match (it was confirmed) and stop.
    case leave
    /// Stop; nothing is under way.
    case quit
}

extension GameScreen {
    /// The game this screen shows, as a value.
    public static var gameType: any Game.Type { G.self }

    /// The smallest terminal the screen fits; smaller, the table client shows a notice instead and
    /// keys wait. 80x24 unless the screen says otherwise.
    public static var minimumSize: TerminalSize { .standard }

    /// What `tcnet play` says when a player's name is left empty (the game's seed may word it).
    public static var emptyNameWarning: String { "Please enter your name in order to play" }

    /// No moves without a key.
    public mutating func followUp() -> [ScreenAction<G.Move>] { [] }
}
