import Foundation
import TestSupport
import Testing

/// `tcnet bench idle` as a person runs it. A benchmark, not a timed test: only that it runs and adds up.
@Suite("tcnet bench idle")
struct BenchIdleTests {
    static let keys: Set<String> = [
        "connections", "hostPeakRssKiB", "hostKiBPerConnection", "greetingP50Us", "greetingP99Us",
        "setupGreetingP99Us", "setupSeconds", "errors", "matches", "movesPerSecondAlone", "movesPerSecondBesideIdle",
    ]

    @Test("forty quiet clients and five probes, with its own host: one JSON object of the documented figures")
    func runsAndReports() async throws {
        let outcome = try await CommandRunner.run(
            ["bench", "idle", "--connections", "40", "--probes", "5", "--json"], timeout: .seconds(90))
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let line = try #require(outcome.standardOutput.split(separator: "\n").last)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(Set(object.keys) == Self.keys)
        #expect(object["connections"] as? Int == 40)
        #expect(object["errors"] as? Int == 0)
        #expect((object["hostPeakRssKiB"] as? Int ?? 0) > 0)
        #expect(object["hostKiBPerConnection"] is Double || object["hostKiBPerConnection"] is Int)
        let p50 = try #require(object["greetingP50Us"] as? Int)
        let p99 = try #require(object["greetingP99Us"] as? Int)
        #expect(p50 > 0)
        #expect(p50 <= p99)
        #expect((object["setupGreetingP99Us"] as? Int ?? 0) > 0)
        #expect(object["matches"] as? Int == 0)
        #expect(object["movesPerSecondAlone"] is NSNull)
        #expect(object["movesPerSecondBesideIdle"] is NSNull)
    }

    @Test("with --matches: the same matches play alone, then beside the quiet clients, and both rates are reported")
    func matchesBesideIdle() async throws {
        let outcome = try await CommandRunner.run(
            ["bench", "idle", "--connections", "30", "--probes", "3", "--matches", "2", "--duration", "1", "--json"],
            timeout: .seconds(120))
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let line = try #require(outcome.standardOutput.split(separator: "\n").last)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["connections"] as? Int == 30)
        #expect(object["matches"] as? Int == 2)
        #expect(object["errors"] as? Int == 0)
        #expect((object["movesPerSecondAlone"] as? Double ?? 0) > 0)
        #expect((object["movesPerSecondBesideIdle"] as? Double ?? 0) > 0)
    }

    @Test(
        "bad input is one line and a non-zero status",
        arguments: [
            (["--connections", "0"], "--connections must be at least 1"),
            (["--connections", "70000"], "--connections must be at most 60000"),
            (["--probes", "0"], "--probes must be at least 1"),
            (["--matches", "6000"], "--matches takes 0 to 5000"),
            (["--duration", "0"], "--duration takes 1 to 3600"),
            (["--target", "nowhere"], "--target takes HOST:PORT"),
            (["--target", "127.0.0.1:1"], "cannot connect to a tcnet host at 127.0.0.1:1"),
        ])
    func badInput(arguments: [String], message: String) async throws {
        let outcome = try await CommandRunner.run(["bench", "idle"] + arguments)
        #expect(outcome.status != 0)
        let errors = outcome.standardError.split(separator: "\n").filter { $0.hasPrefix("Error:") }
        #expect(errors.count == 1)
        #expect(errors.first?.contains(message) == true, "\(outcome.standardError)")
        #expect(outcome.standardOutput.isEmpty)
    }

    @Test("tcnet bench idle --help lists its options")
    func help() async throws {
        let outcome = try await CommandRunner.run(["bench", "idle", "--help"])
        #expect(outcome.status == 0)
        for flag in ["--connections", "--probes", "--target", "--json"] {
            #expect(outcome.standardOutput.contains(flag), "\(flag)")
        }
    }
}
