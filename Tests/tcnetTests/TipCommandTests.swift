import Foundation
import TestSupport
import Testing

@Suite("tcnet tip")
struct TipCommandTests {
    @Test("prints the tip and the total; --split shares the total; --json for scripts")
    func prints() async throws {
        let plain = try await CommandRunner.run(["tip", "42.50", "18%"])
        #expect(plain.status == 0)
        #expect(plain.standardOutput == "Check amount  $42.50\nTip (18%)      $7.65\nTotal         $50.15\n")
        let split = try await CommandRunner.run(["tip", "$1,000", "15", "--split", "3"])
        #expect(
            split.standardOutput.hasSuffix(
                "Split 3 ways: person 1 pays $383.34 (one cent more), persons 2-3 pay $383.33\n"))
        let json = try await CommandRunner.run(["tip", "0.005", "100", "--json"])
        #expect(
            json.standardOutput
                == #"{"check":"$0.01","percent":"100","tip":"$0.01","total":"$0.02","#
                + #""checkCents":1,"tipCents":1,"totalCents":2}"#
                + "\n")
        let object = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any]
        #expect(object?["totalCents"] as? Int == 2)
    }

    @Test(
        "bad input: one line naming the field and what was wrong, and a failure status",
        arguments: [
            (["tip", "42.5.0", "18"], #"check amount "42.5.0": Only one decimal point, please"#),
            (["tip", "forty", "18"], #"check amount "forty": Numbers only, like 42.50"#),
            (["tip", "--", "-5", "18"], #"check amount "-5": Cannot be negative"#),
            (["tip", "42", "18.123456"], #"tip percentage "18.123456": At most 4 decimal places"#),
            (["tip", "42", ""], #"tip percentage "": Enter a tip percentage"#),
            (["tip", "42"], "give both the check amount and the tip percentage"),
            (["tip", "42", "18", "--split", "0"], "--split takes 1 to 1000 people, not 0"),
            (["tip"], "needs a terminal"),
        ])
    func refuses(arguments: [String], message: String) async throws {
        let outcome = try await CommandRunner.run(arguments)
        #expect(outcome.status != 0)
        #expect(outcome.standardError.contains(message), "\(outcome.standardError)")
        #expect(outcome.standardOutput.isEmpty)
    }
}
