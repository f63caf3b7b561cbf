import Foundation
import Protocol
import TestSupport
import Testing
import Tournament

/// Whole tournaments on a real `tcnet host`: bots (`tcnet join --bot --follow`) play every game they
/// are called to over TCP, the teacher drives it with `tcnet tournament`, and the host is killed with
/// SIGKILL in the middle of a round and started again on the same data folder.
@Suite("tcnet tournament: played to the end over TCP, the host killed mid-round")
struct TournamentOverTCPTests {
    static let code = "K7QM4-XRT2B"

    /// One tournament to play.
    struct Case: Sendable, CustomTestStringConvertible {
        var format: String
        var players: Int
        var rounds: Int
        /// The round during which the host is killed.
        var killIn: Int
        var testDescription: String { "\(self.players)-player \(self.format), killed in round \(self.killIn)" }
    }

    static let cases = [
        Case(format: "swiss", players: 6, rounds: 3, killIn: 2),
        Case(format: "round-robin", players: 5, rounds: 5, killIn: 3),
    ]

    @Test(
        "bots play every round to the end; the tournament survives SIGKILL; the TRF export reads back", arguments: cases
    )
    func playedToTheEnd(_ tournament: Case) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tcnet-tour-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // NB: a low rate limit, which the bots keep to (ClientSession's pace): a round lasts seconds, not
        // milliseconds, so the kill at its start comes mid-round even when the watcher reads late.
        let hostArguments = [
            "--bind", "127.0.0.1", "--data", folder, "--no-advertise", "--no-web", "--teacher-code", Self.code,
            "--rate-limit", "10/6",
        ]
        let first = try CommandRunner(["host", "--port", "0"] + hostArguments)
        let port = try await first.hostPort()
        var host = first
        let names = ["Ann", "Bao", "Chidi", "Dana", "Emil", "Farah"].prefix(tournament.players).map { $0 }
        var bots: [CommandRunner] = []
        defer {
            for bot in bots { bot.signal(SIGTERM) }
            host.signal(SIGKILL)
        }
        for (index, name) in names.enumerated() {
            bots.append(
                try CommandRunner([
                    "join", "127.0.0.1:\(port)", "--name", name, "--bot", "random", "--follow", "--seed",
                    "\(index + 1)",
                ]))
        }
        for bot in bots { _ = try await bot.waitForStandardOutput(containing: "waiting to be called") }

        let teacher = ["--host", "127.0.0.1:\(port)", "--code", Self.code]
        var create = ["tournament", "create", "Class 5B", "--format", tournament.format, "--countdown", "0"] + teacher
        if tournament.format == "swiss" { create += ["--rounds", "\(tournament.rounds)"] }
        try await Self.tcnet(create)
        try await Self.tcnet(["tournament", "register", "T1"] + names + teacher)

        let watcher = try await Self.watcher(port)
        try await Self.tcnet(["tournament", "start", "T1"] + teacher)
        let killedAt = try await Self.waitFor(watcher) { $0.round == tournament.killIn }
        #expect(killedAt.boards.contains { $0.result == nil }, "the kill should come while games are under way")
        host.signal(SIGKILL)
        _ = try await host.waitForExit()

        host = try CommandRunner(["host", "--port", "\(port)"] + hostArguments)
        let replayed = try await host.waitForStandardError(containing: CommandRunner.listeningLine)
        #expect(replayed.contains("journal replayed"))
        let again = try await Self.watcher(port)
        try await again.send(ClientEnvelope(id: .number(2), .tournaments(TournamentsRequest())))
        let restored = try await Self.waitFor(again) { _ in true }
        #expect(restored.round >= tournament.killIn, "the round in progress came back")
        let final: TournamentInfo
        do {
            // NB: a tournament that ended before the kill changes no more: the list's answer is its last word.
            final =
                restored.status == "finished"
                ? restored : try await Self.waitFor(again, timeout: .seconds(120)) { $0.status == "finished" }
        } catch {
            Issue.record("not finished: \(error)\n\(Self.lastWords(host: host, bots: zip(names, bots)))")
            return
        }

        #expect(final.round == tournament.rounds)
        let export = try await Self.tcnet(["tournament", "export", "T1", "--format", "trf"] + teacher)
        let report = try TRFDocument(parsing: export)
        #expect(report.rounds == tournament.rounds)
        try Self.check(report, final: final, tournament) { Self.lastWords(host: host, bots: zip(names, bots)) }
    }

    /// The host's and each bot's last output, for a failure that needs them (why a bot missed its game).
    static func lastWords(host: CommandRunner, bots: some Sequence<(String, CommandRunner)>) -> String {
        let outputs = bots.map { name, bot in
            "\(name): \(bot.standardOutput.suffix(600))\n\(name) (stderr): \(bot.standardError.suffix(400))"
        }
        return (["host: \(host.standardError.suffix(1500))"] + outputs).joined(separator: "\n")
    }

    @Test("over TCP, a student's tournament request is refused, and so is a wrong code; the teacher's works")
    func teacherCodeRefusedForStudents() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tcnet-tour-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let host = try CommandRunner([
            "host", "--bind", "127.0.0.1", "--port", "0", "--data", folder, "--no-advertise", "--no-web",
            "--teacher-code", Self.code,
        ])
        defer { host.signal(SIGKILL) }
        let port = try await host.hostPort()
        #expect(
            try await host.waitForStandardOutput(containing: "Teacher's code: \(Self.code)").contains(
                "tcnet tournament"))
        #expect(!host.standardError.contains(Self.code), "the code is never logged")

        let student = try await Self.watcher(port)
        let create = TournamentCreate(name: "Mine", game: "taxcollection", format: "swiss", rounds: 3)
        try await student.send(ClientEnvelope(id: .number(2), .tournament(.create(create))))
        #expect(
            try await student.readMessage().message
                == .error(
                    ErrorMessage(
                        code: .teacherRequired,
                        message: "tournaments are the teacher's: send teacher with the code the host printed",
                        fatal: false)))
        try await student.send(
            ClientEnvelope(id: .number(3), .teacher(TeacherHello(code: TeacherCode(rawValue: "K7QM4-XRT2C")))))
        guard case .error(let wrong) = try await student.readMessage().message else {
            Issue.record("a wrong code was not refused")
            return
        }
        #expect(wrong.code == .badTeacherCode)
        try await student.send(ClientEnvelope(id: .number(4), .tournament(.create(create))))
        guard case .error(let still) = try await student.readMessage().message else {
            Issue.record("a tournament was created after a wrong code")
            return
        }
        #expect(still.code == .teacherRequired)

        let typedWrong = try await CommandRunner.run([
            "tournament", "create", "Mine", "--format", "swiss", "--rounds", "3", "--host", "127.0.0.1:\(port)",
            "--code", "K7QM4-XRT2C",
        ])
        #expect(typedWrong.status != 0)
        #expect(typedWrong.standardError.contains("not this host's teacher code"), "\(typedWrong.standardError)")
        let list = try await Self.tcnet(["tournament", "list", "--host", "127.0.0.1:\(port)", "--code", Self.code])
        #expect(!list.contains("Mine"), "nothing was created: \(list)")
        // NB: the same request with the code, typed loosely, is the teacher's.
        try await Self.tcnet([
            "tournament", "create", "Mine", "--format", "swiss", "--rounds", "3", "--host", "127.0.0.1:\(port)",
            "--code", "k7qm4xrt2b",
        ])
        #expect(
            try await Self.tcnet(["tournament", "list", "--host", "127.0.0.1:\(port)", "--code", Self.code]).contains(
                "Mine"))
    }

    /// What every finished tournament of bots must be: every round played at the board (no forfeit:
    /// the bots came back to their tables after the restart), no pair twice (a round robin: every pair
    /// once), byes only where the number is odd, and the standings as the host showed them.
    /// `outputs` gives the processes' last words for a forfeit: why a bot was not at its board.
    static func check(
        _ report: TRFDocument, final: TournamentInfo, _ tournament: Case, outputs: () -> String
    ) throws {
        #expect(report.players.map(\.name).sorted() == final.standings.map(\.name).sorted())
        var met: [Set<Int>: Int] = [:]
        var forfeits: [String] = []
        for player in report.players {
            #expect(player.rounds.count == tournament.rounds, "\(player.name): \(player.rounds)")
            let games = player.rounds.filter(\.outcome.isPlayed)
            for entry in player.rounds where !entry.outcome.isPlayed {
                let bye = tournament.players % 2 == 1 && [.pairingBye, .absent].contains(entry.outcome)
                if !bye { forfeits.append("\(player.name) had \(entry.outcome)") }
            }
            for entry in games {
                let opponent = try #require(entry.opponent)
                met[[player.number, opponent], default: 0] += 1
            }
            let shown = try #require(final.standings.first { $0.number == player.number })
            #expect(shown.points == player.points.description, "\(player.name)")
            #expect(shown.rank == player.rank, "\(player.name)")
        }
        #expect(forfeits.isEmpty, "not played at the board (odd players: byes only): \(forfeits)\n\(outputs())")
        // NB: each game is seen from both sides.
        #expect(met.values.allSatisfy { $0 == 2 }, "a pair met twice: \(met.filter { $0.value != 2 })")
        let byes = tournament.players % 2
        #expect(met.count == tournament.rounds * (tournament.players - byes) / 2)
        if tournament.format == "round-robin" {
            #expect(met.count == tournament.players * (tournament.players - 1) / 2, "everyone meets everyone")
        }
    }

    /// A plain player's connection: every greeted connection is sent each tournament's changes.
    static func watcher(_ port: Int) async throws -> RawClient {
        let client = try await RawClient.connect(port: port)
        guard case .welcome = try await client.hello(name: "watcher").message else {
            throw CommandRunnerError.timedOut("a welcome for the watcher")
        }
        return client
    }

    /// Reads until a tournament (from `tournament` or `tournaments`) satisfies `condition`.
    static func waitFor(
        _ client: RawClient, timeout: Duration = .seconds(180), _ condition: (TournamentInfo) -> Bool
    ) async throws -> TournamentInfo {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            let envelope: HostEnvelope
            do {
                envelope = try await client.readMessage(timeout: .seconds(20))
            } catch RawClient.Failure.timedOut {
                // NB: a long game sends the watcher nothing; a ping keeps it within the idle timeout.
                try await client.send(ClientEnvelope(.ping(Ping())))
                continue
            }
            let infos: [TournamentInfo]
            switch envelope.message {
            case .tournament(let update): infos = [update.tournament]
            case .tournaments(let list): infos = list.tournaments
            default: continue
            }
            if let info = infos.first(where: condition) { return info }
        }
        throw CommandRunnerError.timedOut("a tournament as expected")
    }

    /// Runs `tcnet` to its end; it must succeed. Returns its standard output.
    @discardableResult
    static func tcnet(_ arguments: [String]) async throws -> String {
        let outcome = try await CommandRunner.run(arguments, timeout: .seconds(60))
        #expect(outcome.status == 0, "tcnet \(arguments.joined(separator: " ")): \(outcome.standardError)")
        return outcome.standardOutput
    }
}
