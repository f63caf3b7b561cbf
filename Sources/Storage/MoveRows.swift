import GRDB
import GRDBSQLite
import GameKit
import Lobby
import Protocol

/// Appends a commit's moves to `move`, several rows a statement, for one transaction.
///
/// NB: a group commit holds a move of most tables, in runs between the ends of matches. Each statement
/// costs SQLite its own start, cursor, search for the table's last row and end besides its rows: one row a
/// statement, `sqlite3_step` took about 4 100 instructions a move; in statements of 16, 8, 4, 2 and 1 rows,
/// about 2 850, and the journal's whole commit 11 800 instructions a move instead of 12 700 (callgrind,
/// `tcnet bench lobby --journal`; docs/BENCHMARKS.md, thirty-sixth round). Each statement is prepared once
/// a connection (GRDB's cache) and looked up once a transaction; the records are written end to end into
/// one writer's memory and bound from there, as the table ids are.
///
/// NB: `move` has no `INTEGER PRIMARY KEY` and no `AUTOINCREMENT`: SQLite gives each new row the largest
/// row id plus one, so the rows of one statement have consecutive ids, the last of them
/// `sqlite3_last_insert_rowid`'s (``MoveLog`` keeps them for the archive and the sweep).
struct MoveRows: ~Copyable {
    /// Rows a statement, largest first: a run takes the largest that fits, then the rest.
    static let sizes = [16, 8, 4, 2, 1]

    /// The insert of `rows` moves.
    static func sql(rows: Int) -> String {
        "INSERT INTO move (tableID, match, seq, record) VALUES "
            + repeatElement("(?, ?, ?, ?)", count: rows).joined(separator: ", ")
    }

    private static let statements = Self.sizes.map(Self.sql(rows:))

    /// The statements looked up so far in this transaction, at their size's place in ``sizes``.
    private var prepared: [Statement?] = Array(repeating: nil, count: MoveRows.sizes.count)
    /// The records of a statement's moves, end to end, each bound where it is written.
    private var records = JSONTextWriter(capacity: 4096)
    /// The table ids of a statement's moves, end to end.
    private var tables: [UInt8] = []
    /// A statement's moves: where each one's table id and record lie in ``tables`` and ``records``, and
    /// what the log and the other columns take.
    private var rows: [Row] = []

    private struct Row {
        var tableBytes: Range<Int>
        var record: Range<Int>
        var table: TableID
        var match: Int
        var seq: Int
    }

    init() {
        self.tables.reserveCapacity(256)
        self.rows.reserveCapacity(Self.sizes[0])
    }

    /// Appends a run of `.move` entries, in order, and notes each row in `log`.
    mutating func append(_ run: ArraySlice<JournalEntry>, log: inout MoveLog, _ db: Database) throws {
        var start = run.startIndex
        while start < run.endIndex {
            let left = run.endIndex - start
            let place = Self.sizes.firstIndex { $0 <= left }!
            let size = Self.sizes[place]
            let statement = try self.prepared[place] ?? db.cachedStatement(sql: Self.statements[place])
            self.prepared[place] = statement
            self.write(run[start..<(start + size)])
            let last = try self.insert(with: statement.sqliteStatement, db)
            for (offset, row) in zip(0..., self.rows) {
                log.move(row.table, match: row.match, row: last - Int64(size - 1 - offset))
            }
            start += size
        }
    }

    /// Writes the records and table ids of `chunk`'s moves, and notes their rows.
    ///
    private mutating func write(_ chunk: ArraySlice<JournalEntry>) {
        self.records.removeAll()
        self.tables.removeAll(keepingCapacity: true)
        self.rows.removeAll(keepingCapacity: true)
        for index in chunk.indices {
            // NB: the entry matched where it is: bound to a loop variable first, it was copied twice.
            guard case .move(let move) = chunk[index] else { preconditionFailure("a run of moves holds only moves") }
            let tableStart = self.tables.count
            var table = move.table
            table.withUTF8 { self.tables.append(contentsOf: $0) }
            let recordStart = self.records.byteCount
            move.writeJSON(to: &self.records)
            self.records.startAnotherText()
            self.rows.append(
                Row(
                    tableBytes: tableStart..<self.tables.count, record: recordStart..<self.records.byteCount,
                    table: move.table, match: move.match, seq: move.seq))
        }
    }

    /// Inserts the rows written, with `handle`, a statement for exactly that many rows; returns the last
    /// row's id.
    private mutating func insert(with handle: SQLiteStatement, _ db: Database) throws -> Int64 {
        // NB: ready for its next rows however this statement ends (the error's message is read before).
        defer { sqlite3_reset(handle) }
        // NB: the texts bound where they are (`SQLITE_STATIC`), the rows inserted while they are there: bound
        // as transient, SQLite copied each into memory of its own (two allocations a move).
        let code = self.tables.withUnsafeBytes { tables in
            self.records.withBytes { records in
                for (offset, row) in zip(Int32(0)..., self.rows) {
                    let column = 4 * offset
                    let table = UnsafeRawBufferPointer(rebasing: tables[row.tableBytes])
                    HostStore.bindText(table, to: handle, at: column + 1, inPlace: true)
                    sqlite3_bind_int64(handle, column + 2, Int64(row.match))
                    sqlite3_bind_int64(handle, column + 3, Int64(row.seq))
                    let record = UnsafeRawBufferPointer(rebasing: records[row.record])
                    HostStore.bindText(record, to: handle, at: column + 4, inPlace: true)
                }
                let code = sqlite3_step(handle)
                // NB: the cached statement keeps no pointer to the texts once they are gone.
                sqlite3_clear_bindings(handle)
                return code
            }
        }
        try HostStore.checkDone(code, db)
        // NB: SQLite asked directly: GRDB's `lastInsertedRowID` first checks, through the dispatch queue's
        // specifics, that it runs on the database's queue, which this closure does.
        return sqlite3_last_insert_rowid(db.sqliteConnection)
    }
}
