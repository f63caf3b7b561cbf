import Foundation
import TestSupport
import Testing

@Suite("tcnet words, and one game of each mode in a real terminal at a real host", .serialized)
struct CommandTests {
    static let tcnet = CommandRunner.executable.path

    static func folder() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("tcnet-words-\(UUID())").path
    }

    static func write(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("words-\(UUID()).txt").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("tcnet words import: a bad file is refused with its line and reason and nothing is imported; a good one is")
    func importAndList() async throws {
        let data = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let bad = try Self.write("cat\ndog\nfish,fich\nbird\n")
        let refused = try await CommandRunner.run(["words", "import", bad, "--list", "mine", "--data", data])
        #expect(refused.status != 0)
        #expect(
            refused.standardError.contains("line 3: 2 fields")
                && refused.standardError.contains("nothing was imported"),
            "\(refused.standardError)")
        let empty = try await CommandRunner.run(["words", "list", "--data", data])
        #expect(!empty.standardOutput.contains("mine") && empty.standardOutput.contains("first-grade"))
        let good = try Self.write("word,wrong1,wrong2\ncat,kat,catt\ndog\nfish\n")
        let imported = try await CommandRunner.run(["words", "import", good, "--list", "mine", "--data", data])
        #expect(
            imported.status == 0 && imported.standardOutput.contains("imported 3 words as list mine"),
            "\(imported.standardError)")
        let listed = try await CommandRunner.run(["words", "list", "--data", data])
        #expect(listed.standardOutput.contains("mine") && listed.standardOutput.contains("3 words"))
        let builtIn = try await CommandRunner.run(["words", "import", good, "--list", "first-grade", "--data", data])
        #expect(builtIn.status != 0 && builtIn.standardError.contains("built-in"))
        let again = try await CommandRunner.run(["words", "import", bad, "--list", "mine", "--data", data])
        #expect(again.status != 0)
        let still = try await CommandRunner.run(["words", "list", "--data", data])
        #expect(still.standardOutput.contains("3 words"), "a refused re-import leaves the old list whole")
    }

    @Test(
        """
        tcnet words import: a missing file, one that is not UTF-8, an empty one, a bad name: one line each, \
        nothing imported
        """
    )
    func importRefusals() async throws {
        let data = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let latin1 = FileManager.default.temporaryDirectory.appendingPathComponent("words-\(UUID()).txt").path
        try Data([0x63, 0x61, 0x74, 0x0A, 0x63, 0x61, 0x66, 0xE9, 0x0A]).write(to: URL(fileURLWithPath: latin1))
        let empty = try Self.write("# only a comment\n\n")
        let good = try Self.write("cat\n")
        let cases: [([String], String)] = [
            (["/nonexistent/words.txt", "--list", "mine"], "cannot read /nonexistent/words.txt; nothing was imported"),
            ([latin1, "--list", "mine"], "is not UTF-8 text; nothing was imported"),
            ([empty, "--list", "mine"], "the file holds no word; nothing was imported"),
            ([good, "--list", "my list"], "--list takes 1 to 40 letters, digits, - or _"),
        ]
        for (arguments, message) in cases {
            let refused = try await CommandRunner.run(["words", "import"] + arguments + ["--data", data])
            #expect(
                refused.status != 0 && refused.standardError.contains(message), "\(arguments): \(refused.standardError)"
            )
            #expect(!refused.standardError.contains("Fatal") && refused.standardOutput.isEmpty)
        }
        let listed = try await CommandRunner.run(["words", "list", "--data", data])
        #expect(
            listed.standardOutput.split(separator: "\n").count == 1, "only the built-in list: \(listed.standardOutput)")
        let sheet = FileManager.default.temporaryDirectory.appendingPathComponent("words-\(UUID()).csv").path
        try Data("\u{FEFF}word,wrong1,wrong2\r\ncat,kat,catt\r\ndog,,\r\n,,\r\n".utf8).write(
            to: URL(fileURLWithPath: sheet))
        let imported = try await CommandRunner.run(["words", "import", sheet, "--list", "sheet", "--data", data])
        #expect(
            imported.status == 0 && imported.standardOutput.contains("imported 2 words as list sheet (1 with"),
            "a spreadsheet's CSV UTF-8: \(imported.standardError)")
    }

    /// A host on a fresh folder and a student in tmux at a new table of a mode; the game has started.
    static func game(mode: String, environment: [String: String] = [:]) async throws -> (
        CommandRunner, TmuxSession, String
    ) {
        let data = Self.folder()
        let host = try CommandRunner(["host", "--bind", "127.0.0.1", "--port", "0", "--data", data, "--no-advertise"])
        let port = try await host.hostPort()
        let student = try TmuxSession(
            "\(Self.tcnet) join 127.0.0.1:\(port) --name Ana --game spelling --option mode=\(mode) --speed 0",
            environment: environment)
        _ = try await student.waitForScreen { $0.contains("No table yet") && $0.contains("tcnet on") }
        try student.send("c")
        _ = try await student.waitForScreen { $0.contains("Time ") && $0.contains("Score 0") }
        return (host, student, data)
    }

    /// Answers until the game ends, one key sequence a try; returns the end screen.
    static func playToTheEnd(_ student: TmuxSession, tries: Int, _ keys: (Int) -> [String]) async throws -> String {
        for attempt in 0..<tries {
            let before = try student.screen()
            if before.contains("Out of lives!") { return before }
            for key in keys(attempt) { try student.send(key) }
            _ = try? await student.waitForScreen(timeout: .seconds(5)) { $0 != before }
        }
        return try await student.waitForScreen { $0.contains("Out of lives!") }
    }

    static func expectEnd(_ screen: String) {
        for text in [
            "Out of lives!", "Ana spelled", "The best score so far!", "High scores", "1. Ana", "◀ you",
            "Lives · · ·",
        ] {
            #expect(screen.contains(text), "\(text) in\n\(screen)")
        }
    }

    @Test("pick: the three spellings in big letters; picks until out of lives; the end with the high scores")
    func pick() async throws {
        let (host, student, data) = try await Self.game(mode: "pick")
        defer { student.kill(); host.signal(SIGTERM); try? FileManager.default.removeItem(atPath: data) }
        let first = try student.screen()
        #expect(first.contains("▶ 1") && first.contains("█") && first.contains("Lives ♥ ♥ ♥"), "\(first)")
        let end = try await Self.playToTheEnd(student, tries: 40) { ["\($0 % 3 + 1)"] }
        Self.expectEnd(end)
    }

    @Test("unscramble: the tiles in big letters, one carried with the arrows; wrong orders until out of lives")
    func unscramble() async throws {
        let (host, student, data) = try await Self.game(mode: "unscramble")
        defer { student.kill(); host.signal(SIGTERM); try? FileManager.default.removeItem(atPath: data) }
        try student.send("Space")
        try student.send("Right")
        let held = try await student.waitForScreen { $0.contains("▲ held") }
        #expect(held.contains("█"))
        try student.send("Space")
        // NB: putting the tiles back in the scrambled order is never right (the tiles never spell the word).
        try student.send("Left", "Space", "Right", "Space")
        let end = try await Self.playToTheEnd(student, tries: 12) { _ in ["Enter"] }
        Self.expectEnd(end)
    }

    @Test("hear and type: the word's sound reaches the terminal's player and is speech; typing until out of lives")
    func hear() async throws {
        let sounds = Self.folder()
        try FileManager.default.createDirectory(atPath: sounds, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: sounds) }
        let player = sounds + "/player.sh"
        try "#!/bin/sh\ncp \"$1\" \"\(sounds)/$(date +%s%N).wav\"\n".write(
            toFile: player, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: player)
        let (host, student, data) = try await Self.game(mode: "hear", environment: ["TCNET_SOUND_PLAYER": player])
        defer { student.kill(); host.signal(SIGTERM); try? FileManager.default.removeItem(atPath: data) }
        try student.send("Tab")
        try await withDeadline(seconds: 20) {
            while Self.waves(in: sounds).count < 2 { try await Task.sleep(for: .milliseconds(50)) }
        }
        let waves = Self.waves(in: sounds)
        let first = try #require(FileManager.default.contents(atPath: waves[0]))
        #expect(try SpeechTests.isSpeech(Array(first)))
        #expect(FileManager.default.contents(atPath: waves[1]) == first, "Tab plays the same word again")
        let end = try await Self.playToTheEnd(student, tries: 12) { _ in ["z", "z", "z", "Enter"] }
        Self.expectEnd(end)
    }

    @Test("tcnet play spelling --mode unscramble alone: the tiles, the clock, out of lives, no high scores kept here")
    func playAlone() async throws {
        let student = try TmuxSession("\(Self.tcnet) play spelling --mode unscramble --player-a Ana --speed 0")
        defer { student.kill() }
        let first = try await student.waitForScreen { $0.contains("Time ") && $0.contains("Score 0") }
        #expect(first.contains("Lives ♥ ♥ ♥") && first.contains("█"), "\(first)")
        let end = try await Self.playToTheEnd(student, tries: 12) { _ in ["Enter"] }
        for text in ["Out of lives!", "Ana spelled 0 words right.", "No high scores are kept", "Lives · · ·"] {
            #expect(end.contains(text), "\(text) in\n\(end)")
        }
    }

    @Test(
        "--mode: a mode the game lacks, a game without modes, and a clash with --option are refused in one line",
        arguments: [
            (["play", "spelling", "--mode", "spell"], "pick, unscramble, hear"),
            (["play", "taxcollection", "--mode", "pick"], "mode"),
            (["play", "spelling", "--mode", "pick", "--option", "mode=hear"], "disagree"),
            (
                ["join", "127.0.0.1:1", "--name", "Ana", "--game", "spelling", "--mode", "spell"],
                "pick, unscramble, hear"
            ),
        ])
    func modeRefused(arguments: [String], message: String) async throws {
        let refused = try await CommandRunner.run(arguments)
        #expect(refused.status != 0 && refused.standardError.contains(message), "\(refused.standardError)")
    }

    @Test("hear and type on a machine with no sound player: the screen says what to install")
    func hearWithoutPlayer() async throws {
        let (host, student, data) = try await Self.game(
            mode: "hear", environment: ["PATH": "/nonexistent", "TCNET_SOUND_PLAYER": ""])
        defer {
            student.kill()
            host.signal(SIGTERM)
            try? FileManager.default.removeItem(atPath: data)
        }
        let screen = try await student.waitForScreen { $0.contains("No sound player here") }
        #expect(screen.contains("Time ") && screen.contains("Listen to the word"), "\(screen)")
    }

    static func waves(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".wav") }.sorted()
            .map { folder + "/" + $0 }
    }
}
