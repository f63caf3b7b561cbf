import GameKit
import TestScheduling
import Testing
import WhichBillRules

@Suite("WhichBill: teacher options", .offThePool)
struct OptionTests {
    static func refusal(_ given: [String: OptionValue]) -> OptionRefusal? {
        switch GameOptions.checking(given, against: WhichBillGame.descriptor.options) {
        case .failure(let refusal): return refusal
        case .success(let options): return WhichBillGame.refusal(of: options, seats: 1)
        }
    }

    @Test("the defaults: the seed's bills, $0.01 to $20.00, the number line on, ten items")
    func defaults() {
        let options = SessionOptions(GameOptions(defaultsOf: WhichBillGame.descriptor.options))
        #expect(options.bills == Bills.seedBills)
        #expect(options.costs == Money(cents: 1)...Money(cents: 2000))
        #expect(options.numberLine && options.items == 10)
        #expect(Self.refusal([:]) == nil)
    }

    @Test(
        "each bad option is refused with a message that names it",
        arguments: [
            (["bills": .subset(["5"])], "bills"),
            (["bills": .subset(["1", "2", "5", "10", "20"])], "bills"),
            (["bills": .subset(["3"])], "bills"),
            (["bills": .integer(5)], "bills"),
            (["minCents": .integer(0)], "minCents"),
            (["minCents": .integer(600), "maxCents": .integer(500)], "minCents"),
            (["maxCents": .integer(10_001)], "maxCents"),
            (["maxCents": .integer(5000)], "maxCents"),
            (["bills": .subset(["1", "5"]), "maxCents": .integer(501)], "maxCents"),
            (["numberLine": .choice("yes")], "numberLine"),
            (["items": .integer(0)], "items"),
            (["items": .integer(101)], "items"),
            (["itemz": .integer(5)], "itemz"),
        ] as [([String: OptionValue], String)])
    func refused(given: [String: OptionValue], option: String) throws {
        let refusal = try #require(Self.refusal(given))
        #expect(refusal.option == option)
        #expect(refusal.message.contains(option))
    }

    @Test("a teacher can start a student on items under $5, with $1 and $5 only, and no number line")
    func underFive() {
        let given: [String: OptionValue] = [
            "bills": .subset(["5", "1"]), "maxCents": .integer(499), "numberLine": .toggle(false), "items": .integer(3),
        ]
        #expect(Self.refusal(given) == nil)
        let session = TestSession(given)
        #expect(session.state.options.bills == [Money(dollars: 1), Money(dollars: 5)])
        #expect(session.state.cost <= Money(cents: 499))
        #expect(!session.state.options.numberLine && session.state.options.items == 3)
    }

    @Test("the game does not start with options its refusal would refuse")
    func startChecks() {
        let options = try! GameOptions.checking(["maxCents": .integer(5000)], against: WhichBillGame.descriptor.options)
            .get()
        var random = HostRandom(secret: TestSession.secret, step: 0)
        let setup = MatchSetup(
            ruleSet: "classic", seats: ["P1"], firstSeat: "P1", options: options, startedAt: TestSession.start)
        #expect(WhichBillGame.start(setup, random: &random) == nil)
        var other = setup
        other.ruleSet = "other"
        other.options = GameOptions(defaultsOf: WhichBillGame.descriptor.options)
        #expect(WhichBillGame.start(other, random: &random) == nil)
    }
}
