import Conformance
import CrapsRules
import GameKit
import Protocol

/// Section 12 of docs/PROTOCOL.md for Craps (docs/CRAPS.md): the dice committed to before they roll and
/// verified when revealed, the ante and seed refusals with what the rules accept, the shooter's turn, a
/// seven-out passing the dice, bankrupt and reset.
enum CrapsCases {
    static let all: [HostCase] = [
        commitmentFirst, anteRefusals, seedRefusals, onlyTheShooter, rollsVerified, sevenOut, bankruptAndReset,
    ]

    static let commitmentFirst = HostCase(
        "craps.commitment-first",
        "the first state commits to period 1's secret and hides it; every seat may act; rolls carry the next "
            + "commitment, never a secret before its period ends",
        statements: ["G-1", "G-2", "G-12", "G-13"]
    ) { context in
        var run = try await CrapsTableRun.start(context, seats: ["P1", "P2"])
        let start = run.table.start
        let period = start.object("state")?.object("period")
        try require(
            period?.int("number") == 1 && DiceDerivation.isDigest(period?.string("commitment") ?? "")
                && period?["seeds"] == .null && period?.array("rolls")?.isEmpty == true,
            "period {number 1, commitment: 64 lowercase hex digits, seeds null, rolls []} before any roll",
            seen: "\(period.map { "\($0)" } ?? "no period")")
        try require(
            start.array("toAct") == [.string("P1"), .string("P2")] && start["turn"] == nil,
            "toAct [P1, P2] and no turn: every seat may act while the point is off (G-2)", seen: "\(start)")
        let committed = run.state.period.commitment
        let events = try await run.roll(until: { events, _ in events.decision != nil }, what: "a decision")
        try require(
            DiceDerivation.commitment(ofSecret: revealed(events)) == committed,
            "SHA-256 of the revealed secret to be the commitment \(committed)", seen: revealed(events))
        try require(
            run.state.period.number == 2 && run.state.period.secret == nil,
            "period 2 committed to, its secret hidden", seen: "\(run.state.period)")
        return .ok
    }

    static let anteRefusals = HostCase(
        "craps.ante-refusals",
        "antes refused with their rule and details.allowed (the ante the rules accept); a refused ante changes "
            + "nothing; the ante is locked while the point is on",
        statements: ["G-4", "E-4"]
    ) { context in
        var run = try await CrapsTableRun.start(context, seats: ["P1"])
        for (ante, rule, allowed) in [
            (0, "ante-not-positive", 500), (20_500, "ante-over-balance", 20_000),
            (1_200, "ante-not-multiple-of-5", 1_000), (300, "ante-not-multiple-of-5", 500),
        ] {
            let answer = try await run.refused(#"{"ante":\#(ante)}"#, by: 0, code: "illegal-move", rule: rule)
            try require(
                answer.object("details")?.int("allowed") == allowed,
                "details {allowed: \(allowed)} refusing an ante of \(ante) cents", seen: "\(answer)")
        }
        try await run.requireSynced()
        let set = try await run.play(#"{"ante":2500}"#, by: 0)
        try require(
            set == [.anteSet(seat: "P1", ante: Money(cents: 2500))], "ante-set {P1, 2500}", seen: "\(set)")
        try await run.roll(until: { _, state in state.point != nil }, what: "a point")
        let locked = try await run.refused(#"{"ante":500}"#, by: 0, code: "illegal-move", rule: "ante-locked")
        try require(
            locked.object("details")?.int("allowed") == 2500,
            "details {allowed: 2500} (the ante in force) refusing an ante while the point is on", seen: "\(locked)")
        try await run.requireSynced()
        return .ok
    }

    static let seedRefusals = HostCase(
        "craps.seed-refusals",
        "a seed over 64 bytes gets seed-too-long with details.limit 64; one outside printable ASCII "
            + "seed-not-printable; a good seed is fixed for the period at its first roll",
        statements: ["G-4"]
    ) { context in
        var run = try await CrapsTableRun.start(context, seats: ["P1"])
        let long = String(repeating: "x", count: 65)
        let tooLong = try await run.refused(#"{"seed":"\#(long)"}"#, by: 0, code: "illegal-move", rule: "seed-too-long")
        try require(
            tooLong.object("details")?.int("limit") == 64, "details {limit: 64}", seen: "\(tooLong)")
        try await run.refused(#"{"seed":"tab\there"}"#, by: 0, code: "illegal-move", rule: "seed-not-printable")
        try await run.play(#"{"seed":"lucky 7"}"#, by: 0)
        // NB: a roll that decides starts a new period; its seeds are fixed at its own first roll.
        try await run.roll(until: { _, state in !state.period.rolls.isEmpty }, what: "a roll that sets a point")
        try require(
            run.state.period.seeds == ["lucky 7"], "the period's seeds fixed at its first roll: [\"lucky 7\"]",
            seen: "\(run.state.period.seeds ?? [])")
        return .ok
    }

    static let onlyTheShooter = HostCase(
        "craps.only-the-shooter",
        "only the shooter rolls: another seat's roll gets illegal-move not-shooter while the point is off, "
            + "not-your-turn while it is on (then the shooter alone may move)",
        statements: ["G-2", "G-4"]
    ) { context in
        var run = try await CrapsTableRun.start(context, seats: ["P1", "P2"])
        try await run.refused(#"{"roll":true}"#, by: 1, code: "illegal-move", rule: "not-shooter")
        try await run.roll(until: { _, state in state.point != nil }, what: "a point")
        try await run.refused(#"{"roll":true}"#, by: 1, code: "not-your-turn")
        try await run.refused(#"{"ante":1000}"#, by: 1, code: "not-your-turn")
        try await run.requireSynced()
        return .ok
    }

    static let rollsVerified = HostCase(
        "craps.rolls-verified",
        "with both players' seeds, every roll of three decisions is the one its period's revealed secret and "
            + "the seeds give (each move applied with the rules, the record verified as tcnet craps verify)",
        statements: ["G-5", "G-11", "G-13"]
    ) { context in
        var run = try await CrapsTableRun.start(context, seats: ["P1", "P2"])
        try await run.play(#"{"seed":"alice"}"#, by: 0)
        try await run.play(#"{"seed":"bob \"7\""}"#, by: 1)
        try await run.roll(until: { _, state in state.decisions >= 3 }, what: "three decisions")
        try require(
            run.match.verified.periods == 3 && run.match.verified.rolls >= 3,
            "three periods verified", seen: "\(run.match.verified)")
        return .ok
    }

    static let sevenOut = HostCase(
        "craps.seven-out",
        "a seven-out: every rider loses its ante, the dice pass to the next seat, which alone may roll now",
        statements: ["G-4", "G-5"]
    ) { context in
        var run = try await CrapsTableRun.start(context, seats: ["P1", "P2"])
        try await run.play(#"{"ante":1500}"#, by: 1)
        let events = try await run.roll(until: { events, _ in events.decision == .sevenOut }, what: "a seven-out")
        let lost = events.compactMap { event -> SeatName? in
            if case .lost(let seat, _, _) = event { return seat } else { return nil }
        }
        try require(lost == ["P1", "P2"], "both riders lose their own ante", seen: "\(events)")
        try require(
            events.contains(.dicePassed(from: "P1", to: "P2")) && run.state.shooter == "P2",
            "dice-passed {from P1, to P2}; P2 shoots", seen: "\(events)")
        try await run.refused(#"{"roll":true}"#, by: 0, code: "illegal-move", rule: "not-shooter")
        let next = try await run.play(#"{"roll":true}"#, by: 1)
        try require(
            next.first.map { if case .rolled(let shooter, _, _, _) = $0 { shooter == "P2" } else { false } } == true,
            "P2's roll accepted", seen: "\(next)")
        return .ok
    }

    static let bankruptAndReset = HostCase(
        "craps.bankrupt-reset",
        "a reset with money is refused (not-bankrupt); a player who loses everything is bankrupt: nobody "
            + "holds the dice, an ante is refused (bankrupt); a reset gives $200, a $5 ante and the dice",
        statements: ["G-4", "G-5"]
    ) { context in
        var run = try await CrapsTableRun.start(context, seats: ["P1"])
        try await run.refused(#"{"reset":true}"#, by: 0, code: "illegal-move", rule: "not-bankrupt")
        var broke = false
        for _ in 0..<60 where !broke {
            let balance = run.state.player("P1")?.balance ?? .zero
            if run.state.player("P1")?.ante != balance { try await run.play(#"{"ante":\#(balance.cents)}"#, by: 0) }
            let events = try await run.roll(until: { events, _ in events.decision != nil }, what: "a decision")
            broke = events.contains(.bankrupt(seat: "P1"))
        }
        try require(broke, "a loss with everything bet within 60 decisions", seen: "none (the dice are not fair)")
        let player = run.state.player("P1")
        try require(
            player?.status == .bankrupt && player?.ante == .zero && run.state.shooter == nil,
            "P1 bankrupt, ante 0, shooter null", seen: "\(run.state)")
        try await run.refused(#"{"ante":500}"#, by: 0, code: "illegal-move", rule: "bankrupt")
        try await run.refused(#"{"roll":true}"#, by: 0, code: "illegal-move", rule: "not-shooter")
        let reset = try await run.play(#"{"reset":true}"#, by: 0)
        try require(
            reset == [
                .reset(seat: "P1", balance: CrapsTable.startingBalance, ante: CrapsTable.startingAnte),
                .dicePassed(from: nil, to: "P1"),
            ],
            "reset {P1, 20000, 500}, then dice-passed {from null, to P1}", seen: "\(reset)")
        try require(run.state.player("P1")?.resets == 1, "resets 1", seen: "\(run.state)")
        try await run.roll()
        return .ok
    }

    /// The secret a roll's events reveal, or "".
    static func revealed(_ events: [CrapsEvent]) -> String {
        for case .revealed(_, let secret) in events { return secret }
        return ""
    }
}
