import GameKit

/// Craps as a game of the lobby: the plug-in conformance of the pure rules (docs/CRAPS.md).
///
/// One to six seats share one pair of dice: the shooter rolls for everyone, each seat's own ante rides on
/// the same dice, and the dice pass on when the shooter sevens out. The dice are provably fair: each roll
/// follows from a secret the host committed to before the roll and the seeds the players gave, and every
/// client checks every roll when the secret is revealed at the next decision.
public enum CrapsGame: Game {
    public typealias State = CrapsState
    public typealias Move = CrapsMove
    public typealias Event = CrapsEvent

    /// The `decisions` option's name.
    public static let decisionsOption = "decisions"

    /// "craps": seats P1…P6 (1 to 6, default 1), rule set "classic", option `decisions` 0…100 (0: no
    /// limit), bots "steady" and "bold", several seats acting while the point is off.
    public static let descriptor = GameDescriptor(
        id: "craps", name: "Craps", seats: (1...6).map { "P\($0)" }, seatCounts: 1...6, defaultSeatCount: 1,
        ruleSets: [CrapsTable.ruleSet],
        options: [
            GameOption(
                name: Self.decisionsOption,
                summary: "End the match after this many decisions and rank the seats by balance (0: no limit)",
                kind: .integer(min: 0, max: 100, step: 1, default: 0))
        ],
        bots: CrapsBot.allCases.map(\.rawValue), simultaneous: true)

    public static func start(_ setup: MatchSetup, random: inout HostRandom) -> CrapsState? {
        guard setup.ruleSet == CrapsTable.ruleSet else { return nil }
        return CrapsState(
            seats: setup.seats, shooter: setup.firstSeat, secret: random.secretHex(),
            decisionLimit: setup.options.integer(Self.decisionsOption))
    }

    public static func toAct(in state: CrapsState) -> [SeatName] {
        state.toAct
    }

    /// Completes a roll by the shooter with the dice the period's secret and seeds give; on a deciding roll,
    /// with the period's secret and (unless the match ends) a fresh secret for the next period. Whatever
    /// dice or secrets the mover sent are replaced. Any other move, or a roll the rules will refuse, is
    /// returned as it came.
    public static func prepare(
        _ move: CrapsMove, by mover: Mover, in state: CrapsState, random: inout HostRandom
    ) -> CrapsMove {
        guard case .roll = move, state.over == nil, let seat = mover.seat, state.shooter == seat,
            let dice = state.nextRoll
        else { return move }
        guard state.decision(for: dice.total) != nil else { return .roll(PreparedRoll(dice: dice)) }
        let next: NextPeriod? = state.nextDecisionEndsMatch ? nil : .secret(random.secretHex())
        return .roll(PreparedRoll(dice: dice, reveal: state.period.secret, next: next))
    }

    public static func apply(
        _ move: CrapsMove, by mover: Mover, to state: inout CrapsState
    ) -> Result<[CrapsEvent], GameRuleViolation> {
        state.apply(move, by: mover)
    }

    public static func result(of state: CrapsState) -> GameResult? {
        state.result
    }

    public static func scores(in state: CrapsState) -> [(seat: SeatName, score: Int)] {
        state.scores
    }

    /// When a seat leaves: a move that takes it out of the match (its balance frozen; it still ranks by
    /// it). When it is the last seat in the match, the move reveals the current secret and ends the match.
    public static func hostMove(_ cause: HostCause, in state: CrapsState) -> CrapsMove? {
        guard case .seatLeft(let seat, let reason) = cause else { return nil }
        let last = state.players.allSatisfy { $0.seat == seat || !$0.isIn }
        return .leave(seat, reason, reveal: last ? state.period.secret : nil)
    }

    /// SHA-256 of the viewed state's JSON (docs/CRAPS.md, "The state hash").
    public static func hash(of state: CrapsState) -> String {
        state.stateHash
    }

    public static func view(of state: CrapsState, for viewer: Viewer) -> CrapsState {
        state.viewed
    }

    public static func view(of event: CrapsEvent, for viewer: Viewer) -> CrapsEvent? {
        event
    }

    public static func view(of move: CrapsMove, for viewer: Viewer) -> CrapsMove {
        move.viewed
    }

    public static func botMove(bot: String, seat: SeatName, in state: CrapsState, seed: UInt64) -> CrapsMove? {
        CrapsBot(rawValue: bot)?.move(for: seat, in: state)
    }
}
