import CrapsRules
import GameKit
import PropertyBased
import TestSupport
import Testing

/// Properties of random matches. Each match is played off the cooperative pool (``offThePool(_:)``) and
/// returns what it found wrong, one line a problem; the test expects none.
@Suite("Properties of random matches", .offThePool)
struct ViewPropertyTests {
    static let seeds = Gen.int(in: 0...Int.max)
    static let seatCounts = Gen.int(in: 1...6)
    static let limits = Gen.int(in: 0...12)

    static func viewers(of state: CrapsState) -> [Viewer] {
        [.spectator] + state.players.map { .seat($0.seat) }
    }

    @Test("viewing commutes with applying: apply(view(m), view(s)) == view(apply(m, s)), for every viewer")
    func viewCommutesWithApply() async {
        await propertyCheck(count: 40, input: Self.seeds, Self.seatCounts, Self.limits) { seed, seats, limit in
            let problems = await offThePool { Self.commutationProblems(seed: UInt64(seed), seats: seats, limit: limit) }
            #expect(problems.isEmpty, "\(problems.prefix(3))")
        }
    }

    static func commutationProblems(seed: UInt64, seats: Int, limit: Int) -> [String] {
        var problems: [String] = []
        _ = RandomMatch.play(seed: seed, seats: seats, decisions: limit) { step in
            for viewer in Self.viewers(of: step.before) {
                var mirror = CrapsGame.view(of: step.before, for: viewer)
                let move = CrapsGame.view(of: step.move, for: viewer)
                let result = CrapsGame.apply(move, by: step.mover, to: &mirror)
                switch (step.result, result) {
                case (.success(let hostEvents), .success(let events)):
                    if events != hostEvents.compactMap({ CrapsGame.view(of: $0, for: viewer) }) {
                        problems.append("\(viewer) saw events \(events) for \(step.move)")
                    }
                    if mirror != CrapsGame.view(of: step.after, for: viewer) {
                        problems.append("\(viewer)'s state differs after \(step.move)")
                    }
                    if CrapsGame.hash(of: mirror) != CrapsGame.hash(of: step.after) {
                        problems.append("\(viewer)'s hash differs after \(step.move)")
                    }
                case (.failure(let hostRefusal), .failure(let refusal)):
                    if refusal != hostRefusal { problems.append("\(viewer): \(refusal), host: \(hostRefusal)") }
                    if mirror != CrapsGame.view(of: step.before, for: viewer) {
                        problems.append("\(viewer)'s state changed by a refused \(step.move)")
                    }
                default:
                    problems.append("host \(step.result) but \(viewer) \(result) for \(step.move)")
                }
            }
        }
        return problems
    }

    @Test("nobody sees a secret before it is revealed: not in a viewed state, move or event")
    func secretsStayHidden() async {
        await propertyCheck(count: 25, input: Self.seeds, Self.seatCounts, Self.limits) { seed, seats, limit in
            let problems = await offThePool { Self.leaks(seed: UInt64(seed), seats: seats, limit: limit) }
            #expect(problems.isEmpty, "\(problems.prefix(3))")
        }
    }

    static func leaks(seed: UInt64, seats: Int, limit: Int) -> [String] {
        var problems: [String] = []
        _ = RandomMatch.play(seed: seed, seats: seats, decisions: limit) { step in
            guard case .success(let events) = step.result else { return }
            var hidden: [String] = []
            if step.after.over == nil, let secret = step.after.period.secret { hidden.append(secret) }
            if case .roll(let prepared?) = step.move, case .secret(let next)? = prepared.next { hidden.append(next) }
            let texts =
                [
                    try! json(CrapsGame.view(of: step.after, for: .spectator)),
                    try! json(CrapsGame.view(of: step.move, for: .spectator)),
                ] + events.compactMap { CrapsGame.view(of: $0, for: .spectator) }.map { try! json($0) }
            for secret in hidden where texts.contains(where: { $0.contains(secret) }) {
                problems.append("\(secret) leaked after \(step.move)")
            }
        }
        return problems
    }

    @Test("every reachable state round-trips through its JSON, and toAct never lists a seat that is out")
    func statesRoundTripAndToActIsIn() async {
        await propertyCheck(count: 25, input: Self.seeds, Self.seatCounts, Self.limits) { seed, seats, limit in
            let problems = await offThePool { Self.roundTrips(seed: UInt64(seed), seats: seats, limit: limit) }
            #expect(problems.isEmpty, "\(problems.prefix(3))")
        }
    }

    static func roundTrips(seed: UInt64, seats: Int, limit: Int) -> [String] {
        var problems: [String] = []
        _ = RandomMatch.play(seed: seed, seats: seats, decisions: limit) { step in
            for state in [step.after, step.after.viewed] {
                let text = try! json(state)
                if (try? decode(CrapsState.self, text)) != state { problems.append("state \(text)") }
            }
            let move = try! json(step.move)
            if (try? decode(CrapsMove.self, move)) != step.move { problems.append("move \(move)") }
            for seat in step.after.toAct where step.after.player(seat)?.isIn != true {
                problems.append("\(seat) is out but listed to act")
            }
        }
        return problems
    }

    @Test("money moves only by antes: every balance change is one decision's ante, or a reset to $200")
    func moneyMovesByAntes() async {
        await propertyCheck(count: 25, input: Self.seeds, Self.seatCounts, Self.limits) { seed, seats, limit in
            let problems = await offThePool { Self.moneyProblems(seed: UInt64(seed), seats: seats, limit: limit) }
            #expect(problems.isEmpty, "\(problems.prefix(3))")
        }
    }

    static func moneyProblems(seed: UInt64, seats: Int, limit: Int) -> [String] {
        var problems: [String] = []
        _ = RandomMatch.play(seed: seed, seats: seats, decisions: limit) { step in
            guard case .success(let events) = step.result else { return }
            for (before, after) in zip(step.before.players, step.after.players) where before.balance != after.balance {
                let delta = after.balance - before.balance
                let reset = events.contains(.reset(seat: after.seat, balance: after.balance, ante: after.ante))
                let byAnte = before.rides && (delta == before.ante || delta == .zero - before.ante)
                if !reset && !byAnte { problems.append("\(before) → \(after) after \(step.move)") }
            }
        }
        return problems
    }

    @Test("a match with a limit ends after exactly that many decisions; without one, only when every seat left")
    func matchesEnd() async {
        await propertyCheck(count: 40, input: Self.seeds, Self.seatCounts, Gen.int(in: 1...8)) { seed, seats, limit in
            let final = await offThePool {
                RandomMatch.play(seed: UInt64(seed), seats: seats, decisions: limit, steps: 3_000) { _ in }
            }
            #expect(final.over != nil)
            if final.over == .finished {
                #expect(final.decisions == limit)
            } else {
                #expect(final.players.allSatisfy { !$0.isIn } && final.decisions < limit)
            }
            let result = CrapsGame.result(of: final)
            #expect(result?.standings.count == seats)
            #expect(CrapsGame.toAct(in: final).isEmpty)
        }
    }
}
