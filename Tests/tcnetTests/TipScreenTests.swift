import Foundation
import TestSupport
import Testing

/// `tcnet tip`'s screen in a real tmux session: keys typed with send-keys, the screen read with capture-pane.
@Suite("tcnet tip in tmux", .enabled(if: TmuxSession.isAvailable, "tmux is not installed"))
struct TipScreenTests {
    static let tcnet = CommandRunner.executable.path

    @Test(
        "tcnet tip: a good input (results with $ and two decimals, fields cleaned), then a bad one (an error)"
    )
    func tipScreen() async throws {
        let session = try TmuxSession("\(Self.tcnet) tip")
        defer { session.kill() }
        _ = try await session.waitForScreen { $0.contains("Check amount") && $0.contains("[ Calculate ]") }
        try session.send("42.5")
        try session.send("Tab")
        try session.send("18%")
        try session.send("Enter")
        var screen = try await session.waitForScreen { $0.contains("$50.15") }
        #expect(screen.contains("$7.65") && screen.contains("42.50") && screen.contains("18.00"))
        try session.send("BTab")
        try session.send("x")
        try session.send("Enter")
        screen = try await session.waitForScreen { $0.contains("Numbers only, like 42.50") }
        #expect(!screen.contains("$50.15") && !screen.contains("$7.65"))
        #expect(screen.contains("18.00"))
        try session.send("Escape")
        _ = try await session.waitForScreen { !$0.contains("Check amount") }
    }
}
