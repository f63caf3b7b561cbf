import GameKit

/// The whole state of a match of Craps: every seat's money and ante, the shooter, the point, the last
/// dice, and the current period of the provably fair dice.
///
/// A plain value. Moves go through ``apply(_:by:)``, which the host and every client run alike. The host's
/// copy holds the current period's secret; the copy any viewer gets (``viewed``) does not, until the match
/// ends. On the wire a state is the JSON object of docs/CRAPS.md; decoding one validates it.
public struct CrapsState: Sendable, Hashable {
    /// The rule set: always "classic".
    public internal(set) var rules: String
    /// Every seat of the table, in seat order.
    public internal(set) var players: [CrapsPlayer]
    /// The seat that holds the dice; `nil` when no seat in the match can cover an ante.
    public internal(set) var shooter: SeatName?
    /// The point (4, 5, 6, 8, 9 or 10); `nil` while it is off.
    public internal(set) var point: Int?
    /// The most recent roll; `nil` before the first.
    public internal(set) var dice: Dice?
    /// Decisions (wins or losses of the riding antes) so far.
    public internal(set) var decisions: Int
    /// The table's `decisions` option: the match ends after this many decisions; 0 for no limit.
    public internal(set) var decisionLimit: Int
    /// The current period of the dice (once the match is over: the last one, its secret revealed).
    public internal(set) var period: DicePeriod
    /// Why the match ended; `nil` while it goes on.
    public internal(set) var over: MatchEnd?

    /// The start of a match: every seat with $200 and a $5 ante, the point off, period 1.
    /// - Parameters:
    ///   - seats: the table's seats, in order (1 to 6).
    ///   - shooter: the seat that shoots first; the first seat when it is not one of them.
    ///   - secret: period 1's secret, 64 lowercase hex digits (from `HostRandom.secretHex()`).
    ///   - decisionLimit: the `decisions` option, 0 to 100 (0 for no limit).
    /// - Returns: `nil` when the seats are not 1 to 6 distinct names, the limit is out of range or the
    ///   secret is not 64 lowercase hex digits.
    public init?(seats: [SeatName], shooter: SeatName, secret: String, decisionLimit: Int = 0) {
        guard (1...6).contains(seats.count), Set(seats).count == seats.count, (0...100).contains(decisionLimit),
            let period = DicePeriod(number: 1, secret: secret)
        else { return nil }
        self.rules = CrapsTable.ruleSet
        self.players = seats.map(CrapsPlayer.init(seat:))
        self.shooter = seats.contains(shooter) ? shooter : seats[0]
        self.point = nil
        self.dice = nil
        self.decisions = 0
        self.decisionLimit = decisionLimit
        self.period = period
        self.over = nil
    }

    init(
        rules: String, players: [CrapsPlayer], shooter: SeatName?, point: Int?, dice: Dice?, decisions: Int,
        decisionLimit: Int, period: DicePeriod, over: MatchEnd?
    ) {
        self.rules = rules
        self.players = players
        self.shooter = shooter
        self.point = point
        self.dice = dice
        self.decisions = decisions
        self.decisionLimit = decisionLimit
        self.period = period
        self.over = over
    }

    /// Whether the match has ended.
    public var isOver: Bool { self.over != nil }

    /// The seat's player.
    /// - Parameter seat: a seat's name.
    /// - Returns: the player, or `nil` when the table has no such seat.
    public func player(_ seat: SeatName) -> CrapsPlayer? {
        self.players.first { $0.seat == seat }
    }

    /// The seats that may move now, in seat order: while the point is off, every seat still in the match
    /// (to change its ante or seed, to reset when bankrupt, and the shooter to roll); while the point is on,
    /// the shooter alone; nobody once the match is over.
    public var toAct: [SeatName] {
        guard self.over == nil else { return [] }
        if self.point != nil { return self.shooter.map { [$0] } ?? [] }
        return self.players.filter(\.isIn).map(\.seat)
    }

    /// The state as every viewer may see it: the current period's secret is hidden until the match ends.
    public var viewed: CrapsState {
        guard self.over == nil, self.period.secret != nil else { return self }
        var copy = self
        copy.period.secret = nil
        return copy
    }

    /// Whether the next roll is a come-out roll (the point is off).
    public var isComeOut: Bool { self.point == nil }

    /// What a roll with this total would decide now; `nil` when it decides nothing.
    /// - Parameter total: 2 to 12.
    public func decision(for total: Int) -> Decision? {
        guard let point = self.point else {
            if CrapsTable.naturals.contains(total) { return .natural }
            if CrapsTable.craps.contains(total) { return .craps }
            return nil
        }
        if total == point { return .pointMade }
        return total == 7 ? .sevenOut : nil
    }

    /// Each seat's balance in cents: the score a result ranks by.
    public var scores: [(seat: SeatName, score: Int)] {
        self.players.map { ($0.seat, Int($0.balance.cents)) }
    }

    /// How the match ended, ranked by balance; `nil` while it goes on.
    public var result: GameResult? {
        guard let over = self.over else { return nil }
        return GameResult.ranking(self.scores, reason: over.rawValue)
    }
}
