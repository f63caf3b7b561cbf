import CrapsRules
import GameKit
import TestScheduling
import Testing

@Suite("The decisions option", .offThePool)
struct DecisionLimitTests {
    @Test("with a limit the match ends after that many decisions, ranked by balance")
    func limitEndsTheMatch() throws {
        var table = TestTable(seats: 3, decisions: 3)
        table.must(.ante(Money(dollars: 30)), by: "P2")
        table.must(.ante(Money(dollars: 200)), by: "P3")
        table.roll([7])
        table.roll([10, 10])
        #expect(table.state.over == nil)
        let secret = try #require(table.state.period.secret)
        let events = table.roll([8, 7])
        guard case .roll(let prepared?) = table.lastPrepared else {
            Issue.record("the last move is a prepared roll")
            return
        }
        #expect(prepared.reveal == secret && prepared.next == nil, "the last decision reveals and starts nothing")
        #expect(
            events.suffix(3) == [
                .revealed(period: 3, secret: secret), .dicePassed(from: "P1", to: "P2"), .matchOver(reason: .finished),
            ])
        #expect(table.state.over == .finished && table.state.decisions == 3)
        #expect(table.state.toAct.isEmpty)
        #expect(table.state.viewed.period.secret == secret)
        let result = try #require(CrapsGame.result(of: table.state))
        #expect(result.reason == "finished")
        #expect(result.standings.map(\.seat) == ["P3", "P2", "P1"])
        #expect(result.standings.map(\.score) == [40_000, 23_000, 20_500])
        #expect(result.winner == "P3")
        #expect(table.refused(.roll(nil), by: "P1")?.code == "game-over")
    }

    @Test("without a limit the match goes on past any number of decisions")
    func noLimit() {
        var table = TestTable(seats: 1, decisions: 0)
        for _ in 0..<30 { table.roll([11]) }
        #expect(table.state.decisions == 30 && table.state.over == nil)
        #expect(table.player("P1").balance == Money(dollars: 350))
    }

    @Test("the option is declared 0 to 100, default 0, and a value outside is refused naming it")
    func declaration() {
        let options = CrapsGame.descriptor.options
        #expect(options.map(\.name) == ["decisions"])
        #expect(GameOptions(defaultsOf: options).integer("decisions") == 0)
        let refusal = GameOptions.checking(["decisions": .integer(101)], against: options)
        guard case .failure(let error) = refusal else {
            Issue.record("101 decisions accepted")
            return
        }
        #expect(error.option == "decisions")
    }
}
