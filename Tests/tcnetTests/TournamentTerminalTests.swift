import Foundation
import TestSupport
import Testing

/// A student in a real terminal (tmux) during a tournament: the lobby's panel with the standings, the
/// call to the round's table, and the way back to the lobby when the teacher records the result.
@Suite(
    "tcnet join in tmux: the tournament panel, the call to a table, the standings after a result",
    .enabled(if: TmuxSession.isAvailable, "tmux is not installed"))
struct TournamentTerminalTests {
    static let code = "K7QM4-XRT2B"

    @Test("registered: the panel shows the tournament; started: the student is moved to the table; result: standings")
    func panelCallAndStandings() async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("tcnet-tmux-\(UUID())").path
        defer {
            try? FileManager.default.removeItem(atPath: data)
            try? FileManager.default.removeItem(atPath: data + "-states")
        }
        let host = try CommandRunner([
            "host", "--bind", "127.0.0.1", "--port", "0", "--data", data, "--no-advertise", "--no-web",
            "--teacher-code", Self.code,
        ])
        defer { host.signal(SIGKILL) }
        let port = try await host.hostPort()
        let ann = try TmuxSession(
            "exec \(TerminalBoardTests.tcnet) join 127.0.0.1:\(port) --name Ann --speed 0",
            environment: TerminalBoardTests.machine(data, "ann"))
        defer { ann.kill() }
        _ = try await ann.waitForScreen { $0.contains("No table yet") && $0.contains("tcnet on") }
        let bao = try CommandRunner(["join", "127.0.0.1:\(port)", "--name", "Bao", "--bot", "random", "--follow"])
        defer { bao.signal(SIGTERM) }
        _ = try await bao.waitForStandardOutput(containing: "waiting to be called")

        let teacher = ["--host", "127.0.0.1:\(port)", "--code", Self.code]
        try await TournamentOverTCPTests.tcnet(
            ["tournament", "create", "Class 5B", "--format", "swiss", "--rounds", "1", "--countdown", "30"] + teacher)
        try await TournamentOverTCPTests.tcnet(["tournament", "register", "T1", "Ann", "Bao"] + teacher)
        let registered = try await ann.waitForScreen {
            $0.contains("T1 Class 5B · swiss · registering") && $0.contains("Bao 0")
        }
        // NB: no game played yet: both share the first place.
        #expect(registered.contains("1. Ann 0   1. Bao 0"), "\(registered)")

        try await TournamentOverTCPTests.tcnet(["tournament", "start", "T1"] + teacher)
        // NB: Ann is moved to the round's table at once, told whom she plays; the game starts when both
        // are ready (the bot is at once) or after the countdown.
        let called = try await ann.waitForScreen {
            $0.contains("table t1") && $0.contains("Ann (A) · you") && $0.contains("Bao (B)")
        }
        #expect(!called.contains("T1 Class 5B · swiss"), "the lobby's panel gave way to the table: \(called)")

        try await TournamentOverTCPTests.tcnet(["tournament", "result", "T1", "1", "1-0"] + teacher)
        let back = try await ann.waitForScreen { $0.contains("T1 Class 5B · swiss · finished") }
        #expect(back.contains("You no longer sit at table t1"), "\(back)")
        #expect(back.contains("1. Ann 1   2. Bao 0"), "\(back)")
    }
}
