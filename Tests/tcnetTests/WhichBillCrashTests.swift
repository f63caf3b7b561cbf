import Foundation
import TestSupport
import Testing

/// `kill -9` of a real `tcnet host` in the middle of a student's WhichBill session, at a real terminal.
@Suite("WhichBill: a host killed mid-session", .enabled(if: TmuxSession.isAvailable, "tmux is not installed"))
struct WhichBillCrashTests {
    /// Chooses the right bill for the item on the screen and waits for the answer.
    static func answer(_ session: TmuxSession, _ screen: String, until text: String) async throws -> String {
        let cost = try #require(WhichBillScreenTests.cost(in: screen), "\(screen)")
        let right = [100, 500, 1000, 2000].firstIndex { $0 >= cost }!
        try session.send("\(right + 1)")
        return try await session.waitForScreen { $0.contains(text) }
    }

    @Test("SIGKILL between two items: the round is in tcnet progress; the student resumes and finishes the session")
    func killedBetweenItems() async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("tcnet-wb-kill-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: data) }
        let (host, port) = try await WhichBillProgressTests.host(data)
        let session = try TmuxSession(
            "\(WhichBillScreenTests.tcnet) join 127.0.0.1:\(port) --name Ana --game whichbill --option items=2")
        defer { session.kill() }
        _ = try await session.waitForScreen { $0.contains("No table yet") }
        try session.send("c")
        var screen = try await session.waitForScreen { $0.contains("Cost: $") && $0.contains("Item 1 of 2") }
        screen = try await Self.answer(session, screen, until: "Great job!")
        let first = String(try #require(screen.firstMatch(of: /Cost: \$\d+\.\d\d/)).output)
        try session.send("p")
        screen = try await session.waitForScreen { $0.contains("Item 2 of 2") && $0.contains("Cost: $") }

        host.signal(SIGKILL)
        _ = try await host.waitForExit()
        // The session is under way: its finished round comes from the journal, with its cost as shown.
        let kept = try await WhichBillProgressTests.progress(["Ana", "--csv", "--data", data])
        let rows = WhichBillProgressTests.csvRows(kept.standardOutput)
        try #require(rows.count == 1, "\(kept.standardOutput) \(kept.standardError)")
        #expect("Cost: $" + rows[0][8] == first)
        #expect(rows[0][12] == "yes")

        let (restarted, _) = try await WhichBillProgressTests.host(data, port: port)
        // The student's screen resumes at the restarted host on the same item, and finishes the session.
        let shown = String(try #require(screen.firstMatch(of: /Cost: \$\d+\.\d\d/)).output)
        screen = try await session.waitForScreen(timeout: .seconds(60)) {
            $0.contains("Item 2 of 2") && $0.contains(shown) && !$0.contains("reconnecting")
        }
        screen = try await Self.answer(session, screen, until: "That was the last item")
        #expect(screen.contains("2 of 2 right at the first try"), "\(screen)")
        let after = try await WhichBillProgressTests.progress(["Ana", "--csv", "--data", data])
        let all = WhichBillProgressTests.csvRows(after.standardOutput)
        #expect(all.map { [$0[4], $0[5], $0[12]] } == [["1", "1", "yes"], ["1", "2", "yes"]], "\(after.standardOutput)")
        restarted.signal(SIGTERM)
        _ = try await restarted.waitForExit()
    }
}
