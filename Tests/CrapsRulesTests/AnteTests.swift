import CrapsRules
import GameKit
import TestScheduling
import Testing

@Suite("The ante: what the rules accept, and what they offer instead", .offThePool)
struct AnteTests {
    @Test("an acceptable ante is set", arguments: [500, 1000, 5000, 19_500, 20_000])
    func accepted(cents: Int64) {
        var table = TestTable()
        let events = table.must(.ante(Money(cents: cents)), by: "P1")
        #expect(events == [.anteSet(seat: "P1", ante: Money(cents: cents))])
        #expect(table.player("P1").ante == Money(cents: cents))
    }

    @Test(
        "a request that breaks a rule is refused with its code and the ante the rules accept instead",
        arguments: [
            (0, "ante-not-positive", 500),
            (-2500, "ante-not-positive", 500),
            (20_500, "ante-over-balance", 20_000),
            (20_001, "ante-over-balance", 20_000),
            (50_000, "ante-over-balance", 20_000),
            (1_200, "ante-not-multiple-of-5", 1_000),
            (300, "ante-not-multiple-of-5", 500),
            (1, "ante-not-multiple-of-5", 500),
            (19_999, "ante-not-multiple-of-5", 19_500),
        ] as [(Int64, String, Int)])
    func refused(cents: Int64, code: String, allowed: Int) throws {
        var table = TestTable()
        let answer = table.refused(.ante(Money(cents: cents)), by: "P1")
        let refusal = try #require(answer)
        #expect(refusal.code == code)
        #expect(refusal.details["allowed"] == allowed)
        #expect(refusal.message.contains(Money(cents: Int64(allowed)).description))
        table.must(.ante(Money(cents: Int64(allowed))), by: "P1")
    }

    @Test("the allowed ante is never above a smaller balance")
    func allowedFollowsTheBalance() throws {
        var table = TestTable()
        table.must(.ante(Money(dollars: 150)), by: "P1")
        table.roll([2])
        #expect(table.player("P1").balance == Money(dollars: 50))
        let answer = table.refused(.ante(Money(dollars: 100)), by: "P1")
        let refusal = try #require(answer)
        #expect(refusal.code == "ante-over-balance" && refusal.details["allowed"] == 5_000)
        #expect(CrapsState.allowedAnte(for: Money(cents: 3_333), balance: Money(dollars: 50)) == Money(dollars: 30))
    }

    @Test("the ante can change only while the point is off; the allowed value is the ante in force")
    func lockedWhileThePointIsOn() throws {
        var table = TestTable(seats: 2)
        table.must(.ante(Money(dollars: 15)), by: "P2")
        table.rig([5, 5])
        table.must(.roll(nil), by: "P1")
        let answer = table.refused(.ante(Money(dollars: 5)), by: "P2")
        let refusal = try #require(answer)
        #expect(refusal.code == "ante-locked" && refusal.details["allowed"] == 1_500)
        table.must(.roll(nil), by: "P1")
        #expect(table.player("P2").balance == Money(dollars: 215))
        table.must(.ante(Money(dollars: 5)), by: "P2")
    }

    @Test("after a loss an ante above the balance is lowered to the balance")
    func loweredAfterALoss() {
        var table = TestTable()
        table.must(.ante(Money(dollars: 120)), by: "P1")
        let events = table.roll([3])
        #expect(table.player("P1").balance == Money(dollars: 80))
        #expect(table.player("P1").ante == Money(dollars: 80))
        #expect(events.contains(.anteLowered(seat: "P1", ante: Money(dollars: 80))))
    }

    @Test("a bankrupt seat cannot ante")
    func bankruptCannotAnte() throws {
        var table = TestTable()
        table.must(.ante(Money(dollars: 200)), by: "P1")
        table.roll([12])
        let answer = table.refused(.ante(Money(dollars: 5)), by: "P1")
        let refusal = try #require(answer)
        #expect(refusal.code == "bankrupt")
    }
}
