import Protocol

/// The journal cannot be replayed: a move no longer applies, or a hash differs.
public struct RecoveryError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, naming the table and move.
    public var description: String
}

extension Lobby {
    /// Rebuilds the lobby from its journal after a restart.
    ///
    /// Every seated player comes back away, with a fresh grace period from `now`; every match is
    /// replayed move by move through the rules, and each move's hash is checked against the journal.
    /// - Parameters:
    ///   - snapshot: what the journal holds.
    ///   - configuration: the lobby's configuration.
    ///   - now: the current time.
    /// - Throws: ``RecoveryError`` when the journal does not replay.
    public init(restoring snapshot: JournalSnapshot, configuration: LobbyConfiguration, now: LobbyTime) throws {
        self.init(configuration: configuration)
        for record in snapshot.players {
            self.arrivals += 1
            self.players[record.id] = Player(
                id: record.id, name: record.name, token: record.token, connection: nil, table: nil,
                arrival: self.arrivals)
            self.playerByToken[record.token] = record.id
            self.playerByNameKey[PlayerName.uniquenessKey(record.name)] = record.id
        }
        let movesByTable = Dictionary(grouping: snapshot.moves, by: \.table)
        for record in snapshot.tables.sorted(by: { $0.number < $1.number }) {
            guard let game = configuration.catalog.game(record.game)?.descriptor else {
                throw RecoveryError(description: "table \(record.id) plays \(record.game), which this host does not offer")
            }
            var table = Table(
                id: record.id, number: record.number, game: game, ruleSet: record.ruleSet,
                graceSeconds: record.graceSeconds, onTimeout: record.onTimeout)
            table.status = record.status
            table.matchNumber = record.match
            table.firstSeat = record.firstSeat
            table.result = record.result
            for (seat, player) in record.seats where self.players[player] != nil {
                table.seats[seat] = player
                table.away[seat] = .some(now.adding(seconds: record.graceSeconds))
                self.players[player]?.table = record.id
            }
            if record.match > 0 {
                table.match = try Self.replay(
                    record, moves: (movesByTable[record.id] ?? []).filter { $0.match == record.match },
                    catalog: configuration.catalog)
            }
            self.tables[record.id] = table
            self.tableNumbers = max(self.tableNumbers, record.number)
        }
        // NB: a journalled player who no longer holds a seat has nothing to resume.
        for (id, player) in self.players where player.table == nil {
            self.players.removeValue(forKey: id)
            self.playerByToken.removeValue(forKey: player.token)
            self.playerByNameKey.removeValue(forKey: PlayerName.uniquenessKey(player.name))
        }
    }

    private static func replay(_ table: TableRecord, moves: [MoveRecord], catalog: GameCatalog) throws -> any AnyMatch {
        guard var match = catalog.startMatch(game: table.game, ruleSet: table.ruleSet, firstSeat: table.firstSeat) else {
            throw RecoveryError(description: "table \(table.id): rule set \(table.ruleSet) is unknown")
        }
        for move in moves.sorted(by: { $0.seq < $1.seq }) {
            guard move.seq == match.seq + 1 else {
                throw RecoveryError(description: "table \(table.id) match \(table.match): move \(match.seq + 1) is missing")
            }
            if case .failure(let refusal) = match.apply(move.move) {
                throw RecoveryError(
                    description: "table \(table.id) match \(table.match) move \(move.seq) no longer applies: \(refusal)")
            }
            guard match.hash == move.hash else {
                throw RecoveryError(
                    description: "table \(table.id) match \(table.match) move \(move.seq): hash \(match.hash) differs from the journal's \(move.hash)")
            }
        }
        return match
    }
}
