import Foundation
import TestSupport
import Testing

/// The terminal board in real tmux sessions: keys typed with send-keys, the screen read with capture-pane.
@Suite("tcnet board in tmux", .enabled(if: TmuxSession.isAvailable, "tmux is not installed (apt-get install tmux)"))
struct TerminalBoardTests {
    static let tcnet = CommandRunner.executable.path

    /// The counts of a seat's banks as the screen shows them, bank 1 first.
    static func banks(of seat: String, in screen: String) -> [Int] {
        var banks = [Int](repeating: 0, count: 5)
        for line in screen.split(separator: "\n").map(String.init) {
            let pattern = seat == "A" ? #/A([1-5])\s+(\d+)/# : #/(\d+)\s+B([1-5])/#
            for match in line.matches(of: pattern) {
                let (first, second) = (Int(match.output.1) ?? 0, Int(match.output.2) ?? 0)
                if seat == "A" { banks[first - 1] = second } else { banks[second - 1] = first }
            }
        }
        return banks
    }

    /// Plays one turn for the player whose screen says it is their turn; returns what the screen showed.
    static func playTurn(_ session: TmuxSession, seat: String, screen: String) throws {
        if screen.contains("press r to refill") {
            try session.send("r")
            return
        }
        let banks = Self.banks(of: seat, in: screen)
        guard let bank = banks.firstIndex(where: { $0 > 0 }) else { return }
        try session.send("\(bank + 1)")
        try session.send(bank % 2 == 0 ? "Down" : "Up")
    }

    static func isOver(_ screen: String) -> Bool { screen.contains("Game over") }

    @Test("tcnet play --vs bot: a whole game by keys; board, turn flag, a capture and the winner on screen")
    func playAgainstTheBot() async throws {
        let session = try TmuxSession("\(Self.tcnet) play --vs bot:greedy --player-a Lan --rules short --speed 0")
        defer { session.kill() }
        let first = try await session.waitForScreen { $0.contains(">> YOUR TURN <<") }
        for text in ["top  10", "bottom  10", "collection", "Lan (A) · you", "greedy bot (B)", "A3     5"] {
            #expect(first.contains(text), "\(text)")
        }
        var sawCapture = false
        var screen = first
        for _ in 0..<200 where !Self.isOver(screen) {
            try Self.playTurn(session, seat: "A", screen: screen)
            screen = try await session.waitForScreen(timeout: .seconds(30)) {
                Self.isOver($0) || ($0.contains(">> YOUR TURN <<") && $0 != screen)
            }
            sawCapture = sawCapture || screen.contains("captured")
        }
        #expect(Self.isOver(screen))
        #expect(screen.contains("is the winner") || screen.contains("draw"))
        #expect(sawCapture)
    }

    @Test("Ctrl-C restores the terminal: cooked mode, echo, the main screen")
    func ctrlCRestores() async throws {
        let session = try TmuxSession("bash --norc --noprofile")
        defer { session.kill() }
        try session.send("\(Self.tcnet) play --speed 0 --player-a Lan --player-b Minh", "Enter")
        _ = try await session.waitForScreen { $0.contains(">> TO MOVE <<") }
        try session.send("C-c")
        // NB: back on the main screen, at the shell's prompt.
        let after = try await session.waitForScreen {
            !$0.contains(">> TO MOVE <<") && $0.components(separatedBy: "bash-").count >= 3
        }
        #expect(!after.contains("top  10"))
        try session.send("stty -a | tr ' ' '\\n' | grep -E '^-?(icanon|echo)$' | tr '\\n' ' '; echo", "Enter")
        let modes = try await session.waitForScreen {
            $0.contains("icanon echo") || $0.contains("-icanon") || $0.contains("-echo ")
        }
        #expect(modes.contains("icanon echo"))
    }

    /// A real host on a fresh data folder, and two `tcnet join` players in tmux who sit at table t1
    /// (Lan opens it, Minh sits); the match has started when this returns. Each player is a "machine"
    /// of their own: a state folder (`XDG_STATE_HOME`) of their own.
    struct TwoPlayers {
        let data: String
        let host: CommandRunner
        let port: Int
        let lan: TmuxSession
        let minh: TmuxSession
        let lanCommand: String
        let minhCommand: String

        /// The environment of a player's machine.
        func machine(_ name: String) -> [String: String] { TerminalBoardTests.machine(self.data, name) }

        func finish() {
            self.lan.kill()
            self.minh.kill()
            try? FileManager.default.removeItem(atPath: self.data)
            try? FileManager.default.removeItem(atPath: self.data + "-states")
        }
    }

    /// A machine's environment: its own state folder, no colour.
    static func machine(_ data: String, _ name: String) -> [String: String] {
        ["XDG_STATE_HOME": "\(data)-states/\(name)", "NO_COLOR": "1"]
    }

    static func twoPlayers(lanOptions: String = "") async throws -> TwoPlayers {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("tcnet-tmux-\(UUID())").path
        let host = try CommandRunner(["host", "--bind", "127.0.0.1", "--port", "0", "--data", data, "--no-advertise"])
        let port = try await host.hostPort()
        // NB: exec, so the pane's process is tcnet itself (kill -9 reaches it, not a shell).
        let lanCommand = "exec \(Self.tcnet) join 127.0.0.1:\(port) --name Lan \(lanOptions) --speed 0"
        let minhCommand = "exec \(Self.tcnet) join 127.0.0.1:\(port) --name Minh --speed 0"
        let lan = try TmuxSession(lanCommand, environment: Self.machine(data, "lan"))
        var minh: TmuxSession?
        do {
            // NB: keys typed before welcome cannot be sent; wait until the lobby shows the host's name.
            _ = try await lan.waitForScreen { $0.contains("No table yet") && $0.contains("tcnet on") }
            try lan.send("c")
            _ = try await lan.waitForScreen { $0.contains("Waiting for an opponent") }
            let second = try TmuxSession(minhCommand, environment: Self.machine(data, "minh"))
            minh = second
            _ = try await second.waitForScreen { $0.contains("t1") && $0.contains("Lan") && $0.contains("tcnet on") }
            try second.send("Enter")
            return TwoPlayers(
                data: data, host: host, port: port, lan: lan, minh: second, lanCommand: lanCommand,
                minhCommand: minhCommand)
        } catch {
            lan.kill()
            minh?.kill()
            throw error
        }
    }

    @Test("two tcnet join clients play a whole game through a real host")
    func twoClientsThroughAHost() async throws {
        let players = try await Self.twoPlayers(lanOptions: "--rules short")
        defer { players.finish() }
        let (host, lan, minh) = (players.host, players.lan, players.minh)
        var screens = (
            a: try await lan.waitForScreen {
                $0.contains("Minh (B)") && $0.contains("TURN") || $0.contains("waiting for them")
            },
            b: try await minh.waitForScreen { $0.contains("Lan (A)") }
        )
        #expect(screens.a.contains("top  10") && screens.a.contains("collection"))
        var sawCapture = false
        // NB: bounded by the screens' own deadlines (30 s each), not by a count of turns: a game takes
        // a few dozen turns, and each may take several reads while the two clients draw.
        var bothSince: ContinuousClock.Instant?
        for _ in 0..<5_000 {
            screens = (try lan.screen(), try minh.screen())
            if Self.isOver(screens.a) && Self.isOver(screens.b) { break }
            let turns = (a: screens.a.contains(">> YOUR TURN <<"), b: screens.b.contains(">> YOUR TURN <<"))
            // NB: neither: a state is on its way. Both: one client has not drawn the last state yet (the
            // two get it at about the same time, not at once), and a screen alone cannot say which; read
            // both again until only the mover's says it is their turn. Both for 30 s is a bug.
            let since = turns.a && turns.b ? bothSince ?? .now : nil
            bothSince = since
            if let since, ContinuousClock.now - since > .seconds(30) {
                Issue.record("both screens say it is their turn:\n\(screens.a)\n\(screens.b)")
                break
            }
            guard turns.a != turns.b else {
                try await Task.sleep(for: .milliseconds(30))
                continue
            }
            let (mover, seat, screen) = turns.a ? (lan, "A", screens.a) : (minh, "B", screens.b)
            // NB: the other screen shows the same turn flag, on the mover's side, and that it is waiting.
            let other = seat == "A" ? screens.b : screens.a
            #expect(other.contains("waiting for them") || other.contains("YOUR TURN") == false)
            try Self.playTurn(mover, seat: seat, screen: screen)
            _ = try await mover.waitForScreen(timeout: .seconds(30)) { Self.isOver($0) || $0 != screen }
            let latest = try lan.screen()
            sawCapture = sawCapture || latest.contains("captured")
        }
        let final = try await lan.waitForScreen { Self.isOver($0) }
        let finalB = try await minh.waitForScreen { Self.isOver($0) }
        #expect(final.contains("is the winner") || final.contains("draw"))
        #expect(finalB.contains("is the winner") || finalB.contains("draw"))
        #expect(sawCapture)
        host.signal(SIGTERM)
        _ = try await host.waitForExit()
    }

    @Test(
        "a spectator follows; an absent opponent shows a countdown; a lost host shows reconnecting, then resumes"
    )
    func watchAwayAndReconnect() async throws {
        let players = try await Self.twoPlayers()
        defer { players.finish() }
        let (host, port, data, lan, minh) = (players.host, players.port, players.data, players.lan, players.minh)
        var screen = try await lan.waitForScreen { $0.contains(">> YOUR TURN <<") }

        // The spectator: the same board, and that it only watches.
        let watcher = try TmuxSession(
            "exec \(Self.tcnet) watch 127.0.0.1:\(port) --table t1 --name Teacher --speed 0",
            environment: players.machine("teacher"))
        defer { watcher.kill() }
        var watched = try await watcher.waitForScreen { $0.contains("you are watching") }
        #expect(watched.contains("Lan") && watched.contains("Minh"))
        #expect(!watched.contains("YOUR TURN"))
        // NB: the watcher's own keys: no bank to select, nothing to refill, no rematch to offer.
        #expect(watched.contains("q back to the lobby"))
        #expect(!watched.contains("select a bank") && !watched.contains("refill") && !watched.contains("rematch"))
        try Self.playTurn(lan, seat: "A", screen: screen)
        screen = try await lan.waitForScreen { !$0.contains(">> YOUR TURN <<") && $0.contains("to move") }
        let afterMove = (a: Self.banks(of: "A", in: screen), b: Self.banks(of: "B", in: screen))
        #expect(afterMove.a != [5, 5, 5, 5, 5])
        watched = try await watcher.waitForScreen {
            Self.banks(of: "A", in: $0) == afterMove.a && Self.banks(of: "B", in: $0) == afterMove.b
        }
        #expect(watched.contains("Minh (B) to move · you are watching"))

        // The opponent drops: Lan and the spectator see Minh away, with the time the seat is held.
        minh.kill()
        screen = try await lan.waitForScreen { $0.contains("away: ") }
        #expect(screen.contains(/away: [12]:\d\d held/))
        _ = try await watcher.waitForScreen { $0.contains("away: ") }

        // The host dies: Lan's board says it is reconnecting, then resumes with the same board.
        host.signal(SIGKILL)
        _ = try await host.waitForExit()
        screen = try await lan.waitForScreen { $0.contains("reconnecting...") }
        #expect(Self.banks(of: "A", in: screen) == afterMove.a)
        let restarted = try CommandRunner([
            "host", "--bind", "127.0.0.1", "--port", "\(port)", "--data", data, "--no-advertise",
        ])
        _ = try await restarted.hostPort()
        screen = try await lan.waitForScreen(timeout: .seconds(30)) {
            !$0.contains("reconnecting") && $0.contains("away: ")
        }
        #expect(Self.banks(of: "A", in: screen) == afterMove.a && Self.banks(of: "B", in: screen) == afterMove.b)
        // The watcher, whom the restarted host does not know, watches again: no exit, the same board.
        watched = try await watcher.waitForScreen(timeout: .seconds(30)) {
            !$0.contains("reconnecting") && $0.contains("you are watching")
                && Self.banks(of: "A", in: $0) == afterMove.a
        }
        #expect(try watcher.exitStatus() == nil)
        #expect(watched.contains("away: "))
        // q goes back to the lobby (a watcher's: Enter watches), q again quits, with status 0.
        try watcher.send("q")
        _ = try await watcher.waitForScreen { $0.contains("Enter watch") && $0.contains("watching as Teacher") }
        try watcher.send("q")
        let status = try await watcher.waitForExit()
        #expect(status == 0, "the watcher ended with \(status): \((try? watcher.screen()) ?? "")")
        restarted.signal(SIGTERM)
        _ = try await restarted.waitForExit()
    }
}
