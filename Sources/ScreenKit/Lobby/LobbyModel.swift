/// The lobby screen of `tcnet join`: the host's tables, to sit at, watch, or open a new one.
///
/// Pure, like ``BoardModel``: the driver feeds it the host's table list and keys, and carries out
/// the ``Action`` it returns.
public struct LobbyModel: Sendable {
    /// One table, as the list shows it.
    public struct Row: Sendable, Equatable {
        public var id: String
        /// The game's id.
        public var game: String
        public var ruleSet: String
        public var status: String
        /// Seat names and who sits there (`nil`: free).
        public var seats: [(seat: String, name: String?)]
        public var spectators: Int

        /// Creates a row.
        public init(
            id: String, game: String, ruleSet: String, status: String, seats: [(seat: String, name: String?)],
            spectators: Int
        ) {
            self.id = id
            self.game = game
            self.ruleSet = ruleSet
            self.status = status
            self.seats = seats
            self.spectators = spectators
        }

        public static func == (lhs: Row, rhs: Row) -> Bool {
            lhs.id == rhs.id && lhs.game == rhs.game && lhs.ruleSet == rhs.ruleSet && lhs.status == rhs.status
                && lhs.seats.map(\.seat) == rhs.seats.map(\.seat) && lhs.seats.map(\.name) == rhs.seats.map(\.name)
                && lhs.spectators == rhs.spectators
        }

        /// Whether a seat is free and the table is between matches.
        public var hasFreeSeat: Bool {
            (self.status == "waiting" || self.status == "over") && self.seats.contains { $0.name == nil }
        }
    }

    /// What the driver must do.
    public enum Action: Sendable, Equatable {
        case sit(String)
        case watch(String)
        case create
        case refresh
        case quit
    }

    /// The host's name, for the title.
    public var hostName: String
    /// This player's name.
    public var playerName: String
    /// The tables.
    public private(set) var rows: [Row] = []
    /// The highlighted row.
    public private(set) var cursor = 0
    /// A message: a refusal, or what is going on.
    public var notice: Span?

    /// Creates an empty lobby.
    public init(hostName: String, playerName: String) {
        self.hostName = hostName
        self.playerName = playerName
    }

    /// Replaces the table list, keeping the cursor on the same table when it is still there.
    public mutating func show(_ rows: [Row]) {
        let current = self.rows.indices.contains(self.cursor) ? self.rows[self.cursor].id : nil
        self.rows = rows
        self.cursor =
            current.flatMap { id in rows.firstIndex { $0.id == id } } ?? min(self.cursor, max(0, rows.count - 1))
    }

    /// Takes a key.
    public mutating func press(_ key: Key) -> [Action] {
        switch key {
        case .up, .character("k"):
            self.cursor = max(0, self.cursor - 1)
        case .down, .character("j"):
            self.cursor = min(max(0, self.rows.count - 1), self.cursor + 1)
        case .enter, .character("s"):
            guard let row = self.selectedRow else { return [.create] }
            guard row.hasFreeSeat else {
                self.notice = Span("Table \(row.id) has no free seat now: w watches it", .warning)
                return []
            }
            return [.sit(row.id)]
        case .character("w"):
            guard let row = self.selectedRow else { return [] }
            return [.watch(row.id)]
        case .character("c"), .character("n"):
            return [.create]
        case .character("r"):
            return [.refresh]
        case .character("q"), .interrupt, .escape:
            return [.quit]
        default:
            break
        }
        return []
    }

    var selectedRow: Row? { self.rows.indices.contains(self.cursor) ? self.rows[self.cursor] : nil }

    /// Draws the lobby.
    public func frame(width: Int, height: Int) -> Frame {
        var canvas = Canvas(width: width, height: height)
        canvas.fill(x: 0, y: 0, width: width, .title)
        let host = self.hostName.isEmpty ? "connecting..." : self.hostName
        canvas.put(" Tax Collection · \(host) · you are \(self.playerName)", x: 0, y: 0, .title)
        canvas.put("Tables", x: 2, y: 2, .plain)
        if self.rows.isEmpty {
            canvas.put("No table yet. Press c to open one and wait for an opponent.", x: 4, y: 4, .dim)
        }
        for (index, row) in self.rows.prefix(max(0, height - 9)).enumerated() {
            let seats = row.seats.map { "\($0.seat): \($0.name ?? "(free)")" }.joined(separator: "  ")
            let text = "\(row.id)  \(row.game) \(row.ruleSet)  \(row.status)  \(seats)  watching: \(row.spectators)"
            let style: Style = index == self.cursor ? .tile(.red) : .plain
            canvas.put((index == self.cursor ? "> " : "  ") + text, x: 2, y: 4 + index, style)
        }
        if let notice {
            canvas.put(notice.text, x: 2, y: height - 4, notice.style)
        }
        canvas.put("Up/Down choose   Enter sit   w watch   c new table   r refresh   q quit", x: 2, y: height - 2, .key)
        return canvas.frame
    }
}
