import Foundation
import TestSupport
import Testing

/// `tcnet bench lobby` as a person runs it. A benchmark, not a timed test: only that it runs and adds up.
@Suite("tcnet bench lobby")
struct BenchLobbyTests {
    @Test("two tables, two games each: one JSON object of the documented figures")
    func runsAndReports() async throws {
        let outcome = try await CommandRunner.run(
            ["bench", "lobby", "--matches", "2", "--games", "2", "--json"], timeout: .seconds(60))
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let line = try #require(outcome.standardOutput.split(separator: "\n").last)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(
            Set(object.keys)
                == [
                    "matches", "games", "moves", "hostMicrosPerMove", "clientMicrosPerMove", "hostAllocationsPerMove",
                    "sentBytesPerMove", "journalBytesPerMove", "desyncs", "errors",
                ])
        #expect(object["matches"] as? Int == 2)
        #expect(object["games"] as? Int == 4)
        #expect((object["moves"] as? Int ?? 0) >= 4 * 12)
        #expect((object["hostMicrosPerMove"] as? Double ?? 0) > 0)
        #expect((object["clientMicrosPerMove"] as? Double ?? 0) > 0)
        #expect((object["sentBytesPerMove"] as? Double ?? 0) > 200)
        #expect((object["journalBytesPerMove"] as? Double ?? 0) > 50)
        #expect(object["desyncs"] as? Int == 0)
        #expect(object["errors"] as? Int == 0)
    }

    @Test(
        "bad input is one line and a non-zero status",
        arguments: [
            (["--matches", "0"], "--matches takes 1 to 10000"),
            (["--games", "0"], "--games takes 1 to 100000"),
        ])
    func badInput(arguments: [String], message: String) async throws {
        let outcome = try await CommandRunner.run(["bench", "lobby"] + arguments)
        #expect(outcome.status != 0)
        let errors = outcome.standardError.split(separator: "\n").filter { $0.hasPrefix("Error:") }
        #expect(errors.count == 1)
        #expect(errors.first?.contains(message) == true, "\(outcome.standardError)")
        #expect(outcome.standardOutput.isEmpty)
    }
}
