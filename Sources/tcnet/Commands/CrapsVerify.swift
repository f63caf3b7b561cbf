import ArgumentParser
import CrapsRules
import Foundation

extension TCNet.Craps {
    /// `tcnet craps verify FILE|-`: checks a recorded match's dice from its revealed secrets.
    struct CrapsVerify: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "verify",
            abstract: "Check a recorded Craps match's dice from its revealed secrets.",
            discussion: """
                Reads a record, {"game":"craps","seats":[...],"periods":[{"number":1,"commitment":...,\
                "secret":...,"seeds":[...],"rolls":[[3,4],...]},...]} (docs/CRAPS.md, "Verifying a match"), \
                checks every period's secret against its commitment and recomputes every roll, and prints \
                one line: OK with the count of rolls, or the first period or roll that fails.

                Exit status: 0 when the dice verify; 2 when a period or roll fails; 1 for unreadable or \
                malformed input.
                """
        )

        @Argument(help: "A record file, or - for standard input.")
        var input: String

        func run() throws {
            let name = input == "-" ? "standard input" : input
            let data: Data
            do {
                data =
                    try input == "-"
                    ? FileHandle.standardInput.readToEnd() ?? Data() : Data(contentsOf: URL(fileURLWithPath: input))
            } catch {
                Self.printError("cannot read \(input): \(error.localizedDescription)")
                throw ExitCode.failure
            }
            let record: CrapsRecord
            do {
                record = try JSONDecoder().decode(CrapsRecord.self, from: data)
            } catch {
                Self.printError(
                    "\(name) is not a Craps record: \(TCNet.Rules.RulesReplay.describe(error)); "
                        + "see docs/CRAPS.md, \"Verifying a match\"")
                throw ExitCode.failure
            }
            let verification = CrapsVerifier.verify(record)
            print(verification.description)
            if case .failed = verification { throw ExitCode(2) }
        }

        private static func printError(_ line: String) {
            FileHandle.standardError.write(Data((line + "\n").utf8))
        }
    }
}
