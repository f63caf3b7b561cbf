import GameKit
import Protocol

// MARK: - Tables: create, sit, ready, leave, watch

extension Lobby {
    mutating func createTable(
        _ request: CreateTable, by connection: ConnectionID, re: RequestID?, into outcome: inout LobbyOutcome
    ) {
        let catalog = self.configuration.catalog
        let fallback = self.referee.refusesUnknownGames ? nil : catalog.descriptors.first
        guard let game = catalog.game(request.game)?.descriptor ?? fallback else {
            let offered = self.configuration.catalog.descriptors.map(\.id).joined(separator: ", ")
            outcome.refuse(
                .noSuchGame, "this host offers no game \"\(request.game)\"; it offers: \(offered)",
                to: connection, re: re)
            return
        }
        let ruleSet = self.referee.checksRuleSets ? request.ruleSet ?? game.ruleSets[0] : game.ruleSets[0]
        guard game.ruleSets.contains(ruleSet) else {
            outcome.refuse(
                .noSuchRuleSet,
                "\(game.name) has no rule set \"\(ruleSet)\"; choose one of: \(game.ruleSets.joined(separator: ", "))",
                to: connection, re: re)
            return
        }
        let grace = request.graceSeconds ?? (self.referee.usesDefaultGrace ? self.configuration.defaultGraceSeconds : 0)
        guard (0...self.configuration.maxGraceSeconds).contains(grace) || !self.referee.checksGraceRange else {
            outcome.refuse(
                .invalidSetting,
                "graceSeconds must be 0 to \(self.configuration.maxGraceSeconds), not \(grace)", to: connection, re: re)
            return
        }
        let seatCount = request.seats ?? game.defaultSeatCount
        guard game.seatCounts.contains(seatCount) else {
            let counts = game.seatCounts
            let allowed = counts.count == 1 ? "\(counts.lowerBound)" : "\(counts.lowerBound) to \(counts.upperBound)"
            outcome.refuse(
                .invalidSetting, "a table of \(game.name) has \(allowed) seats, not \(seatCount)",
                to: connection, re: re)
            return
        }
        let options: GameOptions
        switch self.configuration.catalog.options(request.options ?? [:], game: game.id, seats: seatCount) {
        case .success(let checked):
            options = checked
        case .failure(let refusal):
            outcome.refuse(.invalidOption, refusal.message, to: connection, re: re, option: refusal.option)
            return
        }
        let content: [String: GameContent]
        switch self.resolveContent(of: game, options) {
        case .success(let resolved):
            content = resolved
        case .failure(let refusal):
            outcome.refuse(.invalidOption, refusal.message, to: connection, re: re, option: refusal.option)
            return
        }
        let needed = self.configuration.catalog.features(game: game.id, options: options)
        if needed.contains(.speech), let missing = self.configuration.voice.missing {
            outcome.refuse(
                .invalidOption, "\(game.name) with these options needs the host to speak, and it cannot: \(missing)",
                to: connection, re: re)
            return
        }
        if needed.contains(.speech), self.configuration.voice.framesNeeded > self.configuration.maxFrame {
            // NB: each `state` would exceed maxFrame and be sent as internal-error (F-2): refused up front.
            outcome.refuse(
                .invalidOption,
                "\(game.name) with these options sends sounds of up to \(self.configuration.voice.largestClip) bytes, "
                    + "and this host's messages are limited to \(self.configuration.maxFrame) (maxFrame): "
                    + "choose options without sound, or ask the teacher to raise the host's limit",
                to: connection, re: re)
            return
        }
        self.tableNumbers += 1
        var table = Table(
            id: "t\(self.tableNumbers)", number: self.tableNumbers, game: game, ruleSet: ruleSet,
            graceSeconds: grace, onTimeout: request.onTimeout ?? .pause, seatCount: seatCount, options: options)
        table.content = content
        self.tables[table.id] = table
        outcome.journal.append(.table(table.record))
        outcome.send(.table(TableUpdate(table: self.info(of: table))), to: connection, re: re)
    }

    /// The content each library option of a table names: none for a built-in name, else the library's.
    private func resolveContent(
        of game: GameDescriptor, _ options: GameOptions
    ) -> Result<[String: GameContent], OptionRefusal> {
        var content: [String: GameContent] = [:]
        for option in game.options {
            guard case .library(let builtIn, _) = option.kind else { continue }
            let name = options.choice(option.name)
            if builtIn.contains(name) { continue }
            guard let found = self.configuration.library.content(game: game.id, name: name) else {
                let known = builtIn + self.configuration.library.names(game: game.id)
                return .failure(
                    OptionRefusal(
                        option: option.name,
                        message: "option \(option.name): this host has no \"\(name)\"; it has "
                            + known.joined(separator: ", ")))
            }
            content[option.name] = found
        }
        return .success(content)
    }

    mutating func sit(
        _ player: PlayerID, _ request: Sit, on connection: ConnectionID, re: RequestID?,
        into outcome: inout LobbyOutcome
    ) {
        guard var table = self.tables[request.table] else {
            outcome.refuse(
                .noSuchTable, "there is no table \(request.table); send tables for the list",
                to: connection, re: re)
            return
        }
        if request.bot == nil, let current = self.players[player]?.table, self.referee.oneTablePerPlayer {
            outcome.refuse(
                .alreadySeated, "you already sit at table \(current); leave it first", to: connection, re: re)
            return
        }
        guard table.status == .waiting || table.status == .over else {
            outcome.refuse(
                .seatUnavailable, "table \(table.id) is in a match; watch it instead", to: connection, re: re)
            return
        }
        if let bot = request.bot, !table.game.bots.contains(bot) {
            let offered = table.game.bots.isEmpty ? "it has none" : "it has " + table.game.bots.joined(separator: ", ")
            outcome.refuse(.noSuchBot, "\(table.game.name) has no bot \"\(bot)\"; \(offered)", to: connection, re: re)
            return
        }
        let seat: String
        if let wanted = request.seat {
            guard table.seatOrder.contains(wanted) else {
                outcome.refuse(
                    .seatUnavailable,
                    "table \(table.id) has seats \(table.seatOrder.joined(separator: ", ")), not \"\(wanted)\"",
                    to: connection, re: re)
                return
            }
            guard table.isFree(wanted) || !self.referee.protectsTakenSeats else {
                outcome.refuse(.seatUnavailable, "seat \(wanted) at table \(table.id) is taken", to: connection, re: re)
                return
            }
            seat = wanted
        } else {
            guard let free = table.seatOrder.first(where: table.isFree) else {
                outcome.refuse(.seatUnavailable, "table \(table.id) has no free seat", to: connection, re: re)
                return
            }
            seat = free
        }
        if let bot = request.bot {
            self.seatBot(bot, at: seat, of: &table, re: (connection, re), into: &outcome)
            self.tables[table.id] = table
            return
        }
        table.seats[seat] = player
        if self.referee.sittingStopsWatching { table.spectators.remove(connection) }
        if table.status == .over {
            table.status = .waiting
        }
        table.rematchOffers = []
        self.players[player]?.table = table.id
        self.tables[table.id] = table
        if let record = self.players[player]?.record {
            outcome.journal.append(.player(record))
        }
        outcome.journal.append(.table(table.record))
        self.broadcastTable(table, re: (connection, re), into: &outcome)
    }

    mutating func ready(
        _ player: PlayerID, at table: inout Table, on connection: ConnectionID, re: RequestID?,
        into outcome: inout LobbyOutcome
    ) {
        guard let seat = outcome.seat(of: player, at: table, refusing: connection, re: re, hint: "; sit first") else {
            return
        }
        guard table.status == .waiting else {
            outcome.refuse(
                .notPlaying, "table \(table.id) is not waiting for players (it is \(table.status.rawValue))",
                to: connection, re: re)
            return
        }
        table.ready.insert(seat)
        self.startIfReady(&table, re: (connection, re), into: &outcome)
    }

    /// Starts the match when every seat is taken and ready (bots always are) and nobody is away; else
    /// tells the table who is ready.
    mutating func startIfReady(
        _ table: inout Table, re: (ConnectionID, RequestID?)?, into outcome: inout LobbyOutcome
    ) {
        let early = !self.referee.startsWhenEveryoneIsReady
        let allReady = table.ready.union(table.bots.keys).count == table.seatOrder.count
        if table.isFull || early, allReady || early, table.away.isEmpty {
            self.startMatch(at: &table, re: re, into: &outcome)
        } else {
            self.broadcastTable(table, re: re, into: &outcome)
        }
    }

    /// Seats one of the game's bots: it is ready at once.
    mutating func seatBot(
        _ bot: String, at seat: SeatName, of table: inout Table, re: (ConnectionID, RequestID?),
        into outcome: inout LobbyOutcome
    ) {
        if let player = table.seats.removeValue(forKey: seat) { self.players[player]?.table = nil }
        table.bots[seat] = bot
        if table.status == .over { table.status = .waiting }
        table.rematchOffers = []
        outcome.journal.append(.table(table.record))
        // NB: whoever seats a bot is answered, member of the table or not.
        if !self.isMember(re.0, of: table) {
            outcome.send(.table(TableUpdate(table: self.info(of: table))), to: re.0, re: re.1)
        }
        self.startIfReady(&table, re: re, into: &outcome)
    }

    mutating func leave(
        _ player: PlayerID, from table: inout Table, on connection: ConnectionID, re: RequestID?,
        into outcome: inout LobbyOutcome
    ) {
        if let seat = table.seat(of: player) {
            if table.status == .playing || table.status == .paused, self.referee.leavingResigns {
                // NB: leaving a match is resigning it; the others are told the result first.
                self.seatLeaves(seat, .resigned, at: &table, re: nil, into: &outcome)
            }
            self.unseat(seat, at: &table, into: &outcome)
            outcome.send(.table(TableUpdate(table: self.info(of: table))), to: connection, re: re)
            self.broadcastTable(table, re: nil, into: &outcome)
        } else if table.spectators.remove(connection) != nil {
            outcome.send(.table(TableUpdate(table: self.info(of: table))), to: connection, re: re)
            self.broadcastTable(table, re: nil, into: &outcome)
        } else {
            outcome.refuse(.notAPlayer, "you neither sit at nor watch table \(table.id)", to: connection, re: re)
        }
    }

    mutating func watch(
        _ table: inout Table, on connection: ConnectionID, re: RequestID?, into outcome: inout LobbyOutcome
    ) {
        let player = self.playerByConnection[connection]
        let viewer: Viewer = player.flatMap(table.seat(of:)).map(Viewer.seat) ?? .spectator
        if viewer == .spectator {
            table.spectators.insert(connection)
        }
        outcome.send(.table(TableUpdate(table: self.info(of: table))), to: connection, re: re)
        if table.match != nil {
            outcome.send(.state(self.update(of: table, for: viewer)), to: connection)
        }
        for notice in self.awayNotices(at: table) { outcome.send(notice, to: connection) }
        self.broadcastTable(table, re: nil, except: connection, into: &outcome)
    }

    /// Frees a seat and, with it, the player's hold on the table; a player left without seat or connection
    /// is forgotten, unless `keepingPlayer` (the host moves them to another table).
    mutating func unseat(
        _ seat: String, at table: inout Table, keepingPlayer: Bool = false, into outcome: inout LobbyOutcome
    ) {
        guard let player = table.seats.removeValue(forKey: seat) else { return }
        table.ready.remove(seat)
        table.away.removeValue(forKey: seat)
        table.drawOffers = []
        table.rematchOffers = []
        if table.status == .over {
            table.status = .waiting
        } else if table.status == .playing || table.status == .paused, table.seats.isEmpty, let match = table.match {
            // NB: a game that went on without the seat, and only the host's bots are left: nobody plays.
            self.endMatch(
                at: &table, result: match.endedResult(reason: "abandoned", last: [], draw: false), re: nil,
                into: &outcome)
            table.status = .waiting
        }
        self.players[player]?.table = nil
        outcome.journal.append(.table(table.record))
        if self.players[player]?.connection == nil, !keepingPlayer {
            self.forget(player, into: &outcome)
        }
    }

    /// Drops a player who is neither connected nor seated.
    mutating func forget(_ player: PlayerID, into outcome: inout LobbyOutcome) {
        guard let record = self.players.removeValue(forKey: player) else { return }
        self.playerByToken.removeValue(forKey: record.token)
        if self.referee.freesForgottenNames {
            self.playerByNameKey.removeValue(forKey: PlayerName.uniquenessKey(record.name))
        }
        outcome.journal.append(.forgetPlayer(player))
    }

    // MARK: Describing and telling

    func info(of table: Table) -> TableInfo {
        let seats = table.seatOrder.map { seat -> SeatInfo in
            if let bot = table.bots[seat] {
                return SeatInfo(seat: seat, name: "\(bot) bot", ready: true, bot: bot)
            }
            guard let id = table.seats[seat], let player = self.players[id] else { return SeatInfo(seat: seat) }
            return SeatInfo(
                seat: seat, player: id, name: player.name, ready: table.ready.contains(seat),
                away: table.away[seat] != nil)
        }
        return TableInfo(
            id: table.id, game: table.game.id, ruleSet: table.ruleSet, status: table.status, seats: seats,
            spectators: table.spectators.count, graceSeconds: table.graceSeconds, onTimeout: table.onTimeout,
            match: table.matchNumber,
            options: table.game.options.isEmpty ? nil : GameCatalog.json(table.options),
            pausedBy: table.status != .paused ? nil : table.haltedByDisk ? .diskFull : .away)
    }

    /// Calls `body` with each connection that follows a table, in order: its present players, then its
    /// spectators.
    ///
    /// NB: no list: the lobby visits a table's members for every state it sends.
    func forEachMember(of table: Table, _ body: (ConnectionID, Viewer) -> Void) {
        for seat in table.seatOrder {
            if let id = table.player(in: seat), let connection = self.players[id]?.connection {
                body(connection, .seat(seat))
            }
        }
        if !table.spectators.isEmpty, self.referee.tellsSpectators {
            for connection in table.spectators.sorted() { body(connection, .spectator) }
        }
    }

    /// Whether `connection` follows the table (``forEachMember(of:_:)``).
    func isMember(_ connection: ConnectionID, of table: Table) -> Bool {
        var found = false
        self.forEachMember(of: table) { member, _ in found = found || member == connection }
        return found
    }

    /// Sends a message built per viewer to every member; the requester's copy carries `re`.
    ///
    /// With `sameForEveryone` (a game that hides nothing), the message is built once, for the first
    /// member, and that one value goes to everyone.
    func broadcast(
        _ table: Table, re: (ConnectionID, RequestID?)?, except excluded: ConnectionID? = nil,
        sameForEveryone: Bool = false, into outcome: inout LobbyOutcome, _ message: (Viewer) -> HostMessage
    ) {
        self.broadcast(table, re: re, except: excluded, sameForEveryone: sameForEveryone, into: &outcome) {
            viewer, _ in message(viewer)
        }
    }

    /// Sends a message built per viewer to every member, as the `broadcast` above, with the table handed
    /// to `message`.
    ///
    /// NB: for a caller whose table is `inout`: a closure that captured it had the whole table copied for
    /// the call (every move's `state`: 1 330 instructions a move in `bench lobby`, 0.9 % of the samples of
    /// a busy host).
    func broadcast(
        _ table: Table, re: (ConnectionID, RequestID?)?, except excluded: ConnectionID? = nil,
        sameForEveryone: Bool = false, into outcome: inout LobbyOutcome, _ message: (Viewer, Table) -> HostMessage
    ) {
        var shared: HostMessage?
        self.forEachMember(of: table) { connection, viewer in
            guard connection != excluded else { return }
            let id = connection == re?.0 ? re?.1 : nil
            if sameForEveryone {
                let built = shared ?? message(viewer, table)
                shared = built
                outcome.send(built, to: connection, re: id)
            } else {
                outcome.send(message(viewer, table), to: connection, re: id)
            }
        }
    }

    func broadcastTable(
        _ table: Table, re: (ConnectionID, RequestID?)?, except excluded: ConnectionID? = nil,
        into outcome: inout LobbyOutcome
    ) {
        let info = self.info(of: table)
        self.broadcast(table, re: re, except: excluded, into: &outcome) { _ in .table(TableUpdate(table: info)) }
    }
}
