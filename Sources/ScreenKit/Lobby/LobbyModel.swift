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
    /// Whether this terminal only watches (`tcnet watch`): Enter watches, and no table is opened.
    public let watching: Bool
    /// The tables.
    public private(set) var rows: [Row] = []
    /// The highlighted row.
    public private(set) var cursor = 0
    /// A message: a refusal, or what is going on.
    public var notice: Span?
    /// A few lines about a tournament under way (its standings), shown above the notice.
    public var panel: [String] = []

    /// Creates an empty lobby.
    /// - Parameters:
    ///   - hostName: the host's name.
    ///   - playerName: this player's name.
    ///   - watching: whether this terminal only watches.
    public init(hostName: String, playerName: String, watching: Bool = false) {
        self.hostName = hostName
        self.playerName = playerName
        self.watching = watching
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
            if self.watching {
                guard let row = self.selectedRow else {
                    self.notice = Span("No table to watch yet: r looks again", .warning)
                    return []
                }
                return [.watch(row.id)]
            }
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
            guard !self.watching else {
                self.notice = Span("Watching only: tcnet join opens tables", .warning)
                return []
            }
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

    /// The keys, as the bottom line shows them.
    public var keyLine: String {
        self.watching
            ? "Up/Down choose   Enter watch   r refresh   q quit"
            : "Up/Down choose   Enter sit   w watch   c new table   r refresh   q quit"
    }

    /// Draws the lobby.
    public func frame(width: Int, height: Int) -> Frame {
        var canvas = Canvas(width: width, height: height)
        canvas.fill(x: 0, y: 0, width: width, .title)
        let who = (self.watching ? " · watching as " : " · you are ") + self.playerName
        let host = self.hostName.isEmpty ? "connecting..." : self.hostName
        // NB: a long host name gives way (with an ellipsis) to the player's name.
        let room = max(1, width - 1 - " tcnet · ".count - who.count)
        let shownHost = host.count <= room ? host : String(host.prefix(max(0, room - 1))) + "…"
        canvas.put(" tcnet · \(shownHost)\(who)", x: 0, y: 0, width: width, .title)
        canvas.put("Tables", x: 2, y: 2, .plain)
        if self.rows.isEmpty {
            let empty =
                self.watching
                ? "No table to watch yet. Press r to look again."
                : "No table yet. Press c to open one and wait for an opponent."
            canvas.wrap(empty, x: 4, y: 4, width: width - 6, lines: 2, .dim)
        }
        let bottom = height - 6 - self.panel.count
        for (index, line) in self.panel.enumerated() {
            canvas.put(line, x: 2, y: bottom + index, width: width - 4, index == 0 ? .plain : .dim)
        }
        let blocks = self.rows.map { self.lines(of: $0, width: width - 8) }
        // NB: scroll so that the highlighted table is on screen.
        var start = 0
        while start < self.cursor, blocks[start...self.cursor].map(\.count).reduce(0, +) > bottom - 4 {
            start += 1
        }
        var y = 4
        for (index, lines) in blocks.enumerated().dropFirst(start) {
            guard y + lines.count <= bottom else { break }
            let style: Style = index == self.cursor ? .tile(.red) : .plain
            canvas.put(index == self.cursor ? "> " : "  ", x: 2, y: y, style)
            for (offset, line) in lines.enumerated() {
                canvas.put(line, x: offset == 0 ? 4 : 8, y: y + offset, width: width - (offset == 0 ? 4 : 8), style)
            }
            y += lines.count
        }
        if let notice {
            canvas.wrap(notice.text, x: 2, y: height - 5, width: width - 4, lines: 2, notice.style)
        }
        canvas.put(self.keyLine, x: 2, y: height - 2, width: width - 2, .key)
        return canvas.frame
    }

    /// A table as lines: its id, game and status, then its seats, as many lines as they need.
    func lines(of row: Row, width: Int) -> [String] {
        let watchers = row.spectators == 1 ? "1 watching" : "\(row.spectators) watching"
        let head = "\(row.id)  \(row.game) · \(row.ruleSet) · \(row.status) · \(watchers)"
        var lines = Canvas.wrap(head, width: width)
        var line = ""
        for (seat, name) in row.seats {
            let entry = "\(seat): \(name ?? "(free)")"
            if line.isEmpty {
                line = entry
            } else if line.count + 3 + entry.count <= width {
                line += "   " + entry
            } else {
                lines.append(line)
                line = entry
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
