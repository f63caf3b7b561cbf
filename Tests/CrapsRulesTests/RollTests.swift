import CrapsRules
import GameKit
import TestScheduling
import Testing

@Suite("Rolls: the come-out, the point, and what they decide", .offThePool)
struct RollTests {
    @Test("a match starts with $200, a $5 ante, the point off and P1 shooting", arguments: 1...6)
    func start(seats: Int) {
        let table = TestTable(seats: seats)
        #expect(table.state.players.map(\.seat) == (1...seats).map { "P\($0)" })
        for player in table.state.players {
            #expect(player.balance == Money(dollars: 200))
            #expect(player.ante == Money(dollars: 5))
            #expect(player.status == .playing)
        }
        #expect(table.state.point == nil && table.state.dice == nil && table.state.shooter == "P1")
        #expect(table.state.toAct == table.state.players.map(\.seat))
        #expect(table.state.period.number == 1 && table.state.period.rolls.isEmpty)
    }

    @Test("a come-out 2, 3 or 12 loses the ante; the shooter keeps the dice", arguments: [2, 3, 12])
    func comeOutCraps(total: Int) {
        var table = TestTable(seats: 2)
        let events = table.roll([total])
        #expect(table.player("P1").balance == Money(dollars: 195))
        #expect(table.player("P2").balance == Money(dollars: 195))
        #expect(table.player("P1").last == .lost)
        #expect(events.contains(.decided(decision: .craps, total: total)))
        #expect(events.contains(.lost(seat: "P2", amount: Money(dollars: 5), balance: Money(dollars: 195))))
        #expect(table.state.point == nil && table.state.shooter == "P1" && table.state.decisions == 1)
        #expect(table.state.period.number == 2, "a decision ends the period")
    }

    @Test("a come-out 7 or 11 wins the ante", arguments: [7, 11])
    func comeOutNatural(total: Int) {
        var table = TestTable(seats: 2)
        table.must(.ante(Money(dollars: 20)), by: "P2")
        let events = table.roll([total])
        #expect(table.player("P1").balance == Money(dollars: 205))
        #expect(table.player("P2").balance == Money(dollars: 220))
        #expect(table.player("P2").last == .won)
        #expect(events.contains(.decided(decision: .natural, total: total)))
        #expect(table.state.point == nil && table.state.shooter == "P1")
    }

    @Test("any other come-out total sets the point, and the ante is locked", arguments: [4, 5, 6, 8, 9, 10])
    func comeOutPoint(total: Int) throws {
        var table = TestTable(seats: 2)
        let events = table.roll([total])
        #expect(table.state.point == total)
        #expect(events.last == .pointSet(point: total))
        #expect(table.state.decisions == 0 && table.player("P1").balance == Money(dollars: 200))
        #expect(table.state.toAct == ["P1"], "while the point is on only the shooter acts")
        let answer = table.refused(.ante(Money(dollars: 10)), by: "P2")
        let refusal = try #require(answer)
        #expect(refusal.code == "ante-locked")
        #expect(refusal.details["allowed"] == 500)
    }

    @Test(
        "the point rolled again wins; a total other than the point or 7 decides nothing",
        arguments: [
            2, 3, 4, 5, 8, 9, 10, 11, 12,
        ])
    func pointMade(between: Int) {
        var table = TestTable(seats: 1)
        table.must(.ante(Money(dollars: 50)), by: "P1")
        let events = table.roll([6, between, 6])
        #expect(table.state.decisions == 1)
        #expect(table.player("P1").balance == Money(dollars: 250))
        #expect(table.state.point == nil)
        let decided = events.compactMap { if case .decided(let decision, _) = $0 { decision } else { nil } }
        #expect(decided == [.pointMade])
        #expect(table.state.dice?.total == 6)
        #expect(table.state.period.number == 2 && table.state.period.rolls.isEmpty)
    }

    @Test("a 7 before the point loses; with one player the dice stay")
    func sevenOutAlone() {
        var table = TestTable(seats: 1)
        let events = table.roll([9, 7])
        #expect(table.player("P1").balance == Money(dollars: 195))
        #expect(events.contains(.decided(decision: .sevenOut, total: 7)))
        #expect(table.state.shooter == "P1")
        #expect(!events.contains { if case .dicePassed = $0 { true } else { false } })
    }

    @Test("a seven-out with three seats: everyone loses their own ante and the dice pass to the next seat")
    func sevenOutPassesTheDice() {
        var table = TestTable(seats: 3)
        table.must(.ante(Money(dollars: 10)), by: "P2")
        table.must(.ante(Money(dollars: 25)), by: "P3")
        var events = table.roll([4, 7])
        #expect(table.state.players.map(\.balance) == [195, 190, 175].map { Money(dollars: $0) })
        #expect(events.contains(.dicePassed(from: "P1", to: "P2")))
        #expect(table.state.shooter == "P2")
        #expect(table.refused(.roll(nil), by: "P1")?.code == "not-shooter")
        events = table.roll([5, 7])
        #expect(table.state.shooter == "P3")
        events = table.roll([10, 7])
        #expect(events.contains(.dicePassed(from: "P3", to: "P1")), "round the table")
        #expect(table.state.players.map(\.balance) == [185, 170, 125].map { Money(dollars: $0) })
    }

    @Test("every roll is reported with its period and number; each seat's last outcome clears on the next roll")
    func rollEvents() {
        var table = TestTable(seats: 2)
        let events = table.roll([8, 3, 8])
        let rolled = events.compactMap {
            if case .rolled(_, _, let period, let roll) = $0 { [period, roll] } else { nil }
        }
        #expect(rolled == [[1, 1], [1, 2], [1, 3]])
        table.roll([11])
        #expect(table.player("P1").last == .won)
        table.roll([5])
        #expect(table.player("P1").last == nil)
    }

    @Test("a roll must come prepared by the host, and only the shooter rolls")
    func rollRefusals() {
        var table = TestTable(seats: 2)
        var state = table.state
        #expect(state.apply(.roll(nil), by: .seat("P1")).failureCode == "roll-not-prepared")
        #expect(state == table.state)
        #expect(state.apply(.roll(nil), by: .host).failureCode == "players-only")
        #expect(table.refused(.roll(nil), by: "P2")?.code == "not-shooter")
        #expect(table.refused(.roll(nil), by: "P7")?.code == "no-such-seat")
    }
}

extension Result where Failure == GameRuleViolation {
    /// The refusal's code; `nil` when the move was accepted.
    var failureCode: String? {
        if case .failure(let violation) = self { return violation.code }
        return nil
    }
}
