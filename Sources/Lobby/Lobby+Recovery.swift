import GameKit
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
        self.now = now
        self.boards = HighScoreBoards(snapshot.boards)
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
                throw RecoveryError(
                    description: "table \(record.id) plays \(record.game), which this host does not offer")
            }
            let seatCount = record.seatCount ?? game.defaultSeatCount
            let options: GameOptions
            switch configuration.catalog.options(record.options ?? [:], game: game.id, seats: seatCount) {
            case .success(let checked): options = checked
            case .failure(let refusal):
                throw RecoveryError(description: "table \(record.id): \(refusal.message)")
            }
            var table = Table(
                id: record.id, number: record.number, game: game, ruleSet: record.ruleSet,
                graceSeconds: record.graceSeconds, onTimeout: record.onTimeout, seatCount: seatCount, options: options)
            table.status = record.status
            table.matchNumber = record.match
            table.firstSeat = record.firstSeat
            table.result = record.result
            table.bots = record.bots ?? [:]
            table.secret = record.secret.flatMap(Hex.bytes(of:)) ?? Self.legacySecret(record)
            table.startedAt = GameTime(milliseconds: record.startedAt ?? 0)
            table.content = record.content ?? [:]
            table.startsAt = record.startsAt.map(GameTime.init(milliseconds:))
            table.reserved = Set(record.reserved ?? [])
            for (seat, player) in record.seats where self.players[player] != nil {
                table.seats[seat] = player
                table.away[seat] = .some(now.adding(seconds: record.graceSeconds))
                self.players[player]?.table = record.id
            }
            if record.match > 0 {
                (table.match, table.startState) = try Self.replay(
                    record, table: table, moves: (movesByTable[record.id] ?? []).filter { $0.match == record.match },
                    catalog: configuration.catalog)
            }
            self.scheduleBots(at: &table)
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

    private static func replay(
        _ record: TableRecord, table: Table, moves: [MoveRecord], catalog: GameCatalog
    ) throws -> (match: ErasedMatch, start: EncodedJSON) {
        guard var match = catalog.startMatch(game: table.game.id, table.setup, secret: table.secret) else {
            throw RecoveryError(description: "table \(table.id): rule set \(table.ruleSet) is unknown")
        }
        let start = match.writtenFullState
        for move in moves.sorted(by: { $0.seq < $1.seq }) {
            guard move.seq == match.seq + 1 else {
                throw RecoveryError(
                    description: "table \(table.id) match \(record.match): move \(match.seq + 1) is missing")
            }
            if case .failure(let refusal) = match.replay(move.move, by: move.seat.map(Mover.seat) ?? .host) {
                throw RecoveryError(
                    description:
                        "table \(table.id) match \(record.match) move \(move.seq) no longer applies: \(refusal)")
            }
            guard match.hash == move.hash else {
                throw RecoveryError(
                    description: "table \(table.id) match \(record.match) move \(move.seq): hash \(match.hash) "
                        + "differs from the journal's \(move.hash)")
            }
        }
        return (match, start)
    }

    /// The secret of a match journalled before matches had secrets (hosts before GameKit, whose only game,
    /// Tax Collection, draws nothing): fixed by the table and match, so the replay is the same every time.
    static func legacySecret(_ record: TableRecord) -> [UInt8] {
        SHA256.digest(of: Array("tcnet legacy match \(record.id) \(record.match)".utf8))
    }
}
