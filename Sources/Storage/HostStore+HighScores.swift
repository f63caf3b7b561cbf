import Foundation
import GRDB
import Lobby
import Protocol

// MARK: - High scores, summed up from the archived matches

extension HostStore {
    static func registerHighScoreMigrations(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v6-high-scores") { db in
            // NB: no foreign key to the archive: pruning old matches does not lose the high scores.
            try db.create(table: "highScore") { table in
                table.column("archiveID", .integer).notNull()
                table.column("game", .text).notNull()
                table.column("board", .text).notNull()
                table.column("name", .text).notNull()
                table.column("score", .integer).notNull()
            }
            try db.create(index: "highScoreByBoard", on: "highScore", columns: ["board", "name"])
            for row in try Row.fetchAll(db, sql: "SELECT id, record FROM matchArchive ORDER BY id") {
                try Self.index(try Self.decode(MatchArchive.self, row["record"]), id: row["id"], db)
            }
        }
    }

    /// NB: the high scores without their index on `(board, name)`: a finished match's scores went to as
    /// many places in it as it had people, a page each written with the match's commit (a sixth of a busy
    /// host's log), for a summary read only at start-up and by `tcnet scores`, which now sorts the rows.
    static func registerUnindexedHighScoreMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v9-high-scores-unindexed") { db in
            try db.execute(sql: "DROP INDEX highScoreByBoard")
        }
    }

    /// Adds the people's scores of an archived match (its row's id) to the high scores, in the journal's
    /// transaction.
    static func index(_ archive: MatchArchive, id: Int64, _ db: Database) throws {
        for score in BoardScore.scores(of: archive) {
            try Self.run(
                db, "INSERT INTO highScore (archiveID, game, board, name, score) VALUES (?, ?, ?, ?, ?)", .integer(id),
                .text(archive.game), .text(score.board), .text(score.name), .integer(Int64(score.best)))
        }
    }

    /// Each person's best score and games on each board.
    static func boardScores(_ db: Database, game: String? = nil) throws -> [BoardScore] {
        let filter = game == nil ? "" : "WHERE game = ?"
        let sql = """
            SELECT board, name, MAX(score) AS best, COUNT(*) AS games FROM highScore \(filter)
            GROUP BY board, name ORDER BY board, best DESC, name
            """
        return try Row.fetchAll(db, sql: sql, arguments: StatementArguments(game.map { [$0] } ?? [])).map { row in
            BoardScore(board: row["board"], name: row["name"], best: row["best"], games: row["games"])
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
