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

    /// Whether the number line's slider mark shows this value (the mark sits left or right of it).
    static func slider(at cents: Int, in screen: String) -> Bool {
        let value = String(format: "$%d.%02d", cents / 100, cents % 100)
        return screen.contains("▲ \(value)") || screen.contains("\(value) ▲")
    }

    @Test(
        "tcnet play whichbill alone: a wrong bill, the line by dollars and Shift's ten cents, the right bill, a new session"
    )
    func localSession() async throws {
        let session = try TmuxSession("\(Self.tcnet) play whichbill --option items=1 --seed 5")
        defer { session.kill() }
        _ = try await session.waitForScreen { $0.contains("Player P1's name") }
        try session.send("Ana")
        try session.send("Enter")
        var screen = try await session.waitForScreen { $0.contains("Cost: $") && $0.contains("Item 1 of 1") }
        #expect(screen.contains("WhichBill · local game · Ana"), "\(screen)")
        let cost = try #require(Self.cost(in: screen))
        let bills = [100, 500, 1000, 2000]
        let right = bills.firstIndex { $0 >= cost }!
        let wrong = right == 0 ? 1 : 0
        try session.send("\(wrong + 1)")
        screen = try await session.waitForScreen { $0.contains("Try a different bill.") }
        #expect(screen.contains(wrong < right ? "is too small for" : "is more than you need for"))

        // End and Home: the ends of the line; Page Up a dollar at a time to the right bill.
        try session.send("End")
        _ = try await session.waitForScreen { Self.slider(at: 2000, in: $0) }
        try session.send("Home")
        _ = try await session.waitForScreen { Self.slider(at: 0, in: $0) && !$0.contains("(resting)") }
        for _ in 0..<(bills[right] / 100) { try session.send("PPage") }
        screen = try await session.waitForScreen { Self.slider(at: bills[right], in: $0) }
        #expect(screen.contains("(resting)"))
        // A resting bill's key says why it does nothing; so does the wrong bill's, and neither is a guess.
        let resting = bills.indices.first { $0 != right && $0 != wrong }!
        try session.send("\(resting + 1)")
        _ = try await session.waitForScreen { $0.contains("the other bills rest while it is there") }
        try session.send("\(wrong + 1)")
        _ = try await session.waitForScreen { $0.contains("You already tried") }
        // Shift-Left: ten cents below the right bill, out of its zone; Shift-Right: back in.
        try session.send("S-Left")
        screen = try await session.waitForScreen { Self.slider(at: bills[right] - 10, in: $0) }
        #expect(!screen.contains("(resting)"), "\(screen)")
        try session.send("S-Right")
        screen = try await session.waitForScreen { Self.slider(at: bills[right], in: $0) }
        #expect(screen.contains("(resting)"))

        try session.send("\(right + 1)")
        screen = try await session.waitForScreen { $0.contains("That was the last item") }
        #expect(screen.contains("✓ right") && screen.contains("0 of 1 right at the first try"), "\(screen)")
        try session.send("p")
        screen = try await session.waitForScreen { $0.contains("Which bill pays") && !$0.contains("✓ right") }
        #expect(screen.contains("Item 1 of 1"))
        try session.send("q")
        try session.send("q")
        #expect(try await session.waitForExit() == 0)
    }
}
