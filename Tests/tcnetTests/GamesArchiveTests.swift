import Foundation
import Protocol
import TestSupport
import Testing

/// The finished matches a real host keeps (the archive): two `tcnet join --bot`s play a match to the end,
/// then `tcnet games list`, `export` (read back by `tcnet rules replay`) and `prune` read the data folder.
@Suite("tcnet games: the finished matches a host keeps")
struct GamesArchiveTests {
    /// The last hash a `tcnet join --bot` printed (its line for the match's last state).
    static func lastHash(_ output: String) -> String? {
        output.split(separator: "\n").last { $0.contains(" | hash ") }.flatMap { $0.split(separator: " ").last }
            .map(String.init)
    }

    @Test("a finished match is listed, exported as a line that replays to its final state, and pruned by day")
    func archive() async throws {
        let running = try await RunningHost.start()
        let lan = try CommandRunner(
            ["join", running.address, "--name", "Lan", "--bot", "greedy", "--seed", "3"],
            environment: running.machine("lan"))
        _ = try await lan.waitForStandardOutput(containing: "seated at t1")
        let minh = try CommandRunner(
            ["join", running.address, "--name", "Minh", "--bot", "random", "--seed", "4", "--table", "t1"],
            environment: running.machine("minh"))
        let lanEnd = try await lan.waitForExit(timeout: .seconds(60))
        let minhEnd = try await minh.waitForExit(timeout: .seconds(60))
        #expect(lanEnd.status == 0 && minhEnd.status == 0, "\(lanEnd.standardError) \(minhEnd.standardError)")
        let finalHash = try #require(Self.lastHash(lanEnd.standardOutput))

        // Read while the host runs, as a teacher would.
        let list = try await CommandRunner.run(["games", "list", "--data", running.data])
        #expect(list.status == 0)
        let lines = list.standardOutput.split(separator: "\n")
        #expect(lines.count == 1, "\(list.standardOutput)")
        #expect(lines.first?.contains("taxcollection classic  t1 match 1  A Lan, B Minh") == true, "\(lines)")

        let export = try await CommandRunner.run(["games", "export", "--data", running.data])
        #expect(export.status == 0)
        let exported = try #require(export.standardOutput.split(separator: "\n").first.map(String.init))
        let record = try JSONSerialization.jsonObject(with: Data(exported.utf8)) as? [String: Any]
        #expect(record?["finalHash"] as? String == finalHash)
        let moves = try #require(record?["moves"] as? [Any])
        #expect(lines.first?.hasSuffix("\(moves.count) moves") == true)

        let file = running.data + "-export.jsonl"
        try export.standardOutput.write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let replay = try await CommandRunner.run(["rules", "replay", file])
        #expect(replay.status == 0, "\(replay.standardError)")
        let replayed = try JSONSerialization.jsonObject(with: Data(replay.standardOutput.utf8)) as? NSDictionary
        #expect(replayed == record?["final"] as? NSDictionary, "replayed \(replay.standardOutput)")

        let early = try await CommandRunner.run(["games", "prune", "--data", running.data, "--before", "2000-01-01"])
        #expect(early.standardOutput == "deleted 0 finished matches that ended before 2000-01-01\n")
        let tomorrow = ISO8601DateFormatter.string(
            from: Date().addingTimeInterval(86_400), timeZone: TimeZone(identifier: "UTC")!,
            formatOptions: [.withFullDate])
        let pruned = try await CommandRunner.run(["games", "prune", "--data", running.data, "--before", tomorrow])
        #expect(pruned.standardOutput == "deleted 1 finished match that ended before \(tomorrow)\n")
        #expect(try await CommandRunner.run(["games", "list", "--data", running.data]).standardOutput.isEmpty)
        try await running.stop()
    }

    @Test("a wrong day or a folder without a host: one line that says what to pass, non-zero")
    func badInput() async throws {
        let day = try await CommandRunner.run(["games", "list", "--since", "2026-02-30"])
        #expect(day.status == 64)
        #expect(day.standardError.hasPrefix("Error: --since takes a day as YYYY-MM-DD, not 2026-02-30"))
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("tcnet-none-\(UUID())").path
        let missing = try await CommandRunner.run(["games", "export", "--data", empty])
        #expect(missing.status == 1)
        #expect(missing.standardError == "Error: no host data in \(empty); pass the host's folder with --data DIR\n")
    }
}
