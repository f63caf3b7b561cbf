import ArgumentParser
import Foundation
import Protocol

// MARK: - The teacher's tournament commands, one each

struct TournamentCreate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create", abstract: "Create a tournament, open for registration; prints its id (T1, ...).")

    @Argument(help: "Its name, shown to everyone.") var name: String
    @Option(name: .long, help: "round-robin, swiss or challenge.") var format: String
    @Option(name: .long, help: ArgumentHelp("The game (its id: taxcollection, craps, ...).", valueName: "id"))
    var game: String = "taxcollection"
    @Option(name: .long, help: "Swiss: the number of rounds.") var rounds: Int?
    @Flag(name: .long, help: "Round robin: everyone meets twice, the first move swapped.") var double = false
    @Option(name: .long, help: "Challenge: the window in minutes.") var minutes: Int?
    @Option(name: .long, help: ArgumentHelp("Points of a win, a draw and a loss.", valueName: "w,d,l"))
    var points: String?
    @Option(
        name: .long,
        help: ArgumentHelp("With an odd number of players, a bot plays instead of a bye.", valueName: "bot"))
    var bot: String?
    @Option(name: .long, help: "Seconds an absent player is waited for before losing by forfeit.") var grace: Int?
    @Option(name: .long, help: "Seconds between pairing a round and its games starting.") var countdown: Int?
    /// The tables' rule set and options; for a challenge, the plays that count (only those at tables so set).
    @OptionGroup var choice: GameChoice
    @OptionGroup var teacher: TeacherOptions

    func validate() throws {
        try self.choice.validate(for: try GameChoice.descriptor(self.game), seats: self.format == "challenge" ? 1 : 2)
    }

    func run() async throws {
        var values: PointValues?
        if let points {
            let parts = points.split(separator: ",").map(String.init)
            guard parts.count == 3 else { throw ValidationError("--points takes three values, like 1,0.5,0 or 3,1,0") }
            values = PointValues(win: parts[0], draw: parts[1], loss: parts[2])
        }
        let options = try self.choice.optionsJSON(for: try GameChoice.descriptor(self.game))
        let request = Protocol.TournamentCreate(
            name: self.name, game: self.game, format: self.format, rounds: self.rounds, cycles: self.double ? 2 : nil,
            minutes: self.minutes, points: values, oddSeat: self.bot == nil ? nil : "bot", bot: self.bot,
            ruleSet: self.choice.rules, options: options.isEmpty ? nil : options, graceSeconds: self.grace,
            countdownSeconds: self.countdown)
        try await self.teacher.run(.tournament(.create(request)))
    }
}

struct TournamentList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the host's tournaments.")
    @OptionGroup var teacher: TeacherOptions

    func run() async throws {
        guard case .tournaments(let list) = try await self.teacher.request(.tournaments(TournamentsRequest())) else {
            throw CommandFailure("the host did not list its tournaments")
        }
        print(
            list.tournaments.isEmpty
                ? "no tournaments yet" : list.tournaments.map(TournamentText.headline).joined(separator: "\n"))
    }
}

struct TournamentRegister: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "register",
        abstract: "Register players by name (after the start of a Swiss tournament: late entries).")
    @Argument(help: "The tournament (T1, ...).") var tournament: String
    @Argument(help: "The players' names, as they join the host.") var names: [String]
    @OptionGroup var teacher: TeacherOptions

    func run() async throws {
        try await self.teacher.run(
            .tournament(.register(TournamentPlayers(tournament: self.tournament, names: self.names))))
    }
}

struct TournamentUnregister: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unregister", abstract: "Remove a player before the start.")
    @Argument var tournament: String
    @Argument var name: String
    @OptionGroup var teacher: TeacherOptions

    func run() async throws {
        try await self.teacher.run(
            .tournament(.unregister(TournamentPlayers(tournament: self.tournament, name: self.name))))
    }
}

struct TournamentStart: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "start",
        abstract: "Start: pair round 1 and send everyone to a table (a challenge opens its window).")
    @Argument var tournament: String
    @OptionGroup var teacher: TeacherOptions

    func run() async throws {
        try await self.teacher.run(.tournament(.start(TournamentPlayers(tournament: self.tournament))))
    }
}

struct TournamentPairCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pair",
        abstract: "Pair and seat the next round now (it is paired by itself once every result is in).")
    @Argument var tournament: String
    @Flag(name: .long, help: "Let players meet again, fewest repeats first (when nothing else pairs).")
    var allowRepeats = false
    @OptionGroup var teacher: TeacherOptions

    func run() async throws {
        try await self.teacher.run(
            .tournament(
                .pair(TournamentPair(tournament: self.tournament, allowRepeats: self.allowRepeats ? true : nil))))
    }
}

struct TournamentResultCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "result",
        abstract: "Record a board's result by hand (1-0, 0-1, 1/2, +-, -+, --); a game still on stops.")
    @Argument var tournament: String
    @Argument(help: "The board of the current round.") var board: Int
    @Argument(help: "The result, the first mover's first.") var result: String
    @OptionGroup var teacher: TeacherOptions

    func run() async throws {
        try await self.teacher.run(
            .tournament(.result(TournamentResult(tournament: self.tournament, board: self.board, result: self.result))))
    }
}

struct TournamentWithdraw: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "withdraw", abstract: "Withdraw a player: no more pairings; results so far stand.")
    @Argument var tournament: String
    @Argument var name: String
    @OptionGroup var teacher: TeacherOptions

    func run() async throws {
        try await self.teacher.run(
            .tournament(.withdraw(TournamentPlayers(tournament: self.tournament, name: self.name))))
    }
}

struct TournamentAbsent: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "absent", abstract: "A player misses the next round: a zero, half or full bye.")
    @Argument var tournament: String
    @Argument var name: String
    @Option(name: .long, help: "zero, half or full.") var bye = "zero"
    @OptionGroup var teacher: TeacherOptions

    func run() async throws {
        try await self.teacher.run(
            .tournament(.bye(TournamentBye(tournament: self.tournament, name: self.name, bye: self.bye))))
    }
}

struct TournamentStandings: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "standings", abstract: "Show the standings, every tiebreak, and the current round.")
    @Argument var tournament: String
    @OptionGroup var teacher: TeacherOptions

    func run() async throws {
        guard case .tournaments(let list) = try await self.teacher.request(.tournaments(TournamentsRequest())),
            let info = list.tournaments.first(where: { $0.id == self.tournament })
        else { throw CommandFailure("there is no tournament \(self.tournament); tcnet tournament list shows them") }
        print(TournamentText.describe(info, standings: true))
    }
}

struct TournamentExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Print the standings as CSV, or the FIDE report file (TRF-16).")
    @Argument var tournament: String
    @Option(name: .long, help: "csv or trf.") var format = "csv"
    @Option(name: .long, help: "With trf: the report after this many rounds (to check the next round's pairing).")
    var rounds: Int?
    @OptionGroup var teacher: TeacherOptions

    func run() async throws {
        let request = TournamentExportRequest(tournament: self.tournament, format: self.format, rounds: self.rounds)
        guard case .tournamentExport(let export) = try await self.teacher.request(.tournament(.export(request))) else {
            throw CommandFailure("the host sent no export")
        }
        FileHandle.standardOutput.write(Data(export.text.utf8))
    }
}

struct TournamentFinish: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "finish", abstract: "Finish now: no more rounds; the standings are final.")
    @Argument var tournament: String
    @OptionGroup var teacher: TeacherOptions

    func run() async throws {
        try await self.teacher.run(
            .tournament(.finish(TournamentPlayers(tournament: self.tournament))), standings: true)
    }
}
