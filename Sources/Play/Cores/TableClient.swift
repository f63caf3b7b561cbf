import GameKit
import Peer
import Protocol
import ScreenKit

/// The networked screen's core: the host's messages and the player's keys go in, messages to send
/// come out. It owns the lobby screen, then the screen of the table it sits at or watches, for
/// whatever game the table plays (``ScreenCatalog``); every state is checked with a ``MatchMirror``
/// first (a desync asks for `sync`).
///
/// `q` at a table goes back to the lobby (a player leaves the seat, after the game's screen asked
/// during a match), and `q` in the lobby quits; Ctrl-C quits at once and keeps the seat, held for the
/// table's grace period, so the same command (or the seat code) takes it back.
public struct TableClient: Sendable {
    /// What the driver must do.
    public enum Command: Sendable, Equatable {
        case send(ClientMessage)
        /// Stop, with a line to print after the screen is restored (or `nil`).
        case quit(String?)
        /// Stop because what was asked cannot be done, with the line that says so and what to do.
        case fail(String)
        /// Play a sound the host sent (a word to hear).
        case play(SoundClip)
    }

    /// What the player wants to do at the start.
    public enum Intent: Sendable, Equatable {
        /// Show the lobby.
        case lobby
        /// Sit at this table at once.
        case sit(TableID)
        /// Watch this table at once (the first table when `nil`).
        case watch(TableID?)
    }

    /// The lobby screen, shown while there is no table screen.
    public private(set) var lobby: LobbyModel
    /// The table, once at one.
    public private(set) var table: TableID?
    /// This player's seat, when seated.
    public private(set) var seat: SeatName?
    /// Every desync seen.
    public private(set) var desyncs: [String] = []
    /// The game of the tables this player opens.
    public let game: String
    /// Whether this terminal only watches (`tcnet watch`): it never sits down.
    public let watching: Bool
    /// The terminal's size: while it is too small for the table's screen, the screen is replaced by a
    /// notice and keys wait (they would act on a board nobody sees).
    public var terminalSize = TerminalSize.standard
    /// The seat code from `welcome`, shown while this terminal holds a seat.
    public private(set) var seatCode: SeatCode?
    var screen: (any TableScreen)?
    /// The latest sound the host sent for this table, and how many replays the screen had asked for.
    var sound: SoundClip?
    var soundRequests = 0
    var news = TableNews(names: [:], link: .online)
    var intent: Intent
    var player: PlayerID?
    var match = 0
    var creating = false
    var now: Double = 0
    /// The grace period of the table this terminal sits at, for the farewell line.
    var graceSeconds: Int?
    /// The table just left: what the host still says about it (the match it ended) is not a reason
    /// to go back to it.
    var leaving: TableID?
    /// The last tournament call: the table the host seated this player at.
    var call: TableCall?
    let ruleSet: String?
    let options: [String: JSONValue]?
    let stepSeconds: Double
    let screens: ScreenCatalog

    /// Creates the core.
    /// - Parameters:
    ///   - name: this player's name.
    ///   - intent: where to go first.
    ///   - watching: whether this terminal only watches.
    ///   - screens: the games this client can show.
    ///   - game: the game of the tables this player opens.
    ///   - ruleSet: the rule set of tables this player opens.
    ///   - options: the options of tables this player opens.
    ///   - stepSeconds: seconds per animation step.
    public init(
        name: String, intent: Intent = .lobby, watching: Bool = false, screens: ScreenCatalog, game: String? = nil,
        ruleSet: String? = nil, options: [String: JSONValue]? = nil, stepSeconds: Double = 0.25
    ) {
        self.lobby = LobbyModel(hostName: "", playerName: name, watching: watching)
        self.intent = intent
        self.watching = watching
        self.screens = screens
        self.game = game ?? screens.games.first?.id ?? ""
        self.ruleSet = ruleSet
        self.options = options
        self.stepSeconds = stepSeconds
    }

    /// Whether a table's screen is shown (else the lobby is).
    public var atTable: Bool { self.screen != nil }

    /// Whether there is something to show: the lobby was asked for, or the table's screen is up. Until
    /// then a driver may keep the terminal as it is, so a table that cannot be sat at or watched is
    /// said in one line instead of a screen that flashes.
    public var hasScreen: Bool { self.screen != nil || self.intent == .lobby }

    /// The screen to draw.
    public func frame(width: Int, height: Int) -> Frame {
        guard let screen = self.screen else { return self.lobby.frame(width: width, height: height) }
        let size = TerminalSize(width: width, height: height)
        guard size.fits(screen.minimumSize) else { return size.tooSmallFrame(for: screen.minimumSize) }
        return screen.frame(width: width, height: height)
    }

    // MARK: The session

    /// The host said `welcome`.
    public mutating func connected(_ welcome: Welcome) -> [Command] {
        self.player = welcome.player
        self.seatCode = welcome.seatCode
        self.lobby.hostName = welcome.host
        self.lobby.playerName = welcome.name
        self.setLink(.online)
        if let table = self.table {
            if welcome.resumed {
                // NB: a resumed seat gets its table and state from the host; a spectator must ask again.
                return self.seat == nil ? [.send(.watch(TableRequest(table: table)))] : []
            }
            // NB: a new session (the host lost the old one: it restarted without its data, or forgot a
            // watcher): a watcher watches again; a player's seat is gone.
            if self.seat == nil { return [.send(.watch(TableRequest(table: table)))] }
            self.backToLobby(notice: "The host no longer holds your seat at table \(table); pick a table")
            return [.send(.tables(TablesRequest()))]
        }
        // NB: a resumed seat's table and state follow welcome by themselves; the lobby's list does not.
        if welcome.resumed { return [.send(.tables(TablesRequest()))] }
        switch self.intent {
        case .lobby: return [.send(.tables(TablesRequest()))]
        case .sit(let table): return [.send(.sit(Sit(table: table)))]
        case .watch(let table?): return [.send(.watch(TableRequest(table: table)))]
        case .watch(nil): return [.send(.tables(TablesRequest()))]
        }
    }

    /// The connection dropped and the session is trying again.
    public mutating func reconnecting(attempt: Int) {
        self.setLink(.reconnecting(attempt: attempt))
        self.lobby.notice = Span("reconnecting... (try \(attempt))", .warning)
    }

    /// Something the player should know that is no message of the host's (shown in the lobby).
    public mutating func note(_ text: String) {
        self.lobby.notice = Span(text, .warning)
    }

    /// A message the driver could not send: the session is not connected (still connecting, or
    /// reconnecting). The player is told to try again; nothing waits for an answer that cannot come.
    public mutating func notSent(_ message: ClientMessage) {
        if case .createTable = message { self.creating = false }
        let text = "Not connected to the host right now: try again in a moment"
        if self.screen != nil {
            self.screen?.warn(text, rule: nil, details: [:])
        } else {
            self.lobby.notice = Span(text, .warning)
        }
    }

    /// A problem of this terminal's own (no sound player), shown like a warning.
    public mutating func warn(_ text: String) {
        if self.screen != nil {
            self.screen?.warn(text, rule: nil, details: [:])
        } else {
            self.lobby.notice = Span(text, .warning)
        }
    }

    /// A message from the host.
    public mutating func receive(_ envelope: HostEnvelope) -> [Command] {
        switch envelope.message {
        case .tables(let list):
            self.lobby.show(list.tables.map(Self.row))
            if self.screen == nil, case .watch(nil) = self.intent {
                guard let first = list.tables.first(where: { $0.status == .playing }) ?? list.tables.first else {
                    return [.fail("this host has no table to watch yet; try again once a match has started")]
                }
                self.intent = .watch(first.id)
                return [.send(.watch(TableRequest(table: first.id)))]
            }
        case .table(let update):
            return self.tableChanged(update.table)
        case .state(let update):
            return self.stateArrived(update)
        case .error(let error):
            return self.refused(error)
        case .away(let notice):
            if notice.table == self.table {
                self.news.away[notice.seat] = self.now + Double(notice.graceMs ?? 0) / 1000
                self.screen?.update(self.news)
            }
        case .back(let notice):
            if notice.table == self.table {
                self.news.away[notice.seat] = nil
                self.screen?.update(self.news)
            }
        case .rematchOffered(let offer):
            guard offer.table == self.table else { break }
            let others = self.news.names.filter { $0.key != offer.seat }.map(\.value).sorted().joined(separator: ", ")
            let text: String
            if offer.seat == self.seat {
                text = "Rematch offered; waiting for \(others)"
            } else if self.seat == nil {
                text = "\(self.name(offer.seat)) offers a rematch"
            } else {
                text = "\(self.name(offer.seat)) offers a rematch: press n to play again"
            }
            self.screen?.inform(text)
        case .drawOffered(let offer):
            if offer.table == self.table, offer.seat != self.seat {
                let text = "\(self.name(offer.seat)) offers a draw"
                self.screen?.inform(text)
            }
        case .goToTable(let call):
            return self.called(call)
        case .tournament(let update):
            self.lobby.panel = Self.panel(update.tournament, me: self.lobby.playerName)
        case .welcome, .pong, .players, .teacher, .tournaments, .tournamentExport:
            break
        }
        return []
    }

    /// A tournament round was paired: the host seated this player at `call.table`; go there (its match
    /// starts after the countdown, or when both players are ready).
    private mutating func called(_ call: TableCall) -> [Command] {
        guard !self.watching else { return [] }
        let seconds = (call.startsInMs + 999) / 1000
        let text =
            "Tournament \(call.tournament), round \(call.round): you play \(call.opponent) at table \(call.table); "
            + "the game starts in \(seconds) s"
        self.call = call
        if self.screen != nil, self.table == call.table {
            self.screen?.inform(text)
            return []
        }
        // NB: the host moved this player off the table they were at; its screen gives way to the new one.
        if self.screen != nil { self.backToLobby(notice: nil) }
        self.lobby.notice = Span(text, .warning)
        return [.send(.watch(TableRequest(table: call.table)))]
    }

    /// The lobby's panel: the tournament's round and its first places, and this player's line.
    static func panel(_ info: TournamentInfo, me: String) -> [String] {
        guard info.status != "finished" || !info.standings.isEmpty else { return [] }
        let round = info.rounds.map { "round \(info.round)/\($0)" } ?? "round \(info.round)"
        var lines = ["\(info.id) \(info.name) · \(info.format) · \(info.status) · \(round)"]
        let line = { (row: StandingInfo) in "\(row.rank). \(row.name) \(row.points)" }
        let top = info.standings.prefix(3)
        lines.append(top.map(line).joined(separator: "   "))
        if let mine = info.standings.first(where: { $0.name.lowercased() == me.lowercased() }), !top.contains(mine) {
            lines.append("you: " + line(mine))
        }
        return lines
    }

    private func name(_ seat: SeatName) -> String { self.news.names[seat] ?? seat }

    private mutating func tableChanged(_ info: TableInfo) -> [Command] {
        if self.screen == nil, info.id == self.leaving {
            if !info.seats.contains(where: { $0.player == self.player }) { self.leaving = nil }
            return []
        }
        if self.screen == nil {
            if !self.watching, let mine = info.seats.first(where: { $0.player == self.player && $0.player != nil }) {
                return self.enter(info, seat: mine.seat)
            }
            if case .watch(let wanted) = self.intent, wanted == nil || wanted == info.id {
                return self.enter(info, seat: nil)
            }
            if self.creating {
                self.creating = false
                return [.send(.sit(Sit(table: info.id)))]
            }
            return []
        }
        guard info.id == self.table else { return [] }
        if let seat = self.seat, !info.seats.contains(where: { $0.seat == seat && $0.player == self.player }) {
            // NB: the seat was freed (by the teacher, or at the end of a grace period).
            self.backToLobby(notice: "You no longer sit at table \(info.id)")
            return [.send(.tables(TablesRequest()))]
        }
        self.updateNews(info)
        return []
    }

    private mutating func enter(_ info: TableInfo, seat: SeatName?) -> [Command] {
        let declared = self.screens.games.first { $0.id == info.game }?.options ?? []
        let setup = ScreenSetup(
            title: "table \(info.id)", seats: info.seats.map(\.seat), controlled: seat.map { [$0] } ?? [],
            ruleSet: info.ruleSet, options: GameOptions(json: info.options, declared: declared),
            stepSeconds: self.stepSeconds)
        guard let screen = self.screens.screen(for: info.game, setup) else {
            self.lobby.notice = Span("This terminal cannot show \(info.game) yet; pick another table", .warning)
            return seat == nil ? [] : [.send(.leave(TableRequest(table: info.id)))]
        }
        self.table = info.id
        self.seat = seat
        self.screen = screen
        self.match = 0
        self.graceSeconds = info.graceSeconds
        self.news = TableNews(names: [:], link: .online, seatCode: seat == nil ? nil : self.seatCode?.rawValue)
        self.updateNews(info)
        if seat != nil, let code = self.seatCode {
            self.screen?.inform(
                "Seat code \(code.rawValue): it takes your seat back from any machine (? shows it)")
        }
        if let call = self.call, call.table == info.id {
            self.screen?.inform(
                "Tournament round \(call.round) against \(call.opponent): the game starts when you are both ready")
        }
        guard seat != nil, info.status == .waiting else { return [] }
        return [.send(.ready(TableRequest(table: info.id)))]
    }

    /// Leaves the table's screen for the lobby.
    private mutating func backToLobby(notice: String?) {
        self.screen = nil
        self.table = nil
        self.seat = nil
        self.match = 0
        self.intent = .lobby
        self.lobby.notice = notice.map { Span($0, .warning) }
    }

    private mutating func updateNews(_ info: TableInfo) {
        for seatInfo in info.seats {
            self.news.names[seatInfo.seat] = seatInfo.name ?? "(free seat)"
            if !seatInfo.away {
                self.news.away[seatInfo.seat] = nil
            } else if self.news.away[seatInfo.seat] == nil {
                // NB: away since before this terminal came; the host's `away` that follows says how long.
                self.news.away[seatInfo.seat] = self.now
            }
        }
        self.news.paused = info.status == .paused
        self.news.diskFull = info.status == .paused && info.pausedBy == .diskFull
        if info.status == .waiting {
            let free = info.seats.filter { $0.player == nil && $0.bot == nil }
            let join = "(tcnet join ... --table \(info.id))"
            switch free.count {
            case 0:
                let who = info.seats.count == 2 ? "both players" : "every player"
                self.news.waiting = "Waiting for \(who) to be ready at table \(info.id)"
            case 1: self.news.waiting = "Waiting for an opponent to sit at table \(info.id) \(join)"
            default: self.news.waiting = "Waiting for \(free.count) players to sit at table \(info.id) \(join)"
            }
        } else {
            self.news.waiting = nil
        }
        self.screen?.update(self.news)
    }

    private mutating func setLink(_ link: Link) {
        self.news.link = link
        self.screen?.update(self.news)
    }

    private mutating func stateArrived(_ update: MatchUpdate) -> [Command] {
        guard update.table == self.table, var screen = self.screen else { return [] }
        let newMatch = update.match != self.match
        if let reason = screen.receive(update, newMatch: newMatch) {
            self.screen = screen
            self.desyncs.append(reason)
            return [.send(.sync(TableRequest(table: update.table)))]
        }
        // NB: a move the screen still wants after the host could not take it goes out on the state just shown.
        let followUp = screen.followUp(table: update.table).compactMap { action -> Command? in
            if case .send(let message) = action { return .send(message) }
            return nil
        }
        self.screen = screen
        self.match = update.match
        // NB: the host sends the word's sound with every state; it is played when it is a new one.
        guard let clip = update.sound, clip != self.sound else { return followUp }
        self.sound = clip
        return [.play(clip)] + followUp
    }

    private mutating func refused(_ error: ErrorMessage) -> [Command] {
        if error.code == .sessionReplaced {
            return [
                .fail("this player was taken over by another connection (\(error.message)); you can close this one")
            ]
        }
        if error.code == .staleSeq, let table = self.table {
            self.screen?.warn(error.message, rule: nil, details: [:])
            return [.send(.sync(TableRequest(table: table)))]
        }
        if self.screen == nil, self.watching, case .watch(let wanted?) = self.intent,
            error.code == .noSuchTable
        {
            let others = self.lobby.rows.map(\.id)
            let list = others.isEmpty ? "" : " (its tables: \(others.joined(separator: ", ")))"
            return [.fail("there is no table \(wanted) at this host\(list); tcnet watch without --table picks one")]
        }
        if self.screen != nil {
            self.screen?.warn(error.message, rule: error.rule, details: error.details ?? [:])
        } else {
            self.creating = false
            // NB: a table asked for on the command line that cannot be had: the lobby says why.
            if case .sit = self.intent { self.intent = .lobby }
            self.lobby.notice = Span(error.message, .warning)
        }
        return []
    }

    // MARK: Keys

    /// A key from the player.
    public mutating func press(_ key: Key) -> [Command] {
        guard var screen = self.screen, let table = self.table else {
            return self.lobby.press(key).map { action in
                switch action {
                case .sit(let id): return .send(.sit(Sit(table: id)))
                case .watch(let id):
                    self.intent = .watch(id)
                    return .send(.watch(TableRequest(table: id)))
                case .create:
                    self.creating = true
                    return .send(
                        .createTable(CreateTable(game: self.game, ruleSet: self.ruleSet, options: self.options)))
                case .refresh: return .send(.tables(TablesRequest()))
                case .quit: return .quit(nil)
                }
            }
        }
        if key == .interrupt { return [.quit(self.farewell(table))] }
        // NB: while the notice hides the board, a key would act on something nobody sees.
        guard self.terminalSize.fits(screen.minimumSize) else { return [] }
        let actions = screen.press(key, table: table)
        self.screen = screen
        var replay: [Command] = []
        if screen.soundRequests > self.soundRequests {
            self.soundRequests = screen.soundRequests
            if let sound = self.sound { replay = [.play(sound)] }
        }
        var commands = replay
        commands += actions.flatMap { action -> [Command] in
            switch action {
            case .send(let message):
                return [.send(message)]
            case .leave, .quit:
                let left = self.seat == nil ? "Stopped watching table \(table)" : "You left table \(table)"
                self.leaving = self.seat == nil ? nil : table
                self.backToLobby(notice: nil)
                self.lobby.notice = Span(left, .dim)
                return [.send(.leave(TableRequest(table: table))), .send(.tables(TablesRequest()))]
            }
        }
        return commands
    }

    /// What to print when the program stops at a table: a held seat, and how to take it back.
    private func farewell(_ table: TableID) -> String? {
        guard self.seat != nil else { return nil }
        let grace = self.graceSeconds.map { $0 >= 60 ? " for \($0 / 60) min" : " for \($0) s" } ?? ""
        let code = self.seatCode.map { ", or on another machine: tcnet join HOST --resume \($0.rawValue)" } ?? ""
        return "Your seat at table \(table) is held\(grace): run the same command again to go back\(code)"
    }

    /// Advances the screen's clock.
    public mutating func tick(now: Double) -> Bool {
        self.now = now
        return self.screen?.tick(now: now) ?? false
    }

    static func row(_ info: TableInfo) -> LobbyModel.Row {
        LobbyModel.Row(
            id: info.id, game: info.game, ruleSet: info.ruleSet, status: info.status.rawValue,
            seats: info.seats.map { ($0.seat, $0.name) }, spectators: info.spectators)
    }
}
