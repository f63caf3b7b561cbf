import Foundation
import TestSupport
import Testing

/// A teacher's WhichBill options on the command line are checked as the host checks them, before any
/// screen opens or any host is reached: one line naming the option, and a usage status.
@Suite("WhichBill's options on the command line")
struct WhichBillOptionCommandTests {
    /// A port nothing listens on: a command that gets past its checks fails to connect there.
    static let nowhere = "127.0.0.1:1"

    @Test(
        "options that do not go together are refused by name, by tcnet play and tcnet join alike",
        arguments: [
            (["--option", "maxCents=5000"], "option maxCents ($50.00) is more than the largest bill offered ($20)"),
            (["--option", "bills=5"], "option bills must offer at least 2 bills to choose from, not only $5"),
            (["--option", "bills=1,5", "--option", "maxCents=501"], "option maxCents ($5.01) is more than"),
            (["--option", "minCents=900", "--option", "maxCents=800"], "option minCents ($9.00) must not be more"),
            (["--option", "items=0"], "option items must be from 1 to 100, not 0"),
            (["--option", "bills=3,5"], #"option bills takes values from 1, 2, 5, 10, 20, 50, 100, not "3""#),
        ])
    func refused(options: [String], message: String) async throws {
        for command in [["play", "whichbill"], ["join", Self.nowhere, "--name", "Lan", "--game", "whichbill"]] {
            let outcome = try await CommandRunner.run(command + options)
            #expect(outcome.status == 64, "\(command): \(outcome.standardError)")
            #expect(outcome.standardError.contains("Error: --option: \(message)"), "\(outcome.standardError)")
        }
    }

    @Test("a teacher's start on items under $5 passes the checks (and then looks for the host)")
    func accepted() async throws {
        let outcome = try await CommandRunner.run(
            ["join", Self.nowhere, "--name", "Lan", "--game", "whichbill", "--option", "bills=1,5"]
                + ["--option", "maxCents=499", "--option", "numberLine=false"])
        #expect(outcome.status != 0 && outcome.status != 64, "\(outcome.standardError)")
        #expect(outcome.standardError.contains("cannot reach 127.0.0.1:1"), "\(outcome.standardError)")
    }
}
