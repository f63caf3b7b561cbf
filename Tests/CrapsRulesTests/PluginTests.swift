import CrapsRules
import GameKit
import TestScheduling
import Testing

@Suite("Craps as a plug-in", .offThePool)
struct PluginTests {
    static func setup(ruleSet: String = "classic", seats: Int = 3, first: SeatName = "P2", decisions: Int = 7)
        -> MatchSetup
    {
        let options = try! GameOptions.checking(
            ["decisions": .integer(decisions)], against: CrapsGame.descriptor.options
        ).get()
        return MatchSetup(
            ruleSet: ruleSet, seats: Array(CrapsGame.descriptor.seats.prefix(seats)), firstSeat: first,
            options: options, startedAt: GameTime(milliseconds: 1_000))
    }

    @Test("the descriptor: craps, P1…P6, 1 to 6 seats (default 1), classic, simultaneous, two bots")
    func descriptor() {
        let descriptor = CrapsGame.descriptor
        #expect(descriptor.id == "craps" && descriptor.name == "Craps")
        #expect(descriptor.seats == ["P1", "P2", "P3", "P4", "P5", "P6"])
        #expect(descriptor.seatCounts == 1...6 && descriptor.defaultSeatCount == 1)
        #expect(descriptor.ruleSets == ["classic"])
        #expect(descriptor.simultaneous)
        #expect(descriptor.bots == ["steady", "bold"])
        #expect(CrapsGame.hidesInformation)
    }

    @Test("start: the first seat shoots, the option sets the limit, the secret comes from the host's randomness")
    func start() throws {
        var random = HostRandom(secret: [UInt8](repeating: 9, count: 32), step: 0)
        let state = try #require(CrapsGame.start(Self.setup(), random: &random))
        var again = HostRandom(secret: [UInt8](repeating: 9, count: 32), step: 0)
        #expect(state.shooter == "P2" && state.decisionLimit == 7)
        #expect(state.period.secret == again.secretHex())
        #expect(state.period.commitment == DiceDerivation.commitment(ofSecret: state.period.secret!))
        #expect(CrapsGame.start(Self.setup(ruleSet: "vegas"), random: &random) == nil)
    }

    @Test("prepare completes only the shooter's roll, and replaces any dice the mover sent")
    func prepare() throws {
        var random = HostRandom(secret: [UInt8](repeating: 9, count: 32), step: 0)
        let state = try #require(CrapsGame.start(Self.setup(), random: &random))
        let cheat = CrapsMove.roll(PreparedRoll(dice: Dice(6, 6)))
        let prepared = CrapsGame.prepare(cheat, by: .seat("P2"), in: state, random: &random)
        guard case .roll(let roll?) = prepared else {
            Issue.record("not prepared: \(prepared)")
            return
        }
        #expect(roll.dice == state.nextRoll)
        #expect(CrapsGame.prepare(.roll(nil), by: .seat("P1"), in: state, random: &random) == .roll(nil))
        #expect(CrapsGame.prepare(.seed("x"), by: .seat("P2"), in: state, random: &random) == .seed("x"))
        #expect(CrapsGame.prepare(.roll(nil), by: .seat("P2"), in: state.viewed, random: &random) == .roll(nil))
    }

    @Test("the host wakes for nothing but seats leaving; scores are balances in cents")
    func hostMovesAndScores() throws {
        var random = HostRandom(secret: [UInt8](repeating: 9, count: 32), step: 0)
        let state = try #require(CrapsGame.start(Self.setup(), random: &random))
        #expect(CrapsGame.hostMove(.deadline, in: state) == nil)
        #expect(CrapsGame.deadline(of: state) == nil)
        #expect(CrapsGame.hostMove(.seatLeft("P3", .forfeit), in: state) == .leave("P3", .forfeit, reveal: nil))
        #expect(CrapsGame.scores(in: state).map(\.score) == [20_000, 20_000, 20_000])
        #expect(CrapsGame.result(of: state) == nil)
    }
}
