import GameKit
import TestScheduling
import Testing

@Suite("Teacher options", .offThePool)
struct GameOptionTests {
    static let declared = [
        GameOption(
            name: "rounds", summary: "decisions per match", kind: .integer(min: 0, max: 50, step: 5, default: 10)),
        GameOption(name: "hint", summary: "the number line", kind: .toggle(default: true)),
        GameOption(name: "level", summary: "word list", kind: .choice(["easy", "hard"], default: "easy")),
        GameOption(name: "bills", summary: "bills offered", kind: .subset(["1", "5", "10", "20"], default: ["1", "5"])),
    ]

    @Test("defaults fill what is not given; given values are kept; a subset comes back in declared order")
    func defaultsAndValues() throws {
        let options = try GameOptions.checking(
            ["rounds": .integer(20), "bills": .subset(["20", "1"])], against: Self.declared
        ).get()
        #expect(options.integer("rounds") == 20)
        #expect(options.toggle("hint"))
        #expect(options.choice("level") == "easy")
        #expect(options.subset("bills") == ["1", "20"])
    }

    @Test(arguments: [
        (["colour": OptionValue.toggle(true)], "colour", "there is no option colour"),
        (["rounds": .integer(55)], "rounds", "option rounds must be from 0 to 50, not 55"),
        (["rounds": .integer(12)], "rounds", "option rounds must be a multiple of 5, not 12"),
        (["rounds": .toggle(true)], "rounds", "option rounds must be a whole number, not true or false"),
        (["level": .choice("medium")], "level", "option level must be one of easy, hard, not \"medium\""),
        (["bills": .subset([])], "bills", "option bills must name at least one value"),
        (["bills": .subset(["2"])], "bills", "option bills takes values from 1, 5, 10, 20, not \"2\""),
        (["bills": .subset(["1", "1"])], "bills", "option bills names a value twice"),
    ] as [([String: OptionValue], String, String)])
    func refusalsNameTheOption(given: [String: OptionValue], option: String, message: String) {
        guard case .failure(let refusal) = GameOptions.checking(given, against: Self.declared) else {
            Issue.record("accepted \(given)")
            return
        }
        #expect(refusal.option == option)
        #expect(refusal.message.hasPrefix(message))
    }
}
