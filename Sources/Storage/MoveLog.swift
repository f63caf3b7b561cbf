/// What the store knows of the rows of its `move` table, so that neither a finished match's archive
/// nor the sweep of unarchived finished matches searches the table: it has no index, and each move is
/// appended to its last page (`v7-move-log`); an archive lists its match's rows (`v8-archive-in-place`).
///
/// NB: read from the table by the first commit (``HostStore/commit(_:)``), and again after a commit
/// that failed (the database rolled its rows back); kept from then on by the commits, which come from
/// one writer at a time.
struct MoveLog {
    /// A table's latest match, and the row ids of its moves in order.
    struct Match {
        var number: Int
        var rows: [Int64] = []
        /// Whether the match is archived: its rows stay when the table's next match starts.
        var archived = false
    }

    /// Each table's latest match, at its table's place in ``matches``.
    ///
    /// NB: a move's row is appended through the array, not the dictionary: the dictionary's mutating
    /// subscript is a chain of three coroutines whose frames were allocated for every move (three of a
    /// busy host's `malloc` calls a move; docs/BENCHMARKS.md, twenty-sixth round). A table, once seen,
    /// keeps its place.
    private var places: [String: Int] = [:]
    private var matches: [Match] = []
    /// The rows of finished matches, which the next sweep deletes.
    private(set) var finished: [Int64] = []
    /// The table records since the last sweep.
    private(set) var records = 0
    /// Whether the log must be read from the table again before it is used.
    var stale: Bool

    /// An empty log; a stale one is to be read from the table before it is used.
    init(stale: Bool = false) {
        self.stale = stale
    }

    /// A table's record: when it starts another match, the earlier match's moves are finished.
    mutating func table(_ id: String, match: Int) {
        self.records += 1
        self.start(id, match: match)
    }

    /// A move of a table's match, appended as a row.
    mutating func move(_ id: String, match: Int, row: Int64) {
        let place = self.start(id, match: match)
        self.matches[place].rows.append(row)
    }

    /// A table's match is archived, with its rows: they stay in the table.
    mutating func archived(_ id: String, match: Int) {
        guard let place = self.places[id], self.matches[place].number == match else { return }
        self.matches[place].archived = true
    }

    /// A row the table holds of a match that is neither the table's current one nor archived (read back
    /// from the table).
    mutating func finished(_ rowID: Int64) {
        self.finished.append(rowID)
    }

    /// The rows of a table's match, in order; none when the table plays another match.
    func rows(of id: String, match: Int) -> [Int64] {
        guard let place = self.places[id], self.matches[place].number == match else { return [] }
        return self.matches[place].rows
    }

    /// Once `every` table records have come since the last sweep, the rows to delete now, in the
    /// table's order (and they are forgotten); otherwise none.
    mutating func sweep(every: Int) -> [Int64] {
        guard self.records >= every else { return [] }
        self.records = 0
        defer { self.finished = [] }
        return self.finished.sorted()
    }

    /// The place of the table's entry, which is for `match` from now on.
    @discardableResult
    private mutating func start(_ id: String, match: Int) -> Int {
        guard let place = self.places[id] else {
            self.places[id] = self.matches.count
            self.matches.append(Self.entry(match))
            return self.matches.count - 1
        }
        guard self.matches[place].number != match else { return place }
        if !self.matches[place].archived { self.finished += self.matches[place].rows }
        self.matches[place] = Self.entry(match)
        return place
    }

    private static func entry(_ match: Int) -> Match {
        var entry = Match(number: match)
        // NB: room for a game's moves at once, not grown from empty five times a match.
        entry.rows.reserveCapacity(Self.rowsReserved)
        return entry
    }

    /// The rows a match has room for when it starts: a game of Tax Collection takes about 30 moves.
    static let rowsReserved = 32
}
