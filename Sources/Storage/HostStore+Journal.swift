import Foundation
import GRDB
import GRDBSQLite
import GameKit
import Lobby
import Protocol

// MARK: - The match journal

extension HostStore {
    static func registerJournalMigrations(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v2-journal") { db in
            try db.create(table: "player") { table in
                table.column("id", .text).primaryKey()
                table.column("name", .text).notNull()
                table.column("token", .text).notNull().unique()
            }
            try db.create(table: "gameTable") { table in
                table.column("id", .text).primaryKey()
                table.column("number", .integer).notNull().unique()
                table.column("record", .text).notNull()
            }
            try db.create(table: "move") { table in
                table.column("tableID", .text).notNull()
                table.column("match", .integer).notNull()
                table.column("seq", .integer).notNull()
                table.column("record", .text).notNull()
                table.primaryKey(["tableID", "match", "seq"])
            }
        }
    }

    static func registerArchiveMigrations(_ migrator: inout DatabaseMigrator) {
        // NB: 0.2: finished matches are kept, not deleted with the next match's start.
        migrator.registerMigration("v3-archive") { db in
            try db.create(table: "matchArchive") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("tableID", .text).notNull()
                table.column("match", .integer).notNull()
                table.column("game", .text).notNull()
                table.column("endedAt", .integer).notNull().indexed()
                table.column("record", .text).notNull()
                table.uniqueKey(["tableID", "match", "endedAt"])
            }
            try db.create(table: "archivedMove") { table in
                table.column("archiveID", .integer).notNull().references("matchArchive", onDelete: .cascade)
                table.column("seq", .integer).notNull()
                table.column("record", .text).notNull()
                table.primaryKey(["archiveID", "seq"])
            }
        }
    }

    static func registerMoveLogMigrations(_ migrator: inout DatabaseMigrator) {
        // NB: `move` without its primary key, each move appended to its last page (see commit(_:)).
        migrator.registerMigration("v7-move-log") { db in
            try db.execute(
                sql: """
                    CREATE TABLE moveLog (
                        tableID TEXT NOT NULL, match INTEGER NOT NULL, seq INTEGER NOT NULL, record TEXT NOT NULL);
                    INSERT INTO moveLog (tableID, match, seq, record)
                        SELECT tableID, match, seq, record FROM move ORDER BY tableID, match, seq;
                    DROP TABLE move;
                    ALTER TABLE moveLog RENAME TO move;
                    """)
        }
        // NB: an archived match's moves stay in `move`, listed by their row ids in its archive: archiving
        // copied each move into `archivedMove` (and its index), and the sweep deleted it from `move`, a page
        // apart from the other tables' moves of the same minutes (see commit(_:)).
        migrator.registerMigration("v8-archive-in-place") { db in
            try db.execute(sql: "ALTER TABLE matchArchive ADD COLUMN moveRows TEXT NOT NULL DEFAULT '[]'")
            // NB: the archived matches' rows still in `move` are copies of their archivedMove rows.
            try db.execute(
                sql: """
                    DELETE FROM move WHERE EXISTS (
                        SELECT 1 FROM matchArchive WHERE matchArchive.tableID = move.tableID
                            AND matchArchive.match = move.match)
                    """)
            let archives = try Row.fetchAll(db, sql: "SELECT id, tableID, match FROM matchArchive ORDER BY id")
            for archive in archives {
                let moves = try Row.fetchAll(
                    db, sql: "SELECT seq, record FROM archivedMove WHERE archiveID = ? ORDER BY seq",
                    arguments: [archive[0]])
                var rows: [Int64] = []
                for move in moves {
                    try db.execute(
                        sql: "INSERT INTO move (tableID, match, seq, record) VALUES (?, ?, ?, ?)",
                        arguments: [archive[1], archive[2], move[0], move[1]])
                    rows.append(db.lastInsertedRowID)
                }
                try db.execute(
                    sql: "UPDATE matchArchive SET moveRows = ? WHERE id = ?", arguments: [Self.list(rows), archive[0]])
            }
            try db.execute(sql: "DROP TABLE archivedMove")
        }
    }

    static func registerTournamentMigrations(_ migrator: inout DatabaseMigrator) {
        // NB: 0.3: tournaments, each one row holding its whole state, replaced on every change.
        migrator.registerMigration("v4-tournament") { db in
            try db.create(table: "tournament") { table in
                table.column("id", .text).primaryKey()
                table.column("number", .integer).notNull().unique()
                table.column("record", .text).notNull()
            }
        }
    }

    /// The table records after which the moves of the tables' finished matches are deleted, all in
    /// one transaction.
    static let sweepEvery = 64

    /// Commits journal entries in one transaction.
    ///
    /// NB: cached statements: a move's insert is compiled once per connection, not once per move.
    /// NB: `move` has no index (`v7-move-log`): each move is appended to the table's last page, where
    /// an index on `(tableID, match, seq)` put each move of a group commit on a page of its own. The
    /// store keeps the row ids of each table's current match (``MoveLog``): a finished match's archive
    /// lists those rows, which stay where they are (`v8-archive-in-place`: a copy of each move, and its
    /// deletion from pages shared with every other table's moves of the same minutes, cost a busy host
    /// more than the moves themselves). The moves of a match that ended without an archive are deleted
    /// by their row ids once ``sweepEvery`` table records have come, and until then only left out when
    /// the journal is read (``loadJournal()``).
    /// - Parameter entries: the entries of one lobby event, in order.
    /// - Throws: ``HostStoreError`` when the database refuses the write; nothing is committed then.
    public func commit(_ entries: [JournalEntry]) throws(HostStoreError) {
        guard !entries.isEmpty else { return }
        do {
            try self.moves.withLock { log in
                do {
                    try self.pool.writeWithoutTransaction { db in
                        try Self.inTransaction(db) {
                            if log.stale { log = try Self.readMoveLog(db) }
                            try Self.write(entries, log: &log, db)
                        }
                    }
                } catch {
                    // NB: the database rolled the transaction back; the log may hold some of its rows.
                    log.stale = true
                    throw error
                }
            }
        } catch {
            throw HostStoreError(
                folder: self.path, reason: "cannot write the journal: \(Self.reason(error))",
                diskFull: Self.isDiskFull(error))
        }
    }

    /// Runs `body` in one immediate transaction, as `DatabasePool.write` does, with `BEGIN` and `COMMIT`
    /// prepared once for the connection rather than for every transaction.
    ///
    /// NB: the journal commits a transaction for every group of lobby turns; preparing its `BEGIN` was 4 %
    /// of the journal thread's time (docs/BENCHMARKS.md, fourteenth round). Both are stepped with SQLite's
    /// own calls (``run(_:_:_:)``), as the journal's rows are: GRDB's `execute` checks and records each
    /// statement for observers (none here; its commit hook still sees the commit), about 60 retains and
    /// releases a transaction, which at one match is one move.
    private static func inTransaction(_ db: Database, _ body: () throws -> Void) throws {
        try Self.run(db, "BEGIN IMMEDIATE TRANSACTION")
        do {
            try body()
            try Self.run(db, "COMMIT TRANSACTION")
        } catch {
            // NB: SQLite may have rolled back already (a full disk); GRDB's rollback then does nothing.
            try? db.rollback()
            throw error
        }
    }

    private static func write(_ entries: [JournalEntry], log: inout MoveLog, _ db: Database) throws {
        var moves = MoveRows()
        var index = entries.startIndex
        while index < entries.endIndex {
            guard case .move = entries[index] else {
                try Self.write(entries[index], log: &log, db)
                index += 1
                continue
            }
            // NB: a run of moves (a group commit's moves come together, between the ends of matches),
            // appended several rows a statement.
            var end = index + 1
            while end < entries.endIndex, case .move = entries[end] { end += 1 }
            try moves.append(entries[index..<end], log: &log, db)
            index = end
        }
        // NB: only the current match's moves are needed to rebuild a table.
        let due = log.sweep(every: Self.sweepEvery)
        if !due.isEmpty {
            try Self.run(db, "DELETE FROM move WHERE rowid IN (SELECT value FROM json_each(?))", .text(Self.list(due)))
        }
    }

    /// Writes an entry other than a move (moves are appended in runs by ``MoveRows``).
    private static func write(_ entry: JournalEntry, log: inout MoveLog, _ db: Database) throws {
        switch entry {
        case .player(let record):
            try Self.run(
                db, "INSERT OR REPLACE INTO player (id, name, token) VALUES (?, ?, ?)", .text(record.id.rawValue),
                .text(record.name), .text(record.token.rawValue))
        case .forgetPlayer(let id):
            try Self.run(db, "DELETE FROM player WHERE id = ?", .text(id.rawValue))
        case .table(let record):
            // NB: a known table's record is changed in place; a replaced row was deleted and inserted
            // again at the table's end, with both of its index entries.
            let json = record.jsonText
            let number = Int64(record.number)
            try Self.run(
                db, "UPDATE gameTable SET record = ? WHERE id = ? AND number = ?", .utf8(json), .text(record.id),
                .integer(number))
            if db.changesCount == 0 {
                try Self.run(
                    db, "INSERT OR REPLACE INTO gameTable (id, number, record) VALUES (?, ?, ?)",
                    .text(record.id), .integer(number), .utf8(json))
            }
            log.table(record.id, match: record.match)
        case .move:
            preconditionFailure("moves are appended in runs")
        case .archive(let record):
            let id = try Self.archive(record, moves: log.rows(of: record.table, match: record.match), in: db)
            log.archived(record.table, match: record.match)
            try Self.index(record, id: id, db)
        case .tournament(let record):
            try Self.run(
                db, "INSERT OR REPLACE INTO tournament (id, number, record) VALUES (?, ?, ?)", .text(record.id),
                .integer(Int64(record.number)), .utf8(WireCodec.payload(record)))
        }
    }

    /// Each table's current match, whose moves the journal needs to rebuild the table: a `WITH` clause
    /// naming `currentMatch (tableID, match)`, for the statements that tell those moves from the others.
    static let currentMatches = """
        WITH currentMatch (tableID, match) AS MATERIALIZED (
            SELECT id, json_extract(record, '$.match') FROM gameTable)
        """

    /// Row ids as a JSON array, for `json_each`: one statement for them all, not one for each.
    static func list(_ rows: [Int64]) -> String {
        var json = JSONTextWriter(capacity: 2 + 8 * rows.count)
        json.beginArray()
        for row in rows { json.integer(Int(row)) }
        json.endArray()
        return String(decoding: json.bytes, as: UTF8.self)
    }

    /// The rows of `move`, as the table holds them: each table's current match (its record's), and the
    /// rows of earlier matches that are not archived and not yet deleted.
    static func readMoveLog(_ db: Database) throws -> MoveLog {
        var log = MoveLog()
        let sql = """
            \(Self.currentMatches)
            SELECT move.rowid, move.tableID, move.match, currentMatch.match IS move.match AS current,
                EXISTS (
                    SELECT 1 FROM matchArchive
                    WHERE matchArchive.tableID = move.tableID AND matchArchive.match = move.match) AS archived
            FROM move LEFT JOIN currentMatch ON currentMatch.tableID = move.tableID
            WHERE current OR NOT archived
            ORDER BY move.tableID, move.match, move.seq
            """
        let rows = try Row.fetchCursor(db, sql: sql)
        while let row = try rows.next() {
            let rowID: Int64 = row[0]
            if row[3] as Bool {
                log.move(row[1], match: row[2], row: rowID)
                if row[4] as Bool { log.archived(row[1], match: row[2]) }
            } else {
                log.finished(rowID)
            }
        }
        return log
    }

    /// Reads the whole journal back.
    public func loadJournal() throws(HostStoreError) -> JournalSnapshot {
        do {
            return try self.pool.read { db in
                let players = try Row.fetchAll(db, sql: "SELECT id, name, token FROM player").map { row in
                    PlayerRecord(
                        id: PlayerID(rawValue: row["id"]), name: row["name"], token: ResumeToken(rawValue: row["token"])
                    )
                }
                let tables = try String.fetchAll(db, sql: "SELECT record FROM gameTable ORDER BY number")
                    .map { try Self.decode(TableRecord.self, $0) }
                // NB: the moves of each table's current match; `move` also holds the archived matches' moves,
                // and earlier ones that wait for their sweep (commit(_:)). CROSS JOIN: `move` read once, in
                // order, each row looking its table up (joined the other way, SQLite indexed `move` first).
                let moves = try String.fetchAll(
                    db,
                    sql: """
                        \(Self.currentMatches)
                        SELECT move.record FROM move CROSS JOIN currentMatch
                            ON currentMatch.tableID = move.tableID AND currentMatch.match = move.match
                        ORDER BY move.tableID, move.match, move.seq
                        """
                ).map { try Self.decode(MoveRecord.self, $0) }
                let tournaments = try String.fetchAll(db, sql: "SELECT record FROM tournament ORDER BY number")
                    .map { try Self.decode(TournamentRecord.self, $0) }
                return JournalSnapshot(
                    players: players, tables: tables, moves: moves, boards: try Self.boardScores(db),
                    tournaments: tournaments)
            }
        } catch {
            throw HostStoreError(folder: self.path, reason: "cannot read the journal: \(Self.reason(error))")
        }
    }

    /// Keeps a finished match, with the row ids of its moves: they stay in `move` (see ``commit(_:)``).
    /// - Returns: the archived match's id.
    private static func archive(_ record: MatchArchive, moves: [Int64], in db: Database) throws -> Int64 {
        try Self.run(
            db, "INSERT INTO matchArchive (tableID, match, game, endedAt, record, moveRows) VALUES (?, ?, ?, ?, ?, ?)",
            .text(record.table), .integer(Int64(record.match)), .text(record.game), .integer(record.endedAt),
            .utf8(record.jsonText), .text(Self.list(moves)))
        return db.lastInsertedRowID
    }

    /// The archived matches, oldest first.
    /// - Parameters:
    ///   - game: only this game's matches, when given.
    ///   - since: only matches that ended at or after this time (milliseconds since 1970).
    /// - Returns: the matches with their moves.
    public func archivedMatches(game: String? = nil, since: Int64? = nil) throws(HostStoreError) -> [ArchivedMatch] {
        do {
            return try self.pool.read { db in
                var sql = "SELECT id, record, moveRows FROM matchArchive WHERE endedAt >= ?"
                var arguments: StatementArguments = [since ?? Int64.min]
                if let game {
                    sql += " AND game = ?"
                    arguments += [game]
                }
                let rows = try Row.fetchAll(db, sql: sql + " ORDER BY endedAt, id", arguments: arguments)
                return try rows.map { row in
                    let id: Int64 = row["id"]
                    let moves = try String.fetchAll(
                        db,
                        sql: "SELECT record FROM move WHERE rowid IN (SELECT value FROM json_each(?)) ORDER BY seq",
                        arguments: [row["moveRows"] as String]
                    ).map { try Self.decode(MoveRecord.self, $0) }
                    return ArchivedMatch(
                        id: id, archive: try Self.decode(MatchArchive.self, row["record"]), moves: moves)
                }
            }
        } catch {
            throw HostStoreError(folder: self.path, reason: "cannot read the archive: \(Self.reason(error))")
        }
    }

    /// Deletes the archived matches that ended before a time (the teacher's choice).
    /// - Parameter time: milliseconds since 1970.
    /// - Returns: how many matches were deleted.
    ///
    /// NB: a deleted match's moves go with it, unless it is still its table's current match (the journal
    /// needs them to restore the table; they are swept once the table's next match starts).
    @discardableResult
    public func pruneArchive(before time: Int64) throws(HostStoreError) -> Int {
        do {
            return try self.moves.withLock { log in
                defer { log.stale = true }
                return try self.pool.write { db in
                    try db.execute(
                        sql: """
                            \(Self.currentMatches)
                            DELETE FROM move WHERE rowid IN (
                                SELECT rows.value FROM matchArchive, json_each(matchArchive.moveRows) AS rows
                                WHERE matchArchive.endedAt < ? AND NOT EXISTS (
                                    SELECT 1 FROM currentMatch WHERE currentMatch.tableID = matchArchive.tableID
                                        AND currentMatch.match = matchArchive.match))
                            """,
                        arguments: [time])
                    try db.execute(sql: "DELETE FROM matchArchive WHERE endedAt < ?", arguments: [time])
                    return db.changesCount
                }
            }
        } catch {
            throw HostStoreError(folder: self.path, reason: "cannot prune the archive: \(Self.reason(error))")
        }
    }

    static func json(_ value: some Encodable) -> String {
        String(decoding: WireCodec.payload(value), as: UTF8.self)
    }

    static func decode<T: Decodable>(_: T.Type, _ text: String) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(text.utf8))
    }
}
