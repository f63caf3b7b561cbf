import Foundation
import GameKit
import TestSupport
import Testing

/// A student never loses a match to a closed window, in real tmux sessions against a real host.
@Suite(
    "tcnet join in tmux: resuming after kill -9, seat codes, late watchers",
    .enabled(if: TmuxSession.isAvailable, "tmux is not installed"))
struct ResumeTerminalTests {
    static let tcnet = TerminalBoardTests.tcnet
    typealias Board = TerminalBoardTests

    /// Lan's first turn played; returns the banks everyone should see.
    static func playOneTurn(_ players: TerminalBoardTests.TwoPlayers) async throws -> (a: [Int], b: [Int]) {
        let screen = try await players.lan.waitForScreen { $0.contains(">> YOUR TURN <<") }
        try Board.playTurn(players.lan, seat: "A", screen: screen)
        let after = try await players.minh.waitForScreen { $0.contains(">> YOUR TURN <<") }
        return (Board.banks(of: "A", in: after), Board.banks(of: "B", in: after))
    }

    @Test(
        "kill -9 of a joined client mid-match, then the same command again: the seat comes back and the match goes on")
    func killAndRelaunch() async throws {
        let players = try await Board.twoPlayers()
        defer { players.finish() }
        let banks = try await Self.playOneTurn(players)
        kill(try players.lan.panePID(), SIGKILL)
        _ = try await players.minh.waitForScreen { $0.contains("away: ") }
        // NB: the token was kept for Lan's user only.
        let folder = players.machine("lan")["XDG_STATE_HOME"]! + "/tcnet"
        let files = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(files.count == 1)
        let mode = try FileManager.default.attributesOfItem(atPath: folder + "/" + files[0])[.posixPermissions] as? Int
        #expect(mode == 0o600)

        let again = try TmuxSession(players.lanCommand, environment: players.machine("lan"))
        defer { again.kill() }
        let back = try await again.waitForScreen { $0.contains("Lan (A) · you") && $0.contains("waiting for them") }
        #expect(Board.banks(of: "A", in: back) == banks.a && Board.banks(of: "B", in: back) == banks.b)
        let token = try String(contentsOfFile: folder + "/" + files[0], encoding: .utf8).trimmingCharacters(
            in: .newlines)
        #expect(token.count == 64)
        #expect(!back.contains(token) && !players.host.standardError.contains(token))
        #expect(
            players.host.standardError.contains(
                /by=token connection=c\d+ name=Lan player=p-\w+ \[Peer\] session resumed/))
        let minh = try await players.minh.waitForScreen { $0.contains("Lan is back") && !$0.contains("away: ") }
        try Board.playTurn(players.minh, seat: "B", screen: minh)
        _ = try await again.waitForScreen { $0.contains(">> YOUR TURN <<") }
        players.host.signal(SIGTERM)
        _ = try await players.host.waitForExit()
    }

    @Test("the seat code read on the ? page takes the seat from a second machine; the first machine's window is closed")
    func seatCodeFromAnotherMachine() async throws {
        let players = try await Board.twoPlayers()
        defer { players.finish() }
        let banks = try await Self.playOneTurn(players)
        try players.minh.send("?")
        let page = try await players.minh.waitForScreen { $0.contains("Your seat code is") }
        let code = try #require(page.firstMatch(of: /Your seat code is ([0-9A-Z]{5}-[0-9A-Z]{5})\./)?.output.1)
        try players.minh.send("Escape")
        kill(try players.minh.panePID(), SIGKILL)
        _ = try await players.lan.waitForScreen { $0.contains("away: ") }

        let second = try TmuxSession(
            "exec \(Self.tcnet) join 127.0.0.1:\(players.port) --resume \(code.lowercased()) --speed 0",
            environment: players.machine("second-machine"))
        defer { second.kill() }
        let back = try await second.waitForScreen { $0.contains("Minh (B) · you") && $0.contains(">> YOUR TURN <<") }
        #expect(Board.banks(of: "A", in: back) == banks.a && Board.banks(of: "B", in: back) == banks.b)
        #expect(!players.host.standardError.contains(String(code)))
        try Board.playTurn(second, seat: "B", screen: back)
        _ = try await players.lan.waitForScreen { $0.contains(">> YOUR TURN <<") }
        players.host.signal(SIGTERM)
        _ = try await players.host.waitForExit()
    }

    @Test("a token the host does not know (its data was wiped): the client joins as a new player of the same name")
    func forgottenToken() async throws {
        let running = try await RunningHost.start()
        let state = running.machine("lan")
        let folder = state["XDG_STATE_HOME"]! + "/tcnet"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let digest = SHA256.hex(of: Array("lan".utf8)).prefix(16)
        try Data((String(repeating: "0f", count: 32) + "\n").utf8).write(
            to: URL(fileURLWithPath: "\(folder)/127.0.0.1-\(running.port)-\(digest).token"))
        let lan = try TmuxSession("exec \(Self.tcnet) join \(running.address) --name Lan --speed 0", environment: state)
        defer { lan.kill() }
        _ = try await lan.waitForScreen { $0.contains("you are Lan") && $0.contains("No table yet") }
        let log = try await running.host.waitForStandardError(containing: "hello accepted")
        #expect(log.contains("code=bad-resume-token"))
        try await running.stop()
    }

    @Test("a watcher who arrives while a player is away sees the away label, and no player keys")
    func lateWatcher() async throws {
        let players = try await Board.twoPlayers()
        defer { players.finish() }
        _ = try await Self.playOneTurn(players)
        kill(try players.minh.panePID(), SIGKILL)
        _ = try await players.lan.waitForScreen { $0.contains("away: ") }
        let watcher = try TmuxSession(
            "exec \(Self.tcnet) watch 127.0.0.1:\(players.port) --speed 0", environment: players.machine("teacher"))
        defer { watcher.kill() }
        let screen = try await watcher.waitForScreen { $0.contains("you are watching") && $0.contains("away: ") }
        #expect(screen.contains(/away: [12]:\d\d held/))
        #expect(!screen.contains("press n"))
        players.host.signal(SIGTERM)
        _ = try await players.host.waitForExit()
    }
}

@Suite(
    "tcnet screens in tmux: keys wait while hidden, q back to the lobby, names asked",
    .enabled(if: TmuxSession.isAvailable, "tmux is not installed"))
struct ScreenTerminalTests {
    typealias Board = TerminalBoardTests

    @Test("while the terminal is too small, keys wait: no move and no quit question fire unseen")
    func tooSmall() async throws {
        let players = try await Board.twoPlayers()
        defer { players.finish() }
        let before = try await players.lan.waitForScreen { $0.contains(">> YOUR TURN <<") }
        try players.lan.resize(width: 60, height: 20)
        _ = try await players.lan.waitForScreen { $0.contains("the board needs 80x24") }
        let read = try await players.lan.waitForKeysThread()
        try players.lan.send("1")
        try players.lan.send("Down")
        try players.lan.send("q")
        // NB: "1", Down (ESC [ B) and "q" read while the terminal is small, before it grows again.
        try await players.lan.waitForKeysRead(5, since: read)
        try players.lan.resize(width: 80, height: 24)
        let after = try await players.lan.waitForScreen { $0.contains(">> YOUR TURN <<") }
        #expect(!after.contains("Leave the match?"))
        #expect(Board.banks(of: "A", in: after) == Board.banks(of: "A", in: before))
        #expect(!after.contains("last:"))
        #expect(try players.minh.screen().contains("waiting for them"))
        players.host.signal(SIGTERM)
        _ = try await players.host.waitForExit()
    }

    @Test("q at a table asks during a match, then goes back to the lobby; q in the lobby quits with status 0")
    func qToTheLobby() async throws {
        let players = try await Board.twoPlayers()
        defer { players.finish() }
        _ = try await players.lan.waitForScreen { $0.contains(">> YOUR TURN <<") }
        try players.lan.send("q")
        _ = try await players.lan.waitForScreen { $0.contains("Leave the match?") }
        try players.lan.send("y")
        _ = try await players.lan.waitForScreen { $0.contains("You left table t1") && $0.contains("Enter sit") }
        _ = try await players.minh.waitForScreen { $0.contains("Lan left the match: Minh wins") }
        try players.lan.send("q")
        #expect(try await players.lan.waitForExit() == 0)
        players.host.signal(SIGTERM)
        _ = try await players.host.waitForExit()
    }

    @Test("tcnet play asks for the names, with the seed's warning for an empty one, and plays with them")
    func playAsksNames() async throws {
        let session = try TmuxSession("exec \(Board.tcnet) play --speed 0", environment: ["NO_COLOR": "1"])
        defer { session.kill() }
        _ = try await session.waitForScreen { $0.contains("Player A's name:") }
        try session.send("Enter")
        _ = try await session.waitForScreen { $0.contains("Please enter your username in order to play") }
        try session.send("Lan", "Enter")
        _ = try await session.waitForScreen { $0.contains("Player B's name:") && $0.contains("Lan") }
        try session.send("Nguyen Thi Minh Khai Lan", "Enter")
        let board = try await session.waitForScreen { $0.contains(">> TO MOVE <<") }
        #expect(board.contains("Lan (A)") && board.contains("Nguyen Thi Minh Khai Lan (B)"))
        try session.send("q")
        _ = try await session.waitForScreen { $0.contains("Leave the match?") }
        try session.send("y")
        #expect(try await session.waitForExit() == 0)
    }
}
