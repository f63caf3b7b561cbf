import Foundation
import GameKit
import Testing
import WhichBillRules

/// WhichBill states and number lines computed by the Swift rules, kept in Fixtures/whichbill.json for
/// the browser test that holds the web screen's state hash and number line to them (Tests/Browser).
/// This test holds the file equal to what the Swift code computes now.
@Suite("Web: WhichBill's fixture for the browser")
struct WhichBillFixtureTests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/whichbill.json")

    /// Every state of bot sessions with different options, as the host holds it and as the player sees it.
    static func states() throws -> [String] {
        var lines: [String] = []
        let tables: [[String: OptionValue]] = [
            ["items": .integer(4)],
            [
                "items": .integer(3), "numberLine": .toggle(false), "bills": .subset(["1", "5"]),
                "maxCents": .integer(500),
            ],
            [
                "items": .integer(3), "bills": .subset(["2", "10", "50", "100"]), "minCents": .integer(150),
                "maxCents": .integer(10_000),
            ],
        ]
        for (index, given) in tables.enumerated() {
            for bot in WhichBillBot.allCases {
                let options = try GameOptions.checking(given, against: WhichBillGame.descriptor.options).get()
                let setup = MatchSetup(
                    ruleSet: "classic", seats: ["P1"], firstSeat: "P1", options: options,
                    startedAt: GameTime(milliseconds: 0))
                let secret = Array("web fixture \(index) \(bot)".utf8)
                var random = HostRandom(secret: secret, step: 0)
                var state = try #require(WhichBillGame.start(setup, random: &random))
                var step: UInt64 = 0
                while true {
                    for shown in [state, state.viewed] {
                        lines.append(
                            #"{"hash":"\#(WhichBillGame.hash(of: shown))","state":\#(try OrderedJSON.string(from: shown))}"#
                        )
                    }
                    guard let move = bot.move(in: state.viewed, seed: step) else { break }
                    step += 1
                    var random = HostRandom(secret: secret, step: step)
                    let prepared = WhichBillGame.prepare(move, by: .seat("P1"), in: state, random: &random)
                    guard case .success = WhichBillGame.apply(prepared, by: .seat("P1"), to: &state) else { break }
                }
            }
        }
        return lines
    }

    /// Number lines: for bills and costs, the zone, and which bills are enabled at the slider positions
    /// around it (with some bills guessed wrong).
    static func lines() -> [String] {
        var lines: [String] = []
        let sets: [[Int64]] = [[1, 5, 10, 20], [1, 5], [2, 10, 50, 100], [1, 2, 5, 10], [5, 20, 50, 100]]
        var random = SplitMix64(seed: 12)
        for dollars in sets {
            let bills = dollars.map { Money(dollars: $0) }
            let max = bills.last!.cents
            var costs: [Int64] = [1, max] + bills.flatMap { [$0.cents - 1, $0.cents, $0.cents + 1] }
            costs += (0..<6).map { _ in 1 + Int64(random.nextUnbiased(below: Int(max))) }
            for cost in costs where (1...max).contains(cost) {
                let costMoney = Money(cents: cost)
                let zone = NumberLine.hintZone(cost: costMoney, bills: bills)!
                let right = Bills.right(for: costMoney, among: bills)!
                let wrong = bills.filter { $0 != right }.prefix(Int(cost % 2))
                var positions = [
                    0, zone.lowerBound.cents - 1, zone.lowerBound.cents, zone.upperBound.cents,
                    zone.upperBound.cents + 1, max,
                ]
                positions = positions.filter { (0...max).contains($0) }
                let flags = positions.map { position in
                    NumberLine.enabled(
                        bills: bills, cost: costMoney, wrong: Array(wrong), answered: false,
                        slider: Money(cents: position))
                }
                let flagText = flags.map { "[" + $0.map { $0 ? "true" : "false" }.joined(separator: ",") + "]" }
                lines.append(
                    #"{"bills":[\#(bills.map { String($0.cents) }.joined(separator: ","))],"cost":\#(cost),"#
                        + #""zone":[\#(zone.lowerBound.cents),\#(zone.upperBound.cents)],"#
                        + #""wrong":[\#(wrong.map { String($0.cents) }.joined(separator: ","))],"#
                        + #""positions":[\#(positions.map(String.init).joined(separator: ","))],"#
                        + #""enabled":[\#(flagText.joined(separator: ","))]}"#)
            }
        }
        return lines
    }

    static func fixtureText() throws -> String {
        "{\"states\":[\n" + (try Self.states()).joined(separator: ",\n") + "\n],\n\"lines\":[\n"
            + Self.lines().joined(separator: ",\n") + "\n]}\n"
    }

    @Test("the fixture is what the Swift rules compute (TCNET_WRITE_FIXTURES=1 rewrites it)")
    func fixtureIsCurrent() throws {
        let text = try Self.fixtureText()
        if ProcessInfo.processInfo.environment["TCNET_WRITE_FIXTURES"] != nil {
            try text.write(to: Self.file, atomically: true, encoding: .utf8)
        }
        let stored = try String(contentsOf: Self.file, encoding: .utf8)
        #expect(stored == text)
        #expect(text.components(separatedBy: "\"hash\"").count - 1 > 90)
        #expect(
            text.contains(#""answer":"#) && text.contains(#""hintGuess":"#) && text.contains(#""numberLine":false"#))
    }
}
