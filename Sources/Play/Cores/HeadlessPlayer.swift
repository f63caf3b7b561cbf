import Lobby
import Peer
import Protocol
import TaxCollectionRules

/// `tcnet join --bot`: a seat played by a bot without a screen. It finds a table (the one named, the
/// first with a free seat, or a new one), sits, plays every turn with ``SeatPlayer`` and reports one
/// line per state.
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
    let ruleSet: String?
    var player: PlayerID?
    var seated: SeatPlayer<TaxCollectionGame>?
    var creating = false

    /// Creates the player.
    /// - Parameters:
    ///   - bot: "random", "greedy" or "strong".
    ///   - seed: where the bot's choices start.
    ///   - table: the table to sit at, or `nil` for any.
    ///   - ruleSet: the rule set of a table it opens.
    public init(bot: String, seed: UInt64, table: TableID?, ruleSet: String?) {
        self.bot = bot
        self.seed = seed
        self.table = table
        self.ruleSet = ruleSet
    }

    /// The host said `welcome`.
    public mutating func connected(_ welcome: Welcome) -> [Command] {
        self.player = welcome.player
        if welcome.resumed {
            self.seated?.reconnected()
            return [.print("resumed as \(welcome.name)")]
        }
        if let table { return [.send(.sit(Sit(table: table)))] }
        return [.send(.tables(TablesRequest()))]
    }

    /// A message from the host.
    public mutating func receive(_ envelope: HostEnvelope) -> [Command] {
        switch envelope.message {
        case .tables(let list) where self.seated == nil:
            if let free = list.tables.first(where: { $0.status == .waiting && $0.seats.contains { $0.player == nil } }) {
                return [.send(.sit(Sit(table: free.id)))]
            }
            // NB: a long list comes in pages (P-3); a free table may be on a later one.
            if let next = list.next { return [.send(.tables(TablesRequest(after: next)))] }
            self.creating = true
            return [.send(.createTable(CreateTable(game: TaxCollectionGame.descriptor.id, ruleSet: self.ruleSet)))]
        case .table(let update):
            let info = update.table
            if self.seated == nil {
                if let mine = info.seats.first(where: { $0.player != nil && $0.player == self.player }) {
                    self.seated = SeatPlayer(table: info.id, seat: mine.seat, bot: self.bot, seed: self.seed)
                    return [
                        .print("seated at \(info.id) as \(mine.seat); waiting for the match"),
                        .send(.ready(TableRequest(table: info.id))),
                    ]
                }
                if self.creating {
                    self.creating = false
                    return [.send(.sit(Sit(table: info.id)))]
                }
            }
        case .state(let update):
            guard var seated = self.seated else { return [] }
            let action = seated.receive(envelope)
            self.seated = seated
            var commands: [Command] = [.print(Self.line(update))]
            switch action {
            case .wait: break
            case .send(let message): commands.append(.send(message))
            case .finished(let result):
                commands.append(.finish(status: 0, line: "match over: winner \(result.winner) (\(result.reason))"))
            }
            return commands
        case .error(let error):
            if error.code == .staleSeq || error.code == .notYourTurn { return [] }
            if self.seated == nil { return [.finish(status: 1, line: "the host refused: \(error.message)")] }
            return [.print("host: \(error.code): \(error.message)")]
        default:
            break
        }
        return []
    }

    /// One line for a state: the match, the move, the board.
    static func line(_ update: MatchUpdate) -> String {
        var text = "\(update.table) match \(update.match) seq \(update.seq)"
        if let last = update.last { text += " \(last.seat) played \(last.move)" }
        if let state = try? update.state.decode(as: GameState.self) {
            let banks = state.banks
            text += " | top \(state.top) A \(banks.a) B \(banks.b) bottom \(state.bottom)"
            text += " | collections A \(state.collections.a) B \(state.collections.b)"
        }
        if let turn = update.turn { text += " | \(turn) to move" }
        if let result = update.result { text += " | winner \(result.winner)" }
        return text
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
            case .ended(let reason):
                Self.emit("session ended: \(reason)")
                return 1
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

import Foundation
