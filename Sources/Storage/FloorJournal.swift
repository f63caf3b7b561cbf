import Foundation
import GRDBSQLite

/// The journal of the relay floors (`tcnet bench relay`, Benchmarks/net/floor.c): a move a row of 175
/// bytes in an SQLite file in WAL mode, `synchronous=NORMAL`, appended to a table like tcnet's `move`
/// table, the moves of a pass committed in one transaction. SQLite's own calls on one connection, as
/// floor.c makes them, so that a relay written with NIO and the C one pay the same for their journal and
/// differ only in their sockets.
///
/// NB: not the host's journal (``HostStore``): no records, no archive, no checkpointer; a yardstick.
public final class FloorJournal {
    /// A move's record: its bytes, as floor.c writes them (a short JSON opening, then filler).
    public static let recordBytes = 175

    private let handle: OpaquePointer
    private let insert: OpaquePointer
    private let begin: OpaquePointer
    private let commit: OpaquePointer
    private var record = [UInt8](repeating: UInt8(ascii: "r"), count: FloorJournal.recordBytes)
    /// A row's table id, rewritten for each row: `xxxxxxxx-0000-4000-8000-xxxxxxxxxxxx`.
    private var table = Array("00000000-0000-4000-8000-000000000000".utf8)
    /// The transactions committed.
    public private(set) var transactions = 0

    /// What went wrong with the journal's file: SQLite's message.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Opens (and creates) `floor.sqlite` in `folder`, which must exist.
    /// - Throws: ``Failure`` when SQLite cannot open, set up or prepare it.
    public init(folder: String) throws {
        var opened: OpaquePointer?
        let path = folder + "/floor.sqlite"
        guard sqlite3_open(path, &opened) == SQLITE_OK, let handle = opened else {
            let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(opened)
            throw Failure(description: "cannot open \(path): \(message)")
        }
        func fail(_ what: String) -> Failure {
            let failure = Failure(description: "\(what) in \(path): \(String(cString: sqlite3_errmsg(handle)))")
            sqlite3_close(handle)
            return failure
        }
        let setup = """
            PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;
            CREATE TABLE move (tableID TEXT NOT NULL, match INTEGER NOT NULL, seq INTEGER NOT NULL,
            record TEXT NOT NULL)
            """
        guard sqlite3_exec(handle, setup, nil, nil, nil) == SQLITE_OK else { throw fail("cannot set up the journal") }
        var statements: [OpaquePointer] = []
        for sql in ["INSERT INTO move VALUES (?, ?, ?, ?)", "BEGIN", "COMMIT"] {
            var statement: OpaquePointer?
            guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
                statements.forEach { sqlite3_finalize($0) }
                throw fail("cannot prepare \(sql)")
            }
            statements.append(statement)
        }
        self.handle = handle
        (self.insert, self.begin, self.commit) = (statements[0], statements[1], statements[2])
    }

    deinit {
        for statement in [self.insert, self.begin, self.commit] { sqlite3_finalize(statement) }
        sqlite3_close(self.handle)
    }

    /// Commits one row a move, in one transaction.
    /// - Parameter moves: each move's match and its number there.
    /// - Throws: ``Failure`` with SQLite's message when a statement fails (the transaction is then rolled
    ///   back).
    public func commit(_ moves: [(match: Int, seq: Int)]) throws {
        guard !moves.isEmpty else { return }
        try self.step(self.begin)
        do {
            for move in moves { try self.append(match: move.match, seq: move.seq) }
            try self.step(self.commit)
        } catch {
            sqlite3_exec(self.handle, "ROLLBACK", nil, nil, nil)
            throw error
        }
        self.transactions += 1
    }

    /// Inserts a move's row: the match's table id (a UUID's shape, as floor.c makes it), the match number
    /// (a match every 30 moves), the seq and the record.
    ///
    /// NB: the id and the record's opening are written into bytes kept from row to row, no `String` made:
    /// the C floor's `snprintf`s cost about as little.
    private func append(match: Int, seq: Int) throws {
        Self.writeHex(UInt32(truncatingIfNeeded: match) &* 2_654_435_761, into: &self.table, at: 0, digits: 8)
        Self.writeHex(UInt32(truncatingIfNeeded: match), into: &self.table, at: 24, digits: 12)
        var end = Self.write("{\"match\":", into: &self.record, at: 0)
        end = Self.writeDecimal(match, into: &self.record, at: end)
        end = Self.write(",\"seq\":", into: &self.record, at: end)
        end = Self.writeDecimal(seq, into: &self.record, at: end)
        end = Self.write(",", into: &self.record, at: end)
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        self.table.withUnsafeBytes { Self.bind($0, to: self.insert, at: 1, keeping: transient) }
        sqlite3_bind_int64(self.insert, 2, Int64(seq / 30))
        sqlite3_bind_int64(self.insert, 3, Int64(seq))
        self.record.withUnsafeBytes { Self.bind($0, to: self.insert, at: 4, keeping: transient) }
        // NB: the filler back where the opening was, for the next record's opening, which may be shorter.
        for index in 0..<end { self.record[index] = UInt8(ascii: "r") }
        try self.step(self.insert)
    }

    private static func bind(
        _ text: UnsafeRawBufferPointer, to statement: OpaquePointer, at index: Int32,
        keeping: sqlite3_destructor_type?
    ) {
        let base = text.baseAddress?.assumingMemoryBound(to: CChar.self)
        sqlite3_bind_text(statement, index, base, Int32(text.count), keeping)
    }

    /// Writes `text` at `index`; the index past it.
    private static func write(_ text: StaticString, into bytes: inout [UInt8], at index: Int) -> Int {
        for offset in 0..<text.utf8CodeUnitCount { bytes[index + offset] = text.utf8Start[offset] }
        return index + text.utf8CodeUnitCount
    }

    /// Writes `value` (not negative) in decimal at `index`; the index past it.
    private static func writeDecimal(_ value: Int, into bytes: inout [UInt8], at index: Int) -> Int {
        var digits = 1
        var rest = value / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        var remaining = value
        for offset in stride(from: digits - 1, through: 0, by: -1) {
            bytes[index + offset] = UInt8(ascii: "0") + UInt8(remaining % 10)
            remaining /= 10
        }
        return index + digits
    }

    /// Writes `value` in lower-case hexadecimal, zero-padded to `digits`, at `index`.
    private static func writeHex(_ value: UInt32, into bytes: inout [UInt8], at index: Int, digits: Int) {
        var rest = value
        for offset in stride(from: digits - 1, through: 0, by: -1) {
            let digit = UInt8(rest & 15)
            bytes[index + offset] = digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10
            rest >>= 4
        }
    }

    private func step(_ statement: OpaquePointer) throws {
        defer { sqlite3_reset(statement) }
        guard sqlite3_step(statement) == SQLITE_DONE else {
            throw Failure(description: "the journal refused a write: \(String(cString: sqlite3_errmsg(self.handle)))")
        }
    }

    /// The rows in the journal (for tests).
    public func rowCount() throws -> Int {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(self.handle, "SELECT count(*) FROM move", -1, &statement, nil) == SQLITE_OK else {
            throw Failure(description: String(cString: sqlite3_errmsg(self.handle)))
        }
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW else {
            throw Failure(description: String(cString: sqlite3_errmsg(self.handle)))
        }
        return Int(sqlite3_column_int64(statement, 0))
    }
}
