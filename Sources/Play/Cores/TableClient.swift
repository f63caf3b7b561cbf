import Board
import Lobby
import Peer
import Protocol
import TaxCollectionRules

/// The networked board's core: the host's messages and the player's keys go in, messages to send come
/// out. It owns the lobby screen, then the board of the table it sits at or watches; every state is
/// checked with a ``MatchMirror`` (a desync asks for `sync`).
public struct TableClient: Sendable {
    /// What the driver must do.
    public enum Command: Sendable, Equatable {
        case send(ClientMessage)
        /// Stop, with a line to print after the screen is restored (or `nil`).
        case quit(String?)
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

    /// The lobby screen, shown while ``board`` is `nil`.
    public private(set) var lobby: LobbyModel
    /// The board, once at a table.
    public private(set) var board: BoardModel?
    /// The table, once at one.
    public private(set) var table: TableID?
    /// This player's seat, when seated.
    public private(set) var seat: Seat?
    /// Every desync seen.
    public private(set) var desyncs: [String] = []
    var intent: Intent
    var player: PlayerID?
    var mirror = MatchMirror<TaxCollectionGame>()
    var match = 0
    var creating = false
    let ruleSet: String?
    let stepSeconds: Double

    /// Creates the core.
    /// - Parameters:
    ///   - name: this player's name.
    ///   - intent: where to go first.
    ///   - ruleSet: the rule set of tables this player opens.
    ///   - stepSeconds: seconds per animation step.
    public init(name: String, intent: Intent = .lobby, ruleSet: String? = nil, stepSeconds: Double = 0.25) {
        self.lobby = LobbyModel(hostName: "", playerName: name)
        self.intent = intent
        self.ruleSet = ruleSet
        self.stepSeconds = stepSeconds
    }

    // MARK: The session

    /// The host said `welcome`.
    public mutating func connected(_ welcome: Welcome) -> [Command] {
        self.player = welcome.player
        self.lobby.hostName = welcome.host
        self.lobby.playerName = welcome.name
        self.board?.link = .online
        if welcome.resumed, let table = self.table {
            // NB: a resumed seat gets its table and state from the host; a spectator must ask again.
            return self.seat == nil ? [.send(.watch(TableRequest(table: table)))] : []
        }
        switch self.intent {
        case .lobby: return [.send(.tables(TablesRequest()))]
        case .sit(let table): return [.send(.sit(Sit(table: table)))]
        case .watch(let table?): return [.send(.watch(TableRequest(table: table)))]
        case .watch(nil): return [.send(.tables(TablesRequest()))]
        }
    }

    /// The connection dropped and the session is trying again.
    public mutating func reconnecting(attempt: Int) {
        self.board?.link = .reconnecting(attempt: attempt)
        self.lobby.notice = Span("reconnecting... (try \(attempt))", .warning)
    }

    /// A message the driver could not send: the session is not connected (still connecting, or
    /// reconnecting). The player is told to try again; nothing waits for an answer that cannot come.
    public mutating func notSent(_ message: ClientMessage) {
        if case .createTable = message { self.creating = false }
        let text = "Not connected to the host right now: try again in a moment"
        if self.board != nil {
            self.board?.warn(text)
        } else {
            self.lobby.notice = Span(text, .warning)
        }
    }

    /// A message from the host.
    public mutating func receive(_ envelope: HostEnvelope) -> [Command] {
        switch envelope.message {
        case .tables(let list):
            let rows = list.tables.map(Self.row)
            self.lobby.show(rows)
            if self.board == nil, case .watch(nil) = self.intent {
                guard let first = list.tables.first(where: { $0.status == .playing }) ?? list.tables.first else {
                    return [.quit("this host has no table to watch yet")]
                }
                return [.send(.watch(TableRequest(table: first.id)))]
            }
        case .table(let update):
            return self.tableChanged(update.table)
        case .state(let update):
            return self.stateArrived(update)
        case .error(let error):
            return self.refused(error)
        case .away(let notice):
            if notice.table == self.table, let seat = Seat(rawValue: notice.seat) {
                self.board?.playerAway(seat, graceSeconds: Double(notice.graceMs ?? 0) / 1000)
            }
        case .back(let notice):
            if notice.table == self.table, let seat = Seat(rawValue: notice.seat) { self.board?.playerBack(seat) }
        case .rematchOffered(let offer):
            guard offer.table == self.table, let seat = Seat(rawValue: offer.seat), let board = self.board else { break }
            self.board?.inform(
                seat == self.seat
                    ? "Rematch offered; waiting for \(board.names[seat.opponent])"
                    : "\(board.names[seat]) offers a rematch: press n to play again")
        case .drawOffered(let offer):
            if offer.table == self.table, let seat = Seat(rawValue: offer.seat), seat != self.seat {
                let name = self.board?.names[seat] ?? offer.seat
                self.board?.inform("\(name) offers a draw")
            }
        case .welcome, .pong, .players:
            break
        }
        return []
    }

    private mutating func tableChanged(_ info: TableInfo) -> [Command] {
        if self.board == nil {
            if let mine = info.seats.first(where: { $0.player == self.player && $0.player != nil }) {
                return self.enter(info, seat: Seat(rawValue: mine.seat))
            }
            if case .watch = self.intent { return self.enter(info, seat: nil) }
            if self.creating {
                self.creating = false
                return [.send(.sit(Sit(table: info.id)))]
            }
            return []
        }
        guard info.id == self.table else { return [] }
        self.updateNames(info)
        return []
    }

    private mutating func enter(_ info: TableInfo, seat: Seat?) -> [Command] {
        self.table = info.id
        self.seat = seat
        let rules = RuleSet.named(info.ruleSet) ?? .classic
        var board = BoardModel(
            names: BySeat(a: "A", b: "B"), controlled: seat.map { [$0] } ?? [], title: "table \(info.id)",
            rules: rules, stepSeconds: self.stepSeconds)
        board.link = .online
        self.board = board
        self.updateNames(info)
        guard seat != nil, info.status == .waiting else { return [] }
        return [.send(.ready(TableRequest(table: info.id)))]
    }

    private mutating func updateNames(_ info: TableInfo) {
        guard var board = self.board else { return }
        for seatInfo in info.seats {
            guard let seat = Seat(rawValue: seatInfo.seat) else { continue }
            board.names[seat] = seatInfo.name ?? "(free seat)"
            if !seatInfo.away, board.away[seat] != nil { board.playerBack(seat) }
        }
        if info.status == .waiting {
            let free = info.seats.filter { $0.player == nil }
            board.waiting =
                free.isEmpty
                ? "Waiting for both players to be ready at table \(info.id)"
                : "Waiting for an opponent to sit at table \(info.id) (tcnet join ... --table \(info.id))"
        } else if info.status == .paused {
            board.inform("The match is paused until every player is back")
        }
        self.board = board
    }

    private mutating func stateArrived(_ update: MatchUpdate) -> [Command] {
        guard update.table == self.table, self.board != nil else { return [] }
        let newMatch = update.match != self.match
        switch self.mirror.receive(update) {
        case .desync(let reason):
            self.desyncs.append(reason)
            return [.send(.sync(TableRequest(table: update.table)))]
        case .verified, .adopted:
            break
        }
        guard let state = self.mirror.state else { return [] }
        self.match = update.match
        let events = update.events.compactMap { try? $0.decode(as: GameEvent.self) }
        var played: (seat: Seat, move: Move)?
        if let last = update.last, let seat = last.seat.flatMap(Seat.init(rawValue:)),
            let move = try? last.move.decode(as: Move.self)
        {
            played = (seat, move)
        }
        self.board?.show(state, after: played, events: events, newMatch: newMatch)
        if let result = update.result, result.reason != "finished" {
            self.board?.matchEnded(winner: result.winner.flatMap(Seat.init(rawValue:)), reason: result.reason)
        }
        return []
    }

    private mutating func refused(_ error: ErrorMessage) -> [Command] {
        if error.code == .sessionReplaced {
            return [.quit("this player was resumed on another connection")]
        }
        if error.code == .staleSeq, let table = self.table {
            self.board?.warn(error.message)
            return [.send(.sync(TableRequest(table: table)))]
        }
        if self.board != nil {
            self.board?.warn(error.message, rule: error.rule)
        } else {
            self.creating = false
            self.lobby.notice = Span(error.message, .warning)
        }
        return []
    }

    // MARK: Keys

    /// A key from the player.
    public mutating func press(_ key: Key) -> [Command] {
        guard var board = self.board, let table = self.table else {
            return self.lobby.press(key).map { action in
                switch action {
                case .sit(let id): return .send(.sit(Sit(table: id)))
                case .watch(let id):
                    self.intent = .watch(id)
                    return .send(.watch(TableRequest(table: id)))
                case .create:
                    self.creating = true
                    return .send(.createTable(CreateTable(game: TaxCollectionGame.descriptor.id, ruleSet: self.ruleSet)))
                case .refresh: return .send(.tables(TablesRequest()))
                case .quit: return .quit(nil)
                }
            }
        }
        let actions = board.press(key)
        self.board = board
        return actions.flatMap { action -> [Command] in
            switch action {
            case .move(let move):
                return [.send(.move(MoveRequest(table: table, seq: self.mirror.seq, move: JSONValue.encoding(move))))]
            case .rematch:
                return [.send(.rematch(TableRequest(table: table)))]
            case .leave:
                return [.send(.leave(TableRequest(table: table))), .quit("you left table \(table)")]
            case .quit:
                return self.seat == nil ? [.quit(nil)] : [.send(.leave(TableRequest(table: table))), .quit(nil)]
            }
        }
    }

    /// Advances the board's clock.
    public mutating func tick(now: Double) -> Bool {
        self.board?.tick(now: now) ?? false
    }

    static func row(_ info: TableInfo) -> LobbyModel.Row {
        LobbyModel.Row(
            id: info.id, ruleSet: info.ruleSet, status: info.status.rawValue,
            seats: info.seats.map { ($0.seat, $0.name) }, spectators: info.spectators)
    }
}
