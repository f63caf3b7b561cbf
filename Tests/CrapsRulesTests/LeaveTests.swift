import CrapsRules
import GameKit
import TestScheduling
import Testing

@Suite("Seats leaving the match", .offThePool)
struct LeaveTests {
    @Test("a seat that leaves is out: balance frozen, never to act, still ranked by balance")
    func seatLeaves() throws {
        var table = TestTable(seats: 3, decisions: 2)
        table.must(.ante(Money(dollars: 50)), by: "P2")
        table.roll([7])
        let events = try table.leave("P2", .forfeit).get()
        #expect(events == [.seatLeft(seat: "P2", reason: .forfeit)])
        #expect(table.player("P2").status == .forfeit && table.player("P2").balance == Money(dollars: 250))
        #expect(!table.state.toAct.contains("P2"))
        #expect(table.refused(.ante(Money(dollars: 5)), by: "P2")?.code == "seat-out")
        table.roll([2])
        #expect(table.player("P2").balance == Money(dollars: 250), "an out seat does not ride")
        let result = try #require(CrapsGame.result(of: table.state))
        #expect(result.reason == "finished")
        #expect(result.standings.map(\.seat) == ["P2", "P1", "P3"])
        #expect(result.standings.map(\.score) == [25_000, 20_000, 20_000])
        #expect(result.standings.map(\.rank) == [1, 2, 2])
    }

    @Test("the shooter leaving mid-point passes the dice; the point stays for the others")
    func shooterLeavesMidPoint() throws {
        var table = TestTable(seats: 2)
        table.roll([9])
        let events = try table.leave("P1").get()
        #expect(events == [.seatLeft(seat: "P1", reason: .resigned), .dicePassed(from: "P1", to: "P2")])
        #expect(table.state.point == 9 && table.state.toAct == ["P2"])
        table.must(.roll(nil), by: "P2")
        #expect(table.state.period.rolls.count == 2, "the period goes on")
    }

    @Test("the last riding seat leaving mid-point calls the point off; the period goes on")
    func lastRiderLeavesMidPoint() throws {
        var table = TestTable(seats: 2)
        table.must(.ante(Money(dollars: 200)), by: "P2")
        table.roll([2])
        table.rig([6, 6])
        table.must(.roll(nil), by: "P1")
        let events = try table.leave("P1").get()
        #expect(events.suffix(2) == [.dicePassed(from: "P1", to: nil), .pointOff])
        #expect(table.state.point == nil && table.state.shooter == nil && table.state.toAct == ["P2"])
        table.must(.reset, by: "P2")
        #expect(table.must(.roll(nil), by: "P2").last == .pointSet(point: 6), "a new come-out: 6 is the point again")
        #expect(table.state.period.rolls.count == 2, "roll 2 of the same period")
    }

    @Test("a solo player who resigns ends the match: no winner, ranked by balance, the secret revealed")
    func soloResigns() throws {
        var table = TestTable(seats: 1)
        table.roll([11])
        table.roll([4])
        let secret = try #require(table.state.period.secret)
        let events = try table.leave("P1").get()
        #expect(
            events == [
                .seatLeft(seat: "P1", reason: .resigned), .revealed(period: 2, secret: secret),
                .matchOver(reason: .resigned),
            ])
        let result = try #require(CrapsGame.result(of: table.state))
        #expect(result.reason == "resigned" && result.winner == nil)
        #expect(result.standings == [SeatStanding(seat: "P1", score: 20_500, rank: 1)])
        #expect(CrapsGame.toAct(in: table.state).isEmpty)
        #expect(table.state.viewed.period.secret == secret, "at the end the secret is shown to everyone")
        #expect(
            CrapsVerifier.verify(CrapsRecord(start: table.start, moves: table.moves))
                == .verified(periods: 2, rolls: 2, unchecked: 0))
    }

    @Test("the match ends when every seat has left")
    func everyoneLeaves() throws {
        var table = TestTable(seats: 3)
        table.leave("P1")
        table.leave("P3", .forfeit)
        #expect(table.state.over == nil && table.state.shooter == "P2")
        table.leave("P2", .forfeit)
        #expect(table.state.over == .forfeit)
        #expect(table.refused(.roll(nil), by: "P2")?.code == "game-over")
    }

    @Test("only the host takes a seat out, and only once; a leave reveals the secret only at the end")
    func leaveRefusals() throws {
        var table = TestTable(seats: 2)
        #expect(table.refused(.leave("P2", .resigned, reveal: nil), by: "P1")?.code == "host-only")
        var state = table.state
        let secret = state.period.secret
        #expect(state.apply(.leave("P2", .resigned, reveal: secret), by: .host).failureCode == "unexpected-reveal")
        #expect(state.apply(.leave("P9", .resigned, reveal: nil), by: .host).failureCode == "no-such-seat")
        #expect(state.apply(.leave("P2", .resigned, reveal: nil), by: .host).failureCode == nil)
        #expect(state.apply(.leave("P2", .resigned, reveal: nil), by: .host).failureCode == "seat-out")
        #expect(state.apply(.leave("P1", .resigned, reveal: nil), by: .host).failureCode == "reveal-missing")
        let wrong = String(repeating: "0", count: 64)
        #expect(state.apply(.leave("P1", .resigned, reveal: wrong), by: .host).failureCode == "commitment-mismatch")
    }
}
