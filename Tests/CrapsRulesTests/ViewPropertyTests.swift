import CrapsRules
import GameKit
import PropertyBased
import Testing

@Suite("Properties of random matches")
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
            _ = RandomMatch.play(seed: UInt64(seed), seats: seats, decisions: limit) { step in
                let expectedState = CrapsGame.view(of: step.after, for: .spectator)
                for viewer in Self.viewers(of: step.before) {
                    var mirror = CrapsGame.view(of: step.before, for: viewer)
                    let move = CrapsGame.view(of: step.move, for: viewer)
                    let result = CrapsGame.apply(move, by: step.mover, to: &mirror)
                    switch (step.result, result) {
                    case (.success(let hostEvents), .success(let events)):
                        #expect(events == hostEvents.compactMap { CrapsGame.view(of: $0, for: viewer) })
                        #expect(mirror == CrapsGame.view(of: step.after, for: viewer))
                        #expect(CrapsGame.hash(of: mirror) == CrapsGame.hash(of: step.after))
                    case (.failure(let hostRefusal), .failure(let refusal)):
                        #expect(refusal == hostRefusal)
                        #expect(mirror == CrapsGame.view(of: step.before, for: viewer))
                    default:
                        Issue.record("host \(step.result) but \(viewer) \(result) for \(step.move)")
                    }
                }
                #expect(CrapsGame.hash(of: step.after) == expectedState.stateHash)
            }
        }
    }

    @Test("nobody sees a secret before it is revealed: not in a viewed state, move or event")
    func secretsStayHidden() async {
        await propertyCheck(count: 25, input: Self.seeds, Self.seatCounts, Self.limits) { seed, seats, limit in
            _ = RandomMatch.play(seed: UInt64(seed), seats: seats, decisions: limit) { step in
                guard case .success(let events) = step.result else { return }
                var hidden: [String] = []
                if step.after.over == nil, let secret = step.after.period.secret { hidden.append(secret) }
                if case .roll(let prepared?) = step.move, case .secret(let next)? = prepared.next {
                    hidden.append(next)
                }
                let texts =
                    [
                        try! json(CrapsGame.view(of: step.after, for: .spectator)),
                        try! json(CrapsGame.view(of: step.move, for: .spectator)),
                    ]
                    + events.map { try! json($0) }
                for secret in hidden {
                    #expect(!texts.contains { $0.contains(secret) }, "\(secret) leaked")
                }
            }
        }
    }

    @Test("every reachable state round-trips through its JSON, and toAct never lists a seat that is out")
    func statesRoundTripAndToActIsIn() async {
        await propertyCheck(count: 25, input: Self.seeds, Self.seatCounts, Self.limits) { seed, seats, limit in
            _ = RandomMatch.play(seed: UInt64(seed), seats: seats, decisions: limit) { step in
                for state in [step.after, step.after.viewed] {
                    let text = try! json(state)
                    let decoded: CrapsState? = try? decode(CrapsState.self, text)
                    #expect(decoded == state, "\(text)")
                }
                let move = try! json(step.move)
                #expect((try? decode(CrapsMove.self, move)) == step.move, "\(move)")
                for seat in step.after.toAct { #expect(step.after.player(seat)?.isIn == true) }
            }
        }
    }

    @Test("money moves only by antes: every balance change is one decision's ante, or a reset to $200")
    func moneyMovesByAntes() async {
        await propertyCheck(count: 25, input: Self.seeds, Self.seatCounts, Self.limits) { seed, seats, limit in
            _ = RandomMatch.play(seed: UInt64(seed), seats: seats, decisions: limit) { step in
                guard case .success(let events) = step.result else { return }
                for (before, after) in zip(step.before.players, step.after.players)
                where before.balance != after.balance {
                    let delta = after.balance - before.balance
                    let reset = events.contains(.reset(seat: after.seat, balance: after.balance, ante: after.ante))
                    #expect(reset || delta == before.ante || delta == .zero - before.ante, "\(before) → \(after)")
                    #expect(reset || before.rides)
                }
            }
        }
    }

    @Test("a match with a limit ends after exactly that many decisions; without one, only when every seat left")
    func matchesEnd() async {
        await propertyCheck(count: 40, input: Self.seeds, Self.seatCounts, Gen.int(in: 1...8)) { seed, seats, limit in
            let final = RandomMatch.play(seed: UInt64(seed), seats: seats, decisions: limit, steps: 3_000) { _ in }
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
