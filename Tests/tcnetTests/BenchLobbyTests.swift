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
                    "sentBytesPerMove", "journalBytesPerMove", "journalMicrosPerMove", "movesPerTransaction", "desyncs",
                    "errors",
                ])
        #expect(object["journalMicrosPerMove"] is NSNull)
        #expect(object["movesPerTransaction"] is NSNull)
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

    @Test("--journal commits to a real SQLite file, a round a transaction, and reports its time apart")
    func journal() async throws {
        let outcome = try await CommandRunner.run(
            ["bench", "lobby", "--matches", "4", "--games", "2", "--journal", "--json"], timeout: .seconds(60))
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let line = try #require(outcome.standardOutput.split(separator: "\n").last)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect((object["journalMicrosPerMove"] as? Double ?? 0) > 0)
        // NB: four tables, at most a move of each a transaction; fewer where games end and start.
        let perTransaction = try #require(object["movesPerTransaction"] as? Double)
        #expect(perTransaction > 1 && perTransaction <= 4)
        #expect(object["desyncs"] as? Int == 0)
        #expect(object["errors"] as? Int == 0)
    }

    @Test("--journal where no folder can be made is one line and a non-zero status")
    func journalCannotOpen() async throws {
        // NB: the temporary directory is a file, so the journal's folder cannot be made in it.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tcnet-not-a-folder-\(UUID())").path
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let outcome = try await CommandRunner.run(
            ["bench", "lobby", "--matches", "2", "--games", "1", "--journal"], environment: ["TMPDIR": file])
        #expect(outcome.status != 0)
        let errors = outcome.standardError.split(separator: "\n").filter { $0.hasPrefix("Error:") }
        #expect(errors.count == 1)
        #expect(errors.first?.contains("cannot open a journal for the benchmark") == true, "\(outcome.standardError)")
        #expect(outcome.standardOutput.isEmpty)
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
