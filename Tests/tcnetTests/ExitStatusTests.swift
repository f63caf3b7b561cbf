import Foundation
import Protocol
import TestSupport
import Testing

/// Every failure exits non-zero with one line on standard error that says what to do.
@Suite("tcnet: exit statuses and one-line errors")
struct ExitStatusTests {
    /// The lines of standard error, without blank ones.
    static func lines(_ outcome: CommandRunner.Outcome) -> [String] {
        outcome.standardError.split(separator: "\n").map(String.init)
    }

    @Test("tcnet --help lists the exit statuses")
    func helpListsStatuses() async throws {
        let outcome = try await CommandRunner.run(["--help"])
        let help = outcome.standardOutput.replacingOccurrences(of: "\n ", with: " ")
        for status in ["Exit status: 0 done;", "1 failed,", "2 the host could not", "64 the command line is wrong"] {
            #expect(help.contains(status), "\(status)")
        }
    }

    @Test("a host that cannot be reached: status 2 and one plain line, no library types")
    func unreachable() async throws {
        // NB: a host started and stopped: its port is free again.
        let running = try await RunningHost.start()
        try await running.stop()
        let outcome = try await CommandRunner.run(
            ["join", running.address, "--name", "Lan"], environment: running.machine("lan"))
        #expect(outcome.status == 2)
        #expect(
            Self.lines(outcome) == [
                "Error: cannot reach \(running.address): nothing answers on port \(running.port) "
                    + "there (connection refused); "
                    + "check the address, and that tcnet host runs there"
            ])
    }

    @Test("a name someone has: status 1, and what to type instead")
    func nameTaken() async throws {
        let running = try await RunningHost.start()
        defer { Task { try? await running.stop() } }
        let lan = try await running.greet("Lan")
        let outcome = try await CommandRunner.run(
            ["join", running.address, "--name", "lAN"], environment: running.machine("other"))
        #expect(outcome.status == 1)
        #expect(
            Self.lines(outcome) == [
                "Error: Someone here is already called lAN; please choose another name. (tcnet join "
                    + "\(running.address) --name ANOTHER)"
            ])
        lan.client.disconnect()
        try await running.stop()
    }

    @Test("a name held for a player away from a table: status 1, name-away's own message, and the seat code to use")
    func nameAway() async throws {
        let running = try await RunningHost.start()
        let lan = try await running.greet("Lan")
        try await lan.client.send(ClientEnvelope(id: .number(2), .createTable(CreateTable(game: "taxcollection"))))
        try await lan.client.send(ClientEnvelope(id: .number(3), .sit(Sit(table: "t1"))))
        while try await lan.client.readMessage().re != .number(3) {}
        lan.client.disconnect()
        _ = try await running.host.waitForStandardError(containing: "name=Lan [Peer] disconnected")
        let outcome = try await CommandRunner.run(
            ["join", running.address, "--name", "Lan"], environment: running.machine("other"))
        #expect(outcome.status == 1)
        #expect(
            Self.lines(outcome) == [
                "Error: Lan is away from table t1; if that is you, use your seat code: tcnet join "
                    + "\(running.address) --resume CODE"
            ])
        try await running.stop()
    }

    @Test("a wrong seat code is refused with status 1; after ten, the host makes the next wait, even a right one")
    func wrongSeatCode() async throws {
        let running = try await RunningHost.start()
        let lan = try await running.greet("Lan")
        let right = try #require(lan.welcome.seatCode)
        let wrong = right.rawValue == "00000-00000" ? "00000-00001" : "00000-00000"
        let first = try await CommandRunner.run(
            ["join", running.address, "--resume", wrong], environment: running.machine("x"))
        #expect(first.status == 1)
        #expect(
            Self.lines(first) == [
                "Error: no player on this host has that seat code; check it (the ? page of your "
                    + "board shows it) or ask the teacher"
            ])
        // NB: more wrong codes over the protocol until the host limits them (ten, then one every six
        // seconds), then the right one at once finds the limit reached. A loaded machine can take more
        // than six seconds between the two, letting a code through: then the cycle is tried again.
        var limited: CommandRunner.Outcome?
        for _ in 0..<3 where limited == nil {
            for _ in 0..<30 {
                let guesser = try await RawClient.connect(port: running.port)
                try await guesser.send(
                    ClientEnvelope(id: .number(1), .hello(Hello(name: "", seatCode: SeatCode(rawValue: wrong)))))
                let answer = try await guesser.readMessage().error?.code
                guesser.disconnect()
                #expect(answer == .badSeatCode || answer == .rateLimited)
                if answer == .rateLimited { break }
            }
            let attempt = try await CommandRunner.run(
                ["join", running.address, "--resume", right.rawValue], environment: running.machine("y"))
            if attempt.standardError.hasPrefix("Error: too many wrong seat codes") { limited = attempt }
        }
        let refused = try #require(limited, "the right code, sent just after the limit was reached, was let through")
        #expect(refused.status == 1)
        #expect(Self.lines(refused).count == 1)
        #expect(refused.standardError.hasPrefix("Error: too many wrong seat codes on this host; try again in "))
        #expect(!running.host.standardError.contains(right.rawValue) && !running.host.standardError.contains(wrong))
        lan.client.disconnect()
        try await running.stop()
    }

    @Test("watch: no table at all, or no such table: status 1 and one line, without a screen")
    func nothingToWatch() async throws {
        let running = try await RunningHost.start()
        let none = try await CommandRunner.run(["watch", running.address], environment: running.machine("w"))
        #expect(none.status == 1)
        #expect(Self.lines(none) == ["Error: this host has no table to watch yet; try again once a match has started"])
        let lan = try await running.greet("Lan")
        try await lan.client.send(ClientEnvelope(id: .number(2), .createTable(CreateTable(game: "taxcollection"))))
        _ = try await lan.client.readMessage()
        let missing = try await CommandRunner.run(
            ["watch", running.address, "--table", "t9"], environment: running.machine("w"))
        #expect(missing.status == 1)
        #expect(
            Self.lines(missing) == [
                "Error: there is no table t9 at this host; tcnet watch without --table picks one"
            ])
        lan.client.disconnect()
        try await running.stop()
    }

    @Test(
        "bad values: one line naming the flag, status 64",
        arguments: [
            (["host", "--port", "-1"], "Error: --port must be 0 to 65535, not -1"),
            (["host", "--idle-timeout", "2"], "Error: --idle-timeout must be 5 to 3600 seconds, not 2"),
            (
                ["host", "--spread-after=-3"],
                "Error: --spread-after takes a number of connections, 0 or more, not -3"
            ),
            (
                ["host", "--every-core", "--spread-after", "50"],
                "Error: --every-core spreads connections from the first; drop --spread-after or it"
            ),
            (
                ["host", "--bind", "999.1.1.1"],
                "Error: --bind takes an IP address of this machine (0.0.0.0 listens on all of them), not 999.1.1.1"
            ),
            (
                ["play", "--player-a", String(repeating: "x", count: 200)],
                "Error: --player-a: A name holds at most 24 characters."
            ),
            (
                ["play", "--player-b", " "],
                "Error: --player-b: Please enter your username: a name of 1 to 24 characters."
            ),
            (
                ["join", "127.0.0.1", "--name", String(repeating: "é", count: 25)],
                "Error: --name: A name holds at most 24 characters."
            ),
            (["join", "127.0.0.1"], "Error: Missing --name NAME (or --resume CODE to take a seat back)"),
            (
                ["join", "127.0.0.1", "--resume", "K7QM"],
                "Error: --resume takes a seat code of 10 letters and digits, like K7QM4-XRT2B, not K7QM"
            ),
            (
                ["watch", "127.0.0.1", "--name", ""],
                "Error: --name: Please enter your username: a name of 1 to 24 characters."
            ),
        ])
    func badValues(arguments: [String], line: String) async throws {
        let outcome = try await CommandRunner.run(arguments)
        #expect(outcome.status == 64)
        #expect(Self.lines(outcome).first == line)
    }

    @Test("an address of no interface of this machine: status 1, and what to do")
    func bindElsewhere() async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("tcnet-bind-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: data) }
        let outcome = try await CommandRunner.run([
            "host", "--bind", "192.0.2.1", "--port", "0", "--data", data, "--no-advertise",
        ])
        #expect(outcome.status == 1)
        #expect(
            outcome.standardError.contains(
                "Error: cannot listen on 192.0.2.1:0: no network interface of this machine has that "
                    + "address; leave --bind out to listen on all of them."
            ))
    }
}

/// Help texts: the rule sets named, and paragraphs that wrap where the terminal does, not mid-sentence.
@Suite("tcnet: help texts")
struct HelpTextTests {
    static let commands: [[String]] = [
        [], ["host"], ["join"], ["watch"], ["play"], ["discover"], ["rules"], ["rules", "replay"], ["rules", "ladder"],
        ["bench"], ["bench", "rules"], ["bench", "net"], ["conformance"], ["conformance", "host"],
        ["conformance", "client"],
    ]

    @Test("--rules lists the rule sets of each game", arguments: [["join"], ["play"]])
    func rulesListed(command: [String]) async throws {
        let help = try await CommandRunner.run(command + ["--help"]).standardOutput
        let flat = help.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(
            flat.contains("Tax Collection: classic, young-treasury, small-treasury, short, no-borrowing"), "\(help)")
    }

    @Test(
        "no paragraph breaks a line that could have held the next word (a hard line break in the text)",
        arguments: Self.commands)
    func wrapsOnlyAtTheEdge(command: [String]) async throws {
        let help = try await CommandRunner.run(command + ["--help"]).standardOutput
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var prose = 0
        for (line, next) in zip(lines, lines.dropFirst()) {
            // NB: only prose: two lines of the same indent; the option and subcommand tables (columns
            // apart by several spaces) and the usage line have their own layout.
            let indent = line.prefix { $0 == " " }.count
            let body = line.dropFirst(indent)
            guard !body.isEmpty, next.prefix(while: { $0 == " " }).count == indent, !body.contains("  "),
                !next.dropFirst(indent).contains("  "), !body.hasPrefix("USAGE:"), !body.hasPrefix("OVERVIEW:"),
                let word = next.split(separator: " ").first
            else { continue }
            prose += 1
            // NB: the formatter keeps lines under 80 columns.
            #expect(line.count + 1 + word.count >= 80, "\(command): '\(line)' could have held '\(word)'")
        }
        if command == ["bench", "rules"] || command.isEmpty { #expect(prose > 2, "no prose found to check") }
    }
}

/// The README says the same exit statuses as `tcnet --help`.
@Suite("README: exit statuses")
struct ReadmeExitStatusTests {
    @Test("the README lists each status with its meaning")
    func listed() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
            .replacingOccurrences(of: "\n  ", with: " ")
        for text in [
            "0 done; 1 failed (a name taken or held, a wrong seat code, no such table, a port in use)",
            "2 the host cannot be reached, or was lost and did not come back", "64 the command line is wrong",
        ] {
            #expect(readme.contains(text), "\(text)")
        }
    }
}
