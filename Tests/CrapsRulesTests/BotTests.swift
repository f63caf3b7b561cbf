import CrapsRules
import GameKit
import TestScheduling
import Testing

@Suite("Bots", .offThePool)
struct BotTests {
    static func botMove(_ bot: String, _ seat: SeatName, _ state: CrapsState) -> CrapsMove? {
        CrapsGame.botMove(bot: bot, seat: seat, in: CrapsGame.view(of: state, for: .seat(seat)), seed: 1)
    }

    @Test("steady bets $5 and rolls when it holds the dice; otherwise it has nothing to do")
    func steady() {
        var table = TestTable(seats: 2)
        #expect(Self.botMove("steady", "P1", table.state) == .roll(nil))
        #expect(Self.botMove("steady", "P2", table.state) == nil)
        table.must(.ante(Money(dollars: 40)), by: "P2")
        #expect(Self.botMove("steady", "P2", table.state) == .ante(Money(dollars: 5)))
    }

    @Test("bold bets a quarter of its balance, in $5 steps, at least $5")
    func bold() {
        var table = TestTable(seats: 2)
        #expect(Self.botMove("bold", "P1", table.state) == .ante(Money(dollars: 50)))
        table.must(.ante(Money(dollars: 50)), by: "P1")
        #expect(Self.botMove("bold", "P1", table.state) == .roll(nil))
        #expect(CrapsBot.bold.ante(at: Money(dollars: 55)) == Money(dollars: 10))
        #expect(CrapsBot.bold.ante(at: Money(dollars: 5)) == Money(dollars: 5))
    }

    @Test("a bankrupt bot resets once the point is off; a bot that left, or an unknown bot, does nothing")
    func bankruptAndOut() {
        var table = TestTable(seats: 2)
        table.must(.ante(Money(dollars: 200)), by: "P2")
        table.roll([2])
        #expect(Self.botMove("steady", "P2", table.state) == .reset)
        table.roll([4])
        #expect(Self.botMove("bold", "P2", table.state) == nil, "reset waits for the point to be off")
        #expect(Self.botMove("lucky", "P1", table.state) == nil)
        table.leave("P2")
        #expect(Self.botMove("steady", "P2", table.state) == nil)
    }

    @Test("a table of bots plays a whole match to its limit, and its dice verify", arguments: [1, 3, 6])
    func botsPlayAMatch(seats: Int) throws {
        var table = TestTable(seats: seats, decisions: 25, match: UInt8(seats))
        let bots = (0..<seats).map { CrapsBot.allCases[$0 % 2].rawValue }
        var moves = 0
        while table.state.over == nil, moves < 5_000 {
            let acting = table.state.toAct.enumerated().compactMap { _, seat -> (SeatName, CrapsMove)? in
                let bot = bots[Int(seat.dropFirst())! - 1]
                return Self.botMove(bot, seat, table.state).map { (seat, $0) }
            }
            let (seat, move) = try #require(acting.first, "some bot has something to do")
            table.must(move, by: seat)
            moves += 1
        }
        #expect(table.state.over == .finished && table.state.decisions == 25)
        let record = CrapsRecord(start: table.start, moves: table.moves)
        guard case .verified(let periods, _, 0) = CrapsVerifier.verify(record) else {
            Issue.record("the bots' match does not verify")
            return
        }
        #expect(periods == 25)
    }
}
