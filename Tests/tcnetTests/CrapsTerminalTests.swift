import Foundation
import TestSupport
import Testing

/// The Craps table in a real tmux session: keys typed with send-keys, the screen read with capture-pane.
@Suite(
    "tcnet play craps in tmux", .enabled(if: TmuxSession.isAvailable, "tmux is not installed (apt-get install tmux)"))
struct CrapsTerminalTests {
    static let tcnet = CommandRunner.executable.path
    static let outcomes = ["You won $", "You lost $", "You're bankrupt!"]

    @Test("tcnet play craps: the slider sets the ante, a refused ante moves it back, r rolls, a result shows")
    func playCraps() async throws {
        let session = try TmuxSession("\(Self.tcnet) play craps --player-a Lan --speed 0")
        defer { session.kill() }
        var screen = try await session.waitForScreen { $0.contains("Your roll: press r or space") }
        for text in ["SHOOTER  Lan (P1) · you", "THE POINT", "OFF", "Your ante $5.00 · balance $200.00", "$0 [o"] {
            #expect(screen.contains(text), "\(text)")
        }
        #expect(screen.contains(/Dice period 1 · 0 rolls · commitment [0-9a-f]{8}…[0-9a-f]{4}/))

        // $5 + 3 x $5 + $50: Enter bets $70.
        try session.send("Right", "Right", "Right", "PPage")
        _ = try await session.waitForScreen { $0.contains("Enter bets $70.00") }
        try session.send("Enter")
        _ = try await session.waitForScreen { $0.contains("Your ante $70.00 · balance $200.00") }

        // The slider's top is above the balance: the rules accept $200 instead; the slider moves back there.
        try session.send("End")
        _ = try await session.waitForScreen { $0.contains("Enter bets $500.00") }
        try session.send("Enter")
        screen = try await session.waitForScreen { $0.contains("Your ante $200.00 · balance $200.00") }
        #expect(screen.contains("An ante cannot exceed your balance of $200.00"))
        #expect(screen.contains("$200.00") && !screen.contains("Enter bets"))

        // Roll until a decision: the dice as the seed's glyphs, and the seed's message.
        var rolls = 0
        while !Self.outcomes.contains(where: screen.contains), rolls < 200 {
            let before = screen
            try session.send("r")
            rolls += 1
            // NB: every roll changes the dice line (its period or its count of rolls).
            screen = try await session.waitForScreen { $0 != before && $0.contains("Lan rolled") }
        }
        #expect(Self.outcomes.contains(where: screen.contains), "\(screen)")
        #expect(screen.contains(/Lan rolled [\u{2680}-\u{2685}] [\u{2680}-\u{2685}] [1-6]\+[1-6] = \d+/))
        #expect(screen.contains(/period 1 verified/))
    }
}
