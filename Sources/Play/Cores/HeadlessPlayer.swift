import Foundation
import GameKit
import Peer
import Protocol

/// `tcnet join --bot`: a seat played by a bot without a screen. It finds a table of its game (the one
/// named, the first with a free seat, or a new one), sits, plays every turn with ``SeatPlayer`` and
/// reports one line per state.
public struct HeadlessPlayer: Sendable {
    /// What the driver must do.
    public enum Command: Sendable, Equatable {
        case send(ClientMessage)
        /// Print this line on standard output.
        case print(String)
        /// The match is over (or cannot be played): stop with this exit status.
        case finish(status: Int32, line: String)
    }

    let bot: String
    let seed: UInt64
    let table: TableID?
    let game: String
    let ruleSet: String?
    let options: [String: JSONValue]?
    let games: BotCatalog
    var player: PlayerID?
    var seated: (any SeatBot)?
    /// The table and seat ``seated`` plays.
    var seatedAt: (table: TableID, seat: SeatName)?
    var creating = false
    /// Whether it follows a tournament: it plays the games the host calls it to (`go-to-table`), round
    /// after round, instead of one match.
    let follow: Bool

    /// Creates the player.
    /// - Parameters:
    ///   - bot: one of the game's bots.
    ///   - seed: where the bot's choices start.
    ///   - table: the table to sit at, or `nil` for any of its game.
    ///   - game: the game it plays (and opens a table of).
    ///   - ruleSet: the rule set of a table it opens.
    ///   - options: the options of a table it opens.
    ///   - games: the games it can play.
    ///   - follow: play the tournament games the host calls it to, until the session ends.
    public init(
        bot: String, seed: UInt64, table: TableID?, game: String, ruleSet: String?,
        options: [String: JSONValue]? = nil, games: BotCatalog, follow: Bool = false
    ) {
        self.follow = follow
        self.bot = bot
        self.seed = seed
        self.table = table
        self.game = game
        self.ruleSet = ruleSet
        self.options = options
        self.games = games
    }

    /// The host said `welcome`.
    public mutating func connected(_ welcome: Welcome) -> [Command] {
        self.player = welcome.player
        if welcome.resumed {
            self.seated?.reconnected()
            return [.print("resumed as \(welcome.name)")]
        }
        if let table { return [.send(.sit(Sit(table: table)))] }
        if self.follow { return [.print("connected as \(welcome.name); waiting to be called to a table")] }
        return [.send(.tables(TablesRequest()))]
    }

    /// A message from the host.
    public mutating func receive(_ envelope: HostEnvelope) -> [Command] {
        switch envelope.message {
        case .goToTable(let call) where self.follow:
            self.unseat()
            let line = "round \(call.round) of \(call.tournament): \(call.table) as \(call.seat)"
            return [
                .print("\(line) against \(call.opponent)"),
                .send(.watch(TableRequest(table: call.table))),
            ]
        case .tables(let list) where self.seated == nil:
            let free = list.tables.first { table in
                table.game == self.game && table.status == .waiting
                    && table.seats.contains { $0.player == nil && $0.bot == nil }
            }
            if let free { return [.send(.sit(Sit(table: free.id)))] }
            // NB: a long list comes in pages (P-3); a free table may be on a later one.
            if let next = list.next { return [.send(.tables(TablesRequest(after: next)))] }
            self.creating = true
            return [.send(.createTable(CreateTable(game: self.game, ruleSet: self.ruleSet, options: self.options)))]
        case .table(let update):
            let info = update.table
            // NB: a player holds one seat at a time, so a table not over that shows this player seated is
            // where they play, even when it is not the table played before: after a host's restart the
            // `go-to-table` of a round paired just before may never have come, and the resumed session's
            // `table` is all there is. A finished table's later updates never seat the bot again.
            if info.status != .over,
                let mine = info.seats.first(where: { $0.player != nil && $0.player == self.player }),
                self.seatedAt?.table != info.id || self.seatedAt?.seat != mine.seat
            {
                guard
                    let seated = self.games.player(
                        game: info.game, table: info.id, seat: mine.seat, bot: self.bot, seed: self.seed)
                else {
                    return [.finish(status: 1, line: "this client cannot play \(info.game), the game of \(info.id)")]
                }
                self.seated = seated
                self.seatedAt = (info.id, mine.seat)
                self.creating = false
                return [
                    .print("seated at \(info.id) as \(mine.seat); waiting for the match"),
                    .send(.ready(TableRequest(table: info.id))),
                ]
            }
            // NB: a seat is ready only while its player is connected (the host forgets it when they go away),
            // so a bot resumed at a table still waiting says ready again; else both seats wait for ever.
            if info.status == .waiting, self.seatedAt?.table == info.id,
                let mine = info.seats.first(where: { $0.player != nil && $0.player == self.player }),
                !mine.ready, !mine.away
            {
                return [.send(.ready(TableRequest(table: info.id)))]
            }
            if self.seated == nil, self.creating {
                self.creating = false
                return [.send(.sit(Sit(table: info.id)))]
            }
        case .state(let update):
            guard var seated = self.seated, update.table == self.seatedAt?.table else { return [] }
            let action = seated.receive(envelope)
            self.seated = seated
            var commands: [Command] = [.print(Self.line(update))]
            switch action {
            case .wait: break
            case .send(let message): commands.append(.send(message))
            case .finished(let result) where self.follow:
                self.unseat()
                commands.append(.print("match over: \(Self.summary(result))"))
            case .finished(let result):
                commands.append(.finish(status: 0, line: "match over: \(Self.summary(result))"))
            }
            return commands
        case .error(let error):
            if error.code == .staleSeq || error.code == .notYourTurn { return [] }
            if self.seated == nil, !self.follow {
                return [.finish(status: 1, line: "the host refused: \(error.message)")]
            }
            return [.print("host: \(error.code): \(error.message)")]
        default:
            break
        }
        return []
    }

    /// Forgets the seat played: its match is over, or the host called this player elsewhere.
    private mutating func unseat() {
        self.seated = nil
        self.seatedAt = nil
    }

    /// One line for a state: the match, the move, the state, and the state's hash last (the host
    /// journals a state before sending it, D-1: `.ci/chaos.sh` finds every printed hash in the journal).
    static func line(_ update: MatchUpdate) -> String {
        var text = "\(update.table) match \(update.match) seq \(update.seq)"
        if let last = update.last { text += " \(last.seat ?? "host") played \(last.move)" }
        text += " | \(update.state)"
        if let turn = update.turn { text += " | \(turn) to move" }
        if let toAct = update.toAct { text += " | \(toAct.joined(separator: ", ")) may move" }
        if let result = update.result { text += " | \(Self.summary(result))" }
        text += " | hash \(update.hash)"
        return text
    }

    /// A result in words: the winner, or the standings.
    static func summary(_ result: MatchResult) -> String {
        if let winner = result.winner { return "winner \(winner) (\(result.reason))" }
        let places = (result.standings ?? []).map { "\($0.rank). \($0.seat) \($0.score)" }.joined(separator: ", ")
        return "\(result.reason): \(places)"
    }
}

/// Runs a ``HeadlessPlayer`` over a session; prints to standard output.
public enum HeadlessApp {
    /// Plays until the match ends.
    /// - Returns: the exit status.
    public static func run(_ player: HeadlessPlayer, session: ClientSession) async -> Int32 {
        var player = player
        let running = Task { await session.run() }
        defer { running.cancel() }
        for await event in session.events {
            var commands: [HeadlessPlayer.Command] = []
            switch event {
            case .connected(let welcome): commands = player.connected(welcome)
            case .message(let envelope): commands = player.receive(envelope)
            case .reconnecting(let attempt, let reason): commands = [.print("reconnecting (try \(attempt)): \(reason)")]
            case .ended(let end):
                Self.emit("session ended: \(end)")
                switch end {
                case .unreachable, .lost: return 2
                case .closed, .refused: return 1
                }
            }
            for command in commands {
                switch command {
                case .send(let message): await session.send(message)
                case .print(let line): Self.emit(line)
                case .finish(let status, let line):
                    Self.emit(line)
                    await session.close()
                    return status
                }
            }
        }
        return 1
    }

    static func emit(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
