import Foundation
import TestSupport
import Testing

@Suite("tcnet craps verify")
struct CrapsVerifyCommandTests {
    /// The record example of docs/CRAPS.md: two periods, three rolls.
    static let record: String = {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/CRAPS.md")
        let page = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        guard let marker = page.range(of: "<!-- example-record -->") else { return "" }
        let lines = page[marker.upperBound...].split(separator: "\n")
        return lines.first { $0.hasPrefix("{\"game\":\"craps\"") }.map(String.init) ?? ""
    }()

    static func run(_ text: String) async throws -> CommandRunner.Outcome {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tcnet-craps-\(UUID()).json")
        try Data(text.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return try await CommandRunner.run(["craps", "verify", file.path])
    }

    @Test("a good record: OK with the count of rolls, status 0")
    func good() async throws {
        #expect(Self.record.contains("\"rolls\":[[3,1],[5,2]]"))
        let outcome = try await Self.run(Self.record)
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput == "OK: 3 rolls in 2 periods verified\n")
    }

    @Test("a changed roll: the period and roll named, status 2")
    func tamperedRoll() async throws {
        let tampered = Self.record.replacingOccurrences(of: "[[3,1],[5,2]]", with: "[[3,1],[6,1]]")
        #expect(tampered != Self.record)
        let outcome = try await Self.run(tampered)
        #expect(outcome.status == 2)
        #expect(
            outcome.standardOutput
                == "FAILED roll-mismatch: period 2, roll 2: the dice were 6+1, the secret and seeds give 5+2\n")
    }

    @Test("a secret that is not the committed one: the period named, status 2")
    func tamperedSecret() async throws {
        let secret = try #require(Self.record.split(separator: "\"secret\":\"").dropFirst().first?.prefix(64))
        let tampered = Self.record.replacingOccurrences(of: secret, with: String(repeating: "0", count: 64))
        let outcome = try await Self.run(tampered)
        #expect(outcome.status == 2)
        #expect(outcome.standardOutput.hasPrefix("FAILED commitment-mismatch: period 1:"))
    }

    @Test("a file that is not a record: one line saying what is wrong, status 1")
    func malformed() async throws {
        let outcome = try await Self.run(#"{"game":"taxcollection","periods":[]}"#)
        #expect(outcome.status == 1)
        let lines = outcome.standardError.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.contains("is not a Craps record: this is a record of \"taxcollection\"") == true)
        let missing = try await CommandRunner.run(["craps", "verify", "/nonexistent/record.json"])
        #expect(missing.status == 1)
        #expect(missing.standardError.hasPrefix("cannot read /nonexistent/record.json"))
    }
}
