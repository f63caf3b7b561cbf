import GameKit
import Peer
import Protocol
import ScreenKit

/// A game's screen at a networked table, with the client's own copy of the match: the table client
/// hands it the host's messages as they come off the wire, and it checks every state (G-11) before
/// the screen sees it.
///
/// NB: this erases the game, so the table client (and `tcnet join`) handles every game in the
/// catalogue the same way.
protocol TableScreen: Sendable {
    /// The `seq` of the state the client holds (a move is chosen on it).
    var seq: Int { get }
    /// Checks a `state` message and shows it; returns the reason when it is a desync.
    mutating func receive(_ update: MatchUpdate, newMatch: Bool) -> String?
    mutating func update(_ table: TableNews)
    mutating func warn(_ message: String, rule: String?, details: [String: Int])
    mutating func inform(_ message: String)
    /// A key; returns the messages it asks for.
    mutating func press(_ key: Key, table: TableID) -> [TableScreenAction]
    /// The moves the screen asks for without a key, after a state (``GameScreen/followUp()``).
    mutating func followUp(table: TableID) -> [TableScreenAction]
    mutating func tick(now: Double) -> Bool
    func frame(width: Int, height: Int) -> Frame
    /// The smallest terminal the game's screen fits.
    var minimumSize: TerminalSize { get }
    /// How many times the player asked to hear the sound again.
    var soundRequests: Int { get }
}

/// What a key at a table asks for.
enum TableScreenAction: Sendable, Equatable {
    case send(ClientMessage)
    case leave
    case quit
}

/// A concrete game's screen and mirror.
struct GameTableScreen<S: GameScreen>: TableScreen {
    var screen: S
    var mirror = MatchMirror<S.G>()

    init(_ setup: ScreenSetup) {
        self.screen = S(setup)
    }

    var seq: Int { self.mirror.seq }

    mutating func receive(_ update: MatchUpdate, newMatch: Bool) -> String? {
        if case .desync(let reason) = self.mirror.receive(update) { return reason }
        guard let state = self.mirror.state else { return nil }
        let events = update.events.compactMap { try? $0.decode(as: S.G.Event.self) }
        let shown = update.last.flatMap { last in
            (try? last.move.decode(as: S.G.Move.self)).map {
                ShownMove(mover: last.seat.map(Mover.seat) ?? .host, move: $0)
            }
        }
        self.screen.show(state, after: shown, events: events, newMatch: newMatch)
        self.screen.clock(timeLeft: update.timeLeftMs.map { Double($0) / 1000 })
        if let result = update.result {
            self.screen.matchEnded(Self.result(result))
        }
        if let board = update.board {
            self.screen.showScores(
                ScoreBoard(
                    top: board.top.map { .init(rank: $0.rank, name: $0.name, score: $0.score, games: $0.games) },
                    place: board.place, names: board.names))
        }
        return nil
    }

    var soundRequests: Int { self.screen.soundRequests }

    mutating func update(_ table: TableNews) { self.screen.update(table) }

    mutating func warn(_ message: String, rule: String?, details: [String: Int]) {
        self.screen.warn(message, rule: rule, details: details)
    }

    mutating func inform(_ message: String) { self.screen.inform(message) }

    mutating func press(_ key: Key, table: TableID) -> [TableScreenAction] {
        self.screen.press(key).map { self.action($0, table: table) }
    }

    mutating func followUp(table: TableID) -> [TableScreenAction] {
        self.screen.followUp().map { self.action($0, table: table) }
    }

    private func action(_ action: ScreenAction<S.G.Move>, table: TableID) -> TableScreenAction {
        switch action {
        // NB: a networked screen moves for its one seat, whichever it names.
        case .move(let move), .moveAs(_, let move):
            .send(.move(MoveRequest(table: table, seq: self.mirror.seq, move: JSONValue.encoding(move))))
        case .rematch: .send(.rematch(TableRequest(table: table)))
        case .leave: .leave
        case .quit: .quit
        }
    }

    mutating func tick(now: Double) -> Bool { self.screen.tick(now: now) }

    func frame(width: Int, height: Int) -> Frame { self.screen.frame(width: width, height: height) }

    var minimumSize: TerminalSize { S.minimumSize }

    /// A wire result as the game's structured result.
    static func result(_ result: MatchResult) -> GameResult {
        GameResult(
            reason: result.reason,
            standings: (result.standings ?? []).map { SeatStanding(seat: $0.seat, score: $0.score, rank: $0.rank) })
    }
}

/// The screens a client can show, by game id: one line a game, assembled by the `tcnet` command.
public struct ScreenCatalog: Sendable {
    private let makers: [String: @Sendable (ScreenSetup) -> any TableScreen]
    /// The screens' games, in order.
    public let games: [GameDescriptor]

    /// Creates a catalogue.
    /// - Parameter screens: each game's screen.
    public init(_ screens: [any GameScreen.Type]) {
        var makers: [String: @Sendable (ScreenSetup) -> any TableScreen] = [:]
        for screen in screens {
            makers[Self.id(of: screen)] = Self.maker(screen)
        }
        self.makers = makers
        self.games = screens.map { Self.descriptor(of: $0) }
    }

    /// The screen for a table of a game, or `nil` when this client has none for it.
    func screen(for game: String, _ setup: ScreenSetup) -> (any TableScreen)? {
        self.makers[game].map { $0(setup) }
    }

    /// Whether this client can show a game.
    public func shows(_ game: String) -> Bool { self.makers[game] != nil }

    private static func maker<S: GameScreen>(_: S.Type) -> @Sendable (ScreenSetup) -> any TableScreen {
        { setup in GameTableScreen<S>(setup) }
    }

    private static func id<S: GameScreen>(of _: S.Type) -> String { S.G.descriptor.id }

    private static func descriptor<S: GameScreen>(of _: S.Type) -> GameDescriptor { S.G.descriptor }
}
