import CrapsRules
import GameKit
import TestScheduling
import Testing

@Suite("Bankrupt, reset, and who holds the dice", .offThePool)
struct BankruptTests {
    @Test("a seat that cannot cover $5 is bankrupt: its ante is $0, it does not ride, and it may reset")
    func bankruptAndReset() throws {
        var table = TestTable(seats: 2)
        table.must(.ante(Money(dollars: 200)), by: "P2")
        var events = table.roll([2])
        #expect(events.contains(.bankrupt(seat: "P2")))
        #expect(table.player("P2").status == .bankrupt && table.player("P2").ante == .zero)
        #expect(table.state.toAct == ["P1", "P2"], "a bankrupt seat still acts: it may reset")
        events = table.roll([7])
        #expect(!events.contains { if case .won(seat: "P2", _, _) = $0 { true } else { false } }, "P2 does not ride")
        #expect(table.player("P2").balance == .zero)
        events = table.must(.reset, by: "P2")
        #expect(events == [.reset(seat: "P2", balance: Money(dollars: 200), ante: Money(dollars: 5))])
        #expect(table.player("P2").status == .playing && table.player("P2").resets == 1)
        table.roll([11])
        #expect(table.player("P2").balance == Money(dollars: 205))
    }

    @Test("reset is refused while the seat can still bet, and while the point is on")
    func resetRefusals() throws {
        var table = TestTable(seats: 2)
        #expect(table.refused(.reset, by: "P1")?.code == "not-bankrupt")
        table.must(.ante(Money(dollars: 200)), by: "P2")
        table.rig([4, 7])
        table.must(.roll(nil), by: "P1")
        let answer = table.refused(.reset, by: "P2")
        let notYet = try #require(answer)
        #expect(notYet.code == "not-bankrupt", "P2 is not bankrupt until the point is decided")
        table.must(.roll(nil), by: "P1")
        #expect(table.player("P2").isBankrupt)
        #expect(table.state.shooter == "P1", "the dice skip the bankrupt P2 and come back to P1")
        table.roll([6])
        #expect(table.refused(.reset, by: "P2")?.code == "reset-locked")
    }

    @Test("a shooter who goes bankrupt on a come-out passes the dice on")
    func bankruptShooterPasses() {
        var table = TestTable(seats: 3)
        table.must(.ante(Money(dollars: 200)), by: "P1")
        let events = table.roll([3])
        #expect(events.contains(.dicePassed(from: "P1", to: "P2")))
        #expect(table.state.shooter == "P2")
    }

    @Test("when every seat is bankrupt nobody holds the dice; the first to reset takes them")
    func everyoneBankrupt() throws {
        var table = TestTable(seats: 2)
        table.must(.ante(Money(dollars: 200)), by: "P1")
        table.must(.ante(Money(dollars: 200)), by: "P2")
        let events = table.roll([12])
        #expect(events.contains(.dicePassed(from: "P1", to: nil)))
        #expect(table.state.shooter == nil)
        #expect(table.refused(.roll(nil), by: "P1")?.code == "not-shooter")
        #expect(table.must(.reset, by: "P2").last == .dicePassed(from: nil, to: "P2"))
        #expect(table.state.shooter == "P2")
        #expect(table.must(.reset, by: "P1").count == 1, "the dice stay with P2")
    }

    @Test("the dice skip seats that left the match and bankrupt seats")
    func skipsOutAndBankrupt() {
        var table = TestTable(seats: 4)
        table.must(.ante(Money(dollars: 200)), by: "P3")
        table.roll([2])
        table.leave("P2")
        let events = table.roll([8, 7])
        #expect(events.contains(.dicePassed(from: "P1", to: "P4")))
        #expect(table.state.toAct == ["P1", "P3", "P4"], "toAct never lists a seat that left")
    }
}
