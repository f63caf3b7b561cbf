import CrapsRules
import GameKit
import Testing

/// A Craps table driven as the host drives it: each move prepared with the host's randomness for its step,
/// then applied to the host's full state; every accepted move kept as a viewer sees it.
struct TestTable {
    /// The host's full state (with the current secret).
    private(set) var state: CrapsState
    /// The start, as viewed.
    let start: CrapsState
    /// Every accepted move, as viewed, with its mover.
    private(set) var moves: [(mover: Mover, move: CrapsMove)] = []
    /// The last prepared move (the host's copy).
    private(set) var lastPrepared: CrapsMove?
    private let matchSecret: [UInt8]
    private var step: UInt64 = 0

    /// A table of `seats` seats P1…, P1 shooting first.
    init(seats: Int = 1, decisions: Int = 0, match: UInt8 = 1) {
        self.matchSecret = [UInt8](repeating: match, count: 32)
        var random = HostRandom(secret: self.matchSecret, step: 0)
        let options = GameOptions.checking(
            [CrapsGame.decisionsOption: .integer(decisions)], against: CrapsGame.descriptor.options)
        let setup = MatchSetup(
            ruleSet: "classic", seats: Array(CrapsGame.descriptor.seats.prefix(seats)), firstSeat: "P1",
            options: try! options.get(), startedAt: GameTime(milliseconds: 0))
        self.state = CrapsGame.start(setup, random: &random)!
        self.start = CrapsGame.view(of: self.state, for: .spectator)
    }

    /// Prepares and applies a move by a seat, as the host does.
    @discardableResult
    mutating func play(_ move: CrapsMove, by seat: SeatName) -> Result<[CrapsEvent], GameRuleViolation> {
        self.play(move, mover: .seat(seat))
    }

    /// The host takes a seat out of the match (its `hostMove` for the seat leaving).
    @discardableResult
    mutating func leave(_ seat: SeatName, _ reason: LeaveReason = .resigned) -> Result<[CrapsEvent], GameRuleViolation>
    {
        let move = CrapsGame.hostMove(.seatLeft(seat, reason), in: self.state)!
        return self.play(move, mover: .host)
    }

    private mutating func play(_ move: CrapsMove, mover: Mover) -> Result<[CrapsEvent], GameRuleViolation> {
        self.step += 1
        var random = HostRandom(secret: self.matchSecret, step: self.step)
        let prepared = CrapsGame.prepare(move, by: mover, in: self.state, random: &random)
        self.lastPrepared = prepared
        let result = CrapsGame.apply(prepared, by: mover, to: &self.state)
        if case .success = result { self.moves.append((mover, CrapsGame.view(of: prepared, for: .spectator))) }
        return result
    }

    /// Plays a move that the rules must accept, and returns its events.
    @discardableResult
    mutating func must(_ move: CrapsMove, by seat: SeatName, sourceLocation: SourceLocation = #_sourceLocation)
        -> [CrapsEvent]
    {
        switch self.play(move, by: seat) {
        case .success(let events): return events
        case .failure(let violation):
            Issue.record("\(seat) \(move) refused: \(violation)", sourceLocation: sourceLocation)
            return []
        }
    }

    /// Plays a move that the rules must refuse, and returns the refusal.
    mutating func refused(_ move: CrapsMove, by seat: SeatName, sourceLocation: SourceLocation = #_sourceLocation)
        -> GameRuleViolation?
    {
        let before = self.state
        switch self.play(move, by: seat) {
        case .success(let events):
            Issue.record("\(seat) \(move) accepted: \(events)", sourceLocation: sourceLocation)
            return nil
        case .failure(let violation):
            #expect(self.state == before, "a refused move changes nothing", sourceLocation: sourceLocation)
            return violation
        }
    }

    /// Fixes the current period's next rolls to have these totals, the way any player could: by the seed
    /// `seat` contributes (found by trying "rig-0", "rig-1", … against the host's secret, which only a test
    /// can read). The period's first roll must still be to come.
    mutating func rig(
        _ totals: [Int], seat: SeatName = "P1", prefix: String = "rig-",
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        precondition(self.state.period.seeds == nil, "seeds are fixed at a period's first roll")
        let secret = Hex.bytes(of: self.state.period.secret!)!
        let key = HMACSHA256.Key(secret)
        let index = self.state.players.firstIndex { $0.seat == seat }!
        var seeds = self.state.players.map(\.seed)
        for attempt in 0..<200_000 {
            seeds[index] = "\(prefix)\(attempt)"
            let fits = totals.indices.allSatisfy { offset in
                DiceDerivation.dice(key: key, seeds: seeds, roll: offset + 1).total == totals[offset]
            }
            if fits {
                self.must(.seed(seeds[index]), by: seat, sourceLocation: sourceLocation)
                return
            }
        }
        Issue.record("no seed gives totals \(totals)", sourceLocation: sourceLocation)
    }

    /// Rigs and rolls a whole sequence of totals with the current shooter.
    @discardableResult
    mutating func roll(_ totals: [Int], sourceLocation: SourceLocation = #_sourceLocation) -> [CrapsEvent] {
        let shooter = self.state.shooter!
        self.rig(totals, seat: shooter, sourceLocation: sourceLocation)
        var events: [CrapsEvent] = []
        for _ in totals { events += self.must(.roll(nil), by: shooter, sourceLocation: sourceLocation) }
        return events
    }

    /// A seat's player.
    func player(_ seat: SeatName) -> CrapsPlayer { self.state.player(seat)! }
}
