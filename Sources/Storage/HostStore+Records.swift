import Foundation
import GRDB
import Lobby
import Protocol

// MARK: - Finished matches and high scores

extension HostStore {
    static func registerRecordMigrations(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v3-match-records") { db in
            try db.create(table: "matchRecord") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("game", .text).notNull().indexed()
                table.column("board", .text).notNull()
                table.column("endedAt", .integer).notNull()
                table.column("record", .text).notNull()
            }
            try db.create(table: "matchPlayer") { table in
                table.column("recordID", .integer).notNull().references("matchRecord", onDelete: .cascade)
                table.column("board", .text).notNull()
                table.column("seat", .text).notNull()
                table.column("name", .text).notNull()
                table.column("bot", .text)
                table.column("score", .integer).notNull()
                table.column("rank", .integer).notNull()
            }
            try db.create(index: "matchPlayerByBoard", on: "matchPlayer", columns: ["board", "name"])
        }
    }

    /// Writes a finished match's record, in the journal's transaction.
    static func insert(_ record: MatchRecord, _ db: Database) throws {
        try db.cachedStatement(sql: "INSERT INTO matchRecord (game, board, endedAt, record) VALUES (?, ?, ?, ?)")
            .execute(arguments: [record.game, record.board, record.endedAt, Self.json(record)])
        let id = db.lastInsertedRowID
        for player in record.players {
            try db.cachedStatement(
                sql: "INSERT INTO matchPlayer (recordID, board, seat, name, bot, score, rank) VALUES (?, ?, ?, ?, ?, ?, ?)"
            ).execute(arguments: [id, record.board, player.seat, player.name, player.bot, player.score, player.rank])
        }
    }

    /// Each person's best score and games on each board (bots do not count).
    static func boardScores(_ db: Database, game: String? = nil) throws -> [BoardScore] {
        let filter = game == nil ? "" : "AND r.game = ?"
        let sql = """
            SELECT p.board, p.name, MAX(p.score) AS best, COUNT(*) AS games
            FROM matchPlayer p JOIN matchRecord r ON r.id = p.recordID
            WHERE p.bot IS NULL \(filter)
            GROUP BY p.board, p.name ORDER BY p.board, best DESC, p.name
            """
        return try Row.fetchAll(db, sql: sql, arguments: StatementArguments(game.map { [$0] } ?? [])).map { row in
            BoardScore(board: row["board"], name: row["name"], best: row["best"], games: row["games"])
        }
    }

    /// The records of a game's finished matches, oldest first.
    /// - Parameter game: the game's id.
    public func matchRecords(game: String) throws(HostStoreError) -> [MatchRecord] {
        do {
            return try self.pool.read { db in
                try String.fetchAll(db, sql: "SELECT record FROM matchRecord WHERE game = ? ORDER BY id", arguments: [game])
                    .map { try Self.decode(MatchRecord.self, $0) }
            }
        } catch {
            throw HostStoreError(folder: self.path, reason: "cannot read the match records: \(Self.reason(error))")
        }
    }

    /// Every board of a game: each person's best score and number of games.
    /// - Parameter game: the game's id.
    public func boardScores(game: String) throws(HostStoreError) -> [BoardScore] {
        do {
            return try self.pool.read { try Self.boardScores($0, game: game) }
        } catch {
            throw HostStoreError(folder: self.path, reason: "cannot read the high scores: \(Self.reason(error))")
        }
    }
}
