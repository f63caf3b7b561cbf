/// A class challenge for a one-player game: within a time window every student plays as often as they
/// like; each student's best score counts, like an arena's leaderboard.
///
/// Pure: the host reports each finished match (who, the score, when); the board keeps the best.
public struct ChallengeBoard: Codable, Sendable, Equatable {
    /// One student's line.
    public struct Entry: Codable, Sendable, Equatable {
        public var name: String
        /// The best score, in the game's units (dollars, words, cents of balance).
        public var best: Int
        /// When the best score was first reached (milliseconds since 1970): the earlier ranks higher on a tie.
        public var bestAt: Int64
        /// Matches finished in the window.
        public var plays: Int
    }

    /// The window, in milliseconds since 1970.
    public var opensAt: Int64
    public var closesAt: Int64
    public var entries: [Entry]

    /// A window of `minutes` from `now`.
    public init(opensAt: Int64, minutes: Int) {
        self.opensAt = opensAt
        self.closesAt = opensAt + Int64(minutes) * 60_000
        self.entries = []
    }

    /// Whether a time is inside the window.
    public func isOpen(at time: Int64) -> Bool { time >= self.opensAt && time < self.closesAt }

    /// Takes a finished match.
    /// - Parameters:
    ///   - name: the student.
    ///   - score: the match's score.
    ///   - time: when it ended.
    /// - Returns: whether the board took it (it ended inside the window).
    @discardableResult
    public mutating func record(_ name: String, score: Int, at time: Int64) -> Bool {
        guard self.isOpen(at: time) else { return false }
        let key = name.lowercased()
        if let index = self.entries.firstIndex(where: { $0.name.lowercased() == key }) {
            self.entries[index].plays += 1
            if score > self.entries[index].best {
                self.entries[index].best = score
                self.entries[index].bestAt = time
            }
        } else {
            self.entries.append(Entry(name: name, best: score, bestAt: time, plays: 1))
        }
        return true
    }

    /// The leaderboard: best score first, then who reached it first; ties on both share a rank.
    public var leaderboard: [(rank: Int, entry: Entry)] {
        let sorted = self.entries.sorted { ($0.best, -$0.bestAt, $0.name) > ($1.best, -$1.bestAt, $1.name) }
        var result: [(rank: Int, entry: Entry)] = []
        for (index, entry) in sorted.enumerated() {
            let previous = result.last
            let tied = previous.map { $0.entry.best == entry.best && $0.entry.bestAt == entry.bestAt } ?? false
            result.append((tied ? previous!.rank : index + 1, entry))
        }
        return result
    }
}
