/// How a match ended, per seat: the structured result that standings, tournaments and high-score
/// tables read.
public struct GameResult: Sendable, Equatable, Codable {
    /// Why it ended: "finished" (by the rules), "resigned", "draw-agreed", "forfeit", "time-up", ...
    public var reason: String
    /// Every seat of the match, best first.
    public var standings: [SeatStanding]

    /// Creates a result.
    /// - Parameters:
    ///   - reason: why the match ended.
    ///   - standings: each seat's score and rank (1 is best; equal ranks are ties).
    public init(reason: String, standings: [SeatStanding]) {
        self.reason = reason
        self.standings = standings.sorted { ($0.rank, $0.seat) < ($1.rank, $1.seat) }
    }

    /// The winning seat when exactly one seat ranks first at a table of several; "draw" when every
    /// seat shares the first rank; `nil` at a one-seat table, or when some but not all share it.
    public var winner: String? {
        guard self.standings.count > 1 else { return nil }
        let first = self.standings.filter { $0.rank == 1 }
        if first.count == 1 { return first[0].seat }
        return first.count == self.standings.count ? "draw" : nil
    }

    /// Ranks seats by score, highest first; equal scores share a rank ("1, 1, 3").
    /// - Parameters:
    ///   - scores: each seat's score.
    ///   - reason: why the match ended.
    ///   - last: seats ranked after all the others whatever their score (a seat that resigned).
    /// - Returns: the result.
    public static func ranking(
        _ scores: [(seat: SeatName, score: Int)], reason: String, last: Set<SeatName> = []
    ) -> GameResult {
        let ordered = scores.sorted { lhs, rhs in
            let (left, right) = (last.contains(lhs.seat), last.contains(rhs.seat))
            if left != right { return right }
            return lhs.score > rhs.score
        }
        var standings: [SeatStanding] = []
        for (index, entry) in ordered.enumerated() {
            let tied =
                index > 0 && ordered[index - 1].score == entry.score
                && last.contains(ordered[index - 1].seat) == last.contains(entry.seat)
            let rank = tied ? standings[index - 1].rank : index + 1
            standings.append(SeatStanding(seat: entry.seat, score: entry.score, rank: rank))
        }
        return GameResult(reason: reason, standings: standings)
    }
}

/// One seat's place in a result.
public struct SeatStanding: Sendable, Equatable, Codable {
    /// The seat.
    public var seat: SeatName
    /// The seat's score, in the game's units (dollars collected, cents of balance, words spelled).
    public var score: Int
    /// 1 for the best; tied seats share a rank.
    public var rank: Int

    /// Creates a standing.
    public init(seat: SeatName, score: Int, rank: Int) {
        self.seat = seat
        self.score = score
        self.rank = rank
    }
}
