import GRDB
import GRDBSQLite

/// A value bound to a statement's parameter with SQLite's own calls (``HostStore/run(_:_:_:)``).
enum BoundValue {
    case integer(Int64)
    case text(String)
    /// Text already written as UTF-8 (a record's JSON), bound as it is, not made a `String` first.
    case utf8([UInt8])
}

extension HostStore {
    /// Runs a cached statement once, its parameters bound with SQLite's own calls.
    ///
    /// NB: for the journal's writes: GRDB's arguments (an array of values, each wrapped and bound in a
    /// closure) cost a busy host half as much again as SQLite's own work for the rows of a finished match
    /// (its archive, high scores and table record; docs/BENCHMARKS.md, twenty-fourth round).
    /// - Parameters:
    ///   - db: the connection, in the journal's transaction.
    ///   - sql: the statement, compiled once for the connection.
    ///   - values: its parameters, in order.
    /// - Throws: the database's error when the statement does not run to its end.
    static func run(_ db: Database, _ sql: String, _ values: BoundValue...) throws {
        let handle = try db.cachedStatement(sql: sql).sqliteStatement
        // NB: ready for its next run however this one ends (the error's message is read before).
        defer { sqlite3_reset(handle) }
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            switch value {
            case .integer(let integer):
                sqlite3_bind_int64(handle, index, integer)
            case .text(var text):
                text.withUTF8 { Self.bindText(UnsafeRawBufferPointer($0), to: handle, at: index) }
            case .utf8(let bytes):
                bytes.withUnsafeBytes { Self.bindText($0, to: handle, at: index) }
            }
        }
        try Self.checkDone(sqlite3_step(handle), db)
    }

    /// Binds UTF-8 text, copied by SQLite before the call returns (`SQLITE_TRANSIENT`), or with `inPlace`
    /// read where it is (`SQLITE_STATIC`): then the statement must be stepped while `text` is there, and
    /// bound again before it is stepped again.
    static func bindText(
        _ text: UnsafeRawBufferPointer, to handle: OpaquePointer?, at index: Int32, inPlace: Bool = false
    ) {
        // NB: no destructor is SQLITE_STATIC; -1 is SQLITE_TRANSIENT.
        let keeping: sqlite3_destructor_type? = inPlace ? nil : unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        // NB: a null pointer binds NULL, not empty text.
        guard let base = text.baseAddress, !text.isEmpty else {
            sqlite3_bind_text(handle, index, "", 0, keeping)
            return
        }
        sqlite3_bind_text(handle, index, base.assumingMemoryBound(to: CChar.self), Int32(text.count), keeping)
    }

    /// Throws the database's error unless a step ran the statement to its end.
    static func checkDone(_ code: Int32, _ db: Database) throws {
        guard code == SQLITE_DONE else {
            throw DatabaseError(
                resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
        }
    }
}
