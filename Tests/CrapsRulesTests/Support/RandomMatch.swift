import CrapsRules
import GameKit

/// Random matches played as the host plays them: moves drawn from a SplitMix64 (legal ones mostly, some
/// refused), prepared with the host's randomness, applied to the full state.
struct RandomMatch {
    /// One step: the full state before, who moved, the prepared move, what the rules said, the state after.
    struct Step {
        var before: CrapsState
        var mover: Mover
        var move: CrapsMove
        var result: Result<[CrapsEvent], GameRuleViolation>
        var after: CrapsState
    }

    /// Plays a match of up to `steps` moves and calls `body` after each.
    static func play(
        seed: UInt64, seats: Int, decisions: Int, steps: Int = 400, _ body: (Step) -> Void
    ) -> CrapsState {
        var rng = SplitMix64(seed: seed)
        let secret = (0..<32).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
        var random = HostRandom(secret: secret, step: 0)
        let names = Array(CrapsGame.descriptor.seats.prefix(seats))
        let options = try! GameOptions.checking(
            [CrapsGame.decisionsOption: .integer(decisions)], against: CrapsGame.descriptor.options
        ).get()
        let setup = MatchSetup(
            ruleSet: "classic", seats: names, firstSeat: names[rng.nextIndex(below: seats)], options: options,
            startedAt: GameTime(milliseconds: 0))
        var state = CrapsGame.start(setup, random: &random)!
        for step in 1...steps where state.over == nil {
            let (mover, move) = Self.draw(in: state, seats: names, rng: &rng)
            var random = HostRandom(secret: secret, step: UInt64(step))
            let prepared = CrapsGame.prepare(move, by: mover, in: state, random: &random)
            let before = state
            let result = CrapsGame.apply(prepared, by: mover, to: &state)
            body(Step(before: before, mover: mover, move: prepared, result: result, after: state))
        }
        return state
    }

    private static func draw(in state: CrapsState, seats: [SeatName], rng: inout SplitMix64) -> (Mover, CrapsMove) {
        let toAct = state.toAct
        if rng.nextIndex(below: 100) < 2 || toAct.isEmpty {
            let seat = seats[rng.nextIndex(below: seats.count)]
            let reason: LeaveReason = rng.nextIndex(below: 2) == 0 ? .resigned : .forfeit
            return (.host, CrapsGame.hostMove(.seatLeft(seat, reason), in: state)!)
        }
        let seat =
            rng.nextIndex(below: 10) < 9
            ? toAct[rng.nextIndex(below: toAct.count)] : seats[rng.nextIndex(below: seats.count)]
        let balance = state.player(seat)?.balance.cents ?? 0
        let roll = rng.nextIndex(below: 100)
        switch roll {
        case ..<55:
            return (.seat(state.shooter ?? seat), .roll(nil))
        case ..<75:
            let antes: [Int64] = [500, 1_000, 2_500, balance, balance / 2, 0, -500, balance + 500, 1_234]
            return (.seat(seat), .ante(Money(cents: antes[rng.nextIndex(below: antes.count)])))
        case ..<85:
            return (.seat(seat), .reset)
        default:
            let seeds = [
                "", "abc", "Lucky 7!", String(repeating: "s", count: 64), String(repeating: "s", count: 65), "é",
            ]
            return (.seat(seat), .seed(seeds[rng.nextIndex(below: seeds.count)]))
        }
    }
}
