import Foundation
import TestSupport
import Testing

/// WhichBill's screen in a real tmux session at a real host: keys typed with send-keys, the screen read
/// with capture-pane.
@Suite("WhichBill in tmux", .enabled(if: TmuxSession.isAvailable, "tmux is not installed"))
struct WhichBillScreenTests {
    static let tcnet = CommandRunner.executable.path

    /// The cost on the screen, in cents.
    static func cost(in screen: String) -> Int? {
        guard let match = screen.firstMatch(of: /Cost: \$(\d+)\.(\d\d)/) else { return nil }
        return Int(match.output.1)! * 100 + Int(match.output.2)!
    }

    @Test("a whole round at a host: a wrong bill, the number line's hint, the right bill, Play Again; then its record")
    func wholeRound() async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("tcnet-wb-tmux-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: data) }
        let (host, port) = try await WhichBillProgressTests.host(data)
        let session = try TmuxSession(
            "\(Self.tcnet) join 127.0.0.1:\(port) --name Ana --game whichbill --option items=2")
        defer { session.kill() }
        _ = try await session.waitForScreen { $0.contains("No table yet") && $0.contains("tcnet on") }
        try session.send("c")
        var screen = try await session.waitForScreen { $0.contains("Cost: $") && $0.contains("Number line") }
        for text in [
            "WhichBill · table t1 · Ana", "1  $1", "2  $5", "3  $10", "4  $20", "Item 1 of 2", "Which bill pays",
        ] {
            #expect(screen.contains(text), "\(text) in\n\(screen)")
        }
        let cost = try #require(Self.cost(in: screen))
        let bills = [100, 500, 1000, 2000]
        let right = bills.firstIndex { $0 >= cost }!
        let wrong = right == 3 ? 0 : 3
        try session.send("\(wrong + 1)")
        screen = try await session.waitForScreen { $0.contains("Try a different bill.") }
        let reason = wrong < right ? "too small" : "more than you need"
        #expect(screen.contains("✗ \(reason)") && screen.contains("is \(reason) for"))

        // The number line: Page Up a dollar at a time, to the right bill; the other bills rest.
        for _ in 0..<(bills[right] / 100) { try session.send("PPage") }
        screen = try await session.waitForScreen {
            $0.contains("▲ $\(bills[right] / 100).00") || $0.contains("$\(bills[right] / 100).00 ▲")
        }
        #expect(screen.contains("(resting)"))
        try session.send("Left")
        screen = try await session.waitForScreen { !$0.contains("(resting)") }
        try session.send("Right")
        screen = try await session.waitForScreen { $0.contains("(resting)") }
        try session.send("\(right + 1)")
        screen = try await session.waitForScreen { $0.contains("Great job!") }
        #expect(screen.contains("✓ right") && screen.contains("Press P to Play Again."))
        try session.send("p")
        screen = try await session.waitForScreen { $0.contains("Item 2 of 2") }
        #expect(!screen.contains("✗"))

        let csv = try await WhichBillProgressTests.progress(["Ana", "--csv", "--data", data])
        let rows = WhichBillProgressTests.csvRows(csv.standardOutput)
        try #require(rows.count == 1, "\(csv.standardOutput) \(csv.standardError)")
        let fields = rows[0]
        // wrong_bills, first_try, hint_before_guess (columns 12 to 14 of the documented header).
        #expect(fields[11] == String(format: "%d.00", bills[wrong] / 100))
        #expect(fields[12] == "no" && fields[13] == "2")
        host.signal(SIGTERM)
        _ = try await host.waitForExit()
    }
}
