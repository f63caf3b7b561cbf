import Foundation
import TestSupport
import Testing

/// `tcnet bench net` as a person runs it. A benchmark, not a timed test: only that it runs and adds up.
@Suite("tcnet bench net")
struct BenchNetTests {
    static let keys: Set<String> = [
        "matches", "moves", "movesPerSecond", "latencyP50Us", "latencyP99Us", "latencyP999Us", "hostPeakRssKiB",
        "hostCpuMicrosPerMove", "clientCpuMicrosPerMove", "desyncs", "errors",
    ]

    @Test(
        "two matches for a second, with its own host: one JSON object of the documented figures",
        arguments: [[], ["--every-core"]])
    func runsAndReports(hostMode: [String]) async throws {
        let outcome = try await CommandRunner.run(
            ["bench", "net", "--matches", "2", "--duration", "1", "--json"] + hostMode, timeout: .seconds(60))
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let line = try #require(outcome.standardOutput.split(separator: "\n").last)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(Set(object.keys) == Self.keys)
        #expect(object["matches"] as? Int == 2)
        #expect((object["moves"] as? Int ?? 0) > 0)
        #expect((object["movesPerSecond"] as? Double ?? 0) > 0)
        #expect(object["desyncs"] as? Int == 0)
        #expect(object["errors"] as? Int == 0)
        #expect((object["hostPeakRssKiB"] as? Int ?? 0) > 0)
        // NB: CPU time is counted in 10 ms ticks; over a second of moves the host's is above zero.
        #expect((object["hostCpuMicrosPerMove"] as? Double ?? 0) > 0)
        #expect((object["clientCpuMicrosPerMove"] as? Double ?? 0) > 0)
        let p50 = try #require(object["latencyP50Us"] as? Int)
        let p99 = try #require(object["latencyP99Us"] as? Int)
        let p999 = try #require(object["latencyP999Us"] as? Int)
        #expect(p50 <= p99)
        #expect(p99 <= p999)
    }

    @Test(
        "bad input is one line and a non-zero status",
        arguments: [
            (["--matches", "0"], "--matches must be at least 1"),
            (["--target", "nowhere"], "--target takes HOST:PORT"),
            (["--duration", "1", "--games", "1"], "pass --duration or --games, not both"),
            (["--target", "127.0.0.1:1"], "cannot play against a tcnet host at 127.0.0.1:1"),
            (["--host-pid", "42"], "--host-pid goes with --target"),
            (["--target", "127.0.0.1:7420", "--every-core"], "--every-core goes with the host this command starts"),
        ])
    func badInput(arguments: [String], message: String) async throws {
        let outcome = try await CommandRunner.run(["bench", "net"] + arguments)
        #expect(outcome.status != 0)
        let errors = outcome.standardError.split(separator: "\n").filter { $0.hasPrefix("Error:") }
        #expect(errors.count == 1)
        #expect(errors.first?.contains(message) == true, "\(outcome.standardError)")
        #expect(outcome.standardOutput.isEmpty)
    }

    @Test("tcnet bench --help lists net")
    func help() async throws {
        let outcome = try await CommandRunner.run(["bench", "net", "--help"])
        #expect(outcome.status == 0)
        for flag in ["--matches", "--duration", "--games", "--target", "--json"] {
            #expect(outcome.standardOutput.contains(flag), "\(flag)")
        }
    }
}
