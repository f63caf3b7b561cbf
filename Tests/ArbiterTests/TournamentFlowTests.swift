import Arbiter
import Lobby
import Protocol
import TestSupport
import Testing

/// Whole tournaments through the desk and the lobby, as the host runs them, without a network.
@Suite("Desk: running tournaments", .offThePool)
struct TournamentFlowTests {
    /// A teacher, and students connected under these names.
    static func classroom(_ harness: inout DeskHarness, _ names: [String]) -> (
        teacher: ConnectionID, students: [String: ConnectionID]
    ) {
        let teacher = harness.teacher()
        var students: [String: ConnectionID] = [:]
        for name in names { students[name] = harness.connect(name) }
        return (teacher, students)
    }

    static func create(
        _ harness: inout DeskHarness, _ teacher: ConnectionID, format: String, rounds: Int? = nil, names: [String],
        oddSeat: String? = nil, game: String = "taxcollection", grace: Int = 30
    ) throws -> TournamentInfo {
        let answer = harness.send(
            .tournament(
                .create(
                    TournamentCreate(
                        name: "Class 5B", game: game, format: format, rounds: rounds, oddSeat: oddSeat,
                        graceSeconds: grace,
                        countdownSeconds: 10))), from: teacher)
        let created = try #require(answer)
        #expect(created.error == nil, "\(created)")
        let registered = harness.send(
            .tournament(.register(TournamentPlayers(tournament: "T1", names: names))), from: teacher)
        #expect(registered?.error == nil)
        let startAnswer = harness.send(.tournament(.start(TournamentPlayers(tournament: "T1"))), from: teacher)
        let started = try #require(startAnswer)
        guard case .tournament(let update) = started.message else {
            throw TestFailure("start refused: \(started)")
        }
        return update.tournament
    }

    /// Plays the current round: each board's first player (or second) resigns, by `loser`'s choice.
    static func play(
        _ harness: inout DeskHarness, _ info: TournamentInfo, students: [String: ConnectionID],
        loser: (BoardInfo) -> String
    ) {
        for board in info.boards where board.result == nil {
            guard let table = board.table else { continue }
            for name in [board.white, board.black] {
                if let connection = students[name] {
                    harness.send(.ready(TableRequest(table: table)), from: connection)
                }
            }
            if let connection = students[loser(board)] {
                harness.send(.resign(TableRequest(table: table)), from: connection)
            }
        }
    }

    @Test(
        "a 5-player round robin: Berger's table round by round, a free round each, results from the matches, finished")
    func roundRobin() throws {
        var harness = DeskHarness()
        let names = ["Ann", "Bao", "Chidi", "Dana", "Eli"]
        let (teacher, students) = Self.classroom(&harness, names)
        var info = try Self.create(&harness, teacher, format: "round-robin", names: names)
        #expect(info.rounds == 5)
        // NB: Berger's table for 6: round 1 is 1-6 2-5 3-4; 6 is the free round, so Ann sits out.
        #expect(info.boards.map { "\($0.whiteNumber)-\($0.blackNumber)" } == ["2-5", "3-4"])
        #expect(info.byes.map(\.name) == ["Ann"])
        let bao = try #require(students["Bao"])
        let call = try #require(harness.calls(bao).last)
        #expect(call.round == 1 && call.opponent == "Eli" && call.seat == "A" && call.startsInMs == 10_000)
        for round in 1...5 {
            #expect(info.round == round)
            // NB: the lower start number wins every game.
            Self.play(&harness, info, students: students) { $0.whiteNumber > $0.blackNumber ? $0.white : $0.black }
            info = try #require(harness.tournament(seenBy: teacher))
        }
        #expect(info.status == "finished")
        #expect(info.standings.map(\.name) == ["Ann", "Bao", "Chidi", "Dana", "Eli"])
        #expect(info.standings.map(\.points) == ["4", "3", "2", "1", "0"])
        #expect(info.tiebreaks == ["DE", "SB", "WIN"])
    }

    @Test(
        "a Swiss round: each board at its own table, the first mover in seat A; its match starts after the countdown"
    )
    func seatingAndCountdown() throws {
        var harness = DeskHarness()
        let names = ["Ann", "Bao", "Chidi", "Dana"]
        let (teacher, students) = Self.classroom(&harness, names)
        let info = try Self.create(&harness, teacher, format: "swiss", rounds: 3, names: names)
        #expect(info.boards.map { "\($0.white)-\($0.black)" } == ["Ann-Chidi", "Dana-Bao"])
        let table = try #require(info.boards[0].table)
        let ann = try #require(students["Ann"])
        _ = harness.take(ann)
        harness.advance(seconds: 9)
        #expect(harness.take(ann).compactMap(\.state).isEmpty, "nothing starts before the countdown ends")
        harness.advance(seconds: 1)
        let started = harness.take(ann).compactMap(\.state)
        #expect(started.first?.table == table && started.first?.turn == "A")
        let seats = harness.lobby.snapshot(of: table)
        #expect(seats?.players["A"] == harness.lobby.player(named: "Ann"))
    }

    @Test("absent at the start: the seat is held; arriving within the grace period takes it; otherwise a forfeit win")
    func absence() throws {
        var harness = DeskHarness()
        let names = ["Ann", "Bao", "Chidi", "Dana"]
        let teacher = harness.teacher()
        var students: [String: ConnectionID] = [:]
        for name in ["Ann", "Bao", "Chidi"] { students[name] = harness.connect(name) }
        var info = try Self.create(&harness, teacher, format: "swiss", rounds: 3, names: names, grace: 30)
        // NB: Dana is not connected: Dana-Bao waits for her; Chidi arrives later in the other scenario.
        let board = try #require(info.boards.first { $0.white == "Dana" || $0.black == "Dana" })
        harness.advance(seconds: 20)
        let dana = harness.connect("Dana")
        let call = try #require(harness.calls(dana).last, "Dana is told where to play on arrival")
        #expect(call.table == board.table)
        #expect(harness.lobby.snapshot(of: call.table)?.players[call.seat] == harness.lobby.player(named: "Dana"))
        harness.disconnect(dana)
        // NB: now away from a match that has not started: at the start it runs; after the grace, a forfeit.
        harness.advance(seconds: 60)
        info = try #require(harness.tournament(seenBy: teacher))
        let result = try #require(info.boards.first { $0.board == board.board }?.result)
        #expect(result == (board.white == "Dana" ? "-+" : "+-"))
    }

    @Test("nobody comes for a held seat: after the grace period the game is lost by forfeit and the table is closed")
    func neverCame() throws {
        var harness = DeskHarness()
        let names = ["Ann", "Bao", "Chidi", "Dana"]
        let teacher = harness.teacher()
        var students: [String: ConnectionID] = [:]
        for name in ["Ann", "Bao", "Chidi"] { students[name] = harness.connect(name) }
        let info = try Self.create(&harness, teacher, format: "swiss", rounds: 3, names: names, grace: 30)
        let board = try #require(info.boards.first { $0.white == "Dana" || $0.black == "Dana" })
        harness.advance(seconds: 31)
        let after = try #require(harness.tournament(seenBy: teacher))
        #expect(after.boards.first { $0.board == board.board }?.result == (board.white == "Dana" ? "-+" : "+-"))
        let table = try #require(board.table)
        #expect(harness.lobby.snapshot(of: table)?.players.isEmpty == true)
    }

    @Test("the teacher records a result by hand: the game under way stops, and the round moves on")
    func resultByHand() throws {
        var harness = DeskHarness()
        let names = ["Ann", "Bao", "Chidi", "Dana"]
        let (teacher, students) = Self.classroom(&harness, names)
        var info = try Self.create(&harness, teacher, format: "swiss", rounds: 2, names: names)
        harness.advance(seconds: 10)
        let table = try #require(info.boards[0].table)
        #expect(harness.lobby.snapshot(of: table)?.status == .playing)
        let answer = harness.send(
            .tournament(.result(TournamentResult(tournament: "T1", board: 1, result: "1/2"))), from: teacher)
        #expect(answer?.error == nil)
        #expect(harness.lobby.snapshot(of: table)?.status != .playing, "the game at the table was stopped")
        #expect(harness.lobby.snapshot(of: table)?.players.isEmpty == true)
        info = try #require(harness.tournament(seenBy: teacher))
        #expect(info.round == 1 && info.boards[0].result == "1/2")
        let second = info.boards[1]
        let loser = try #require(students[second.black])
        harness.send(.resign(TableRequest(table: try #require(second.table))), from: loser)
        info = try #require(harness.tournament(seenBy: teacher))
        #expect(info.round == 2, "the next round is paired once the last result is in")
        #expect(info.standings.map(\.points).sorted() == ["0", "0.5", "0.5", "1"])
    }

    @Test("the host's bot fills an odd seat instead of a bye, and plays its games")
    func botFillsOddSeat() throws {
        var harness = DeskHarness()
        let names = ["Ann", "Bao", "Chidi"]
        let (teacher, _) = Self.classroom(&harness, names)
        let info = try Self.create(&harness, teacher, format: "round-robin", names: names, oddSeat: "bot")
        #expect(info.byes.isEmpty)
        #expect(info.standings.contains { $0.status == "bot" && $0.name == "random bot" })
        let board = try #require(info.boards.first { $0.white == "random bot" || $0.black == "random bot" })
        let table = try #require(board.table)
        #expect(harness.lobby.snapshot(of: table)?.bots.values.first == "random")
    }

    @Test(
        "a round with no valid pairing waits, says why and what the teacher can do; letting players meet again pairs it"
    )
    func blocked() throws {
        var harness = DeskHarness()
        let names = ["Ann", "Bao", "Chidi", "Dana"]
        let (teacher, students) = Self.classroom(&harness, names)
        var info = try Self.create(&harness, teacher, format: "swiss", rounds: 5, names: names)
        for _ in 1...3 {
            Self.play(&harness, info, students: students) { $0.black }
            info = try #require(harness.tournament(seenBy: teacher))
        }
        #expect(info.round == 3)
        #expect(info.blocked?.contains("round 4 cannot be paired") == true)
        let refused = harness.send(.tournament(.pair(TournamentPair(tournament: "T1"))), from: teacher)
        #expect(refused?.error?.code == .noValidPairing)
        let repaired = harness.send(
            .tournament(.pair(TournamentPair(tournament: "T1", allowRepeats: true))), from: teacher)
        guard case .tournament(let update)? = repaired?.message else {
            Issue.record("allowing repeats did not pair round 4: \(String(describing: repaired))")
            return
        }
        #expect(update.tournament.round == 4 && update.tournament.blocked == nil)
    }

    @Test(
        "a restart in the middle of a round: the tournament, its round, pairings and tables come back, and it goes on")
    func restart() throws {
        var harness = DeskHarness()
        let names = ["Ann", "Bao", "Chidi", "Dana"]
        let (teacher, students) = Self.classroom(&harness, names)
        var info = try Self.create(&harness, teacher, format: "swiss", rounds: 2, names: names)
        let first = info.boards[0]
        Self.play(
            &harness,
            TournamentInfo(
                id: info.id, name: info.name, game: info.game, format: info.format, status: info.status,
                round: info.round,
                rounds: info.rounds, points: info.points, tiebreaks: info.tiebreaks, standings: info.standings,
                boards: [first], byes: []), students: students
        ) { $0.black }
        var restarted = try harness.restarted()
        let teacherAgain = restarted.teacher()
        guard
            case .tournaments(let list)? = restarted.send(.tournaments(TournamentsRequest()), from: teacherAgain)?
                .message
        else {
            Issue.record("no list after the restart")
            return
        }
        let restored = try #require(list.tournaments.first)
        #expect(restored.round == 1 && restored.boards.map(\.result) == ["1-0", nil])
        #expect(restored.boards.map(\.table) == info.boards.map(\.table))
        // NB: everyone comes back with their token, and the second game is played to its end.
        var back: [String: ConnectionID] = [:]
        for name in names {
            let old = try #require(students[name])
            back[name] = restarted.connect(name, resume: harness.tokens[old])
        }
        Self.play(&restarted, restored, students: back) { $0.black }
        info = try #require(restarted.tournament(seenBy: teacherAgain))
        #expect(info.round == 2)
    }

    /// A teacher, who creates a ten-minute Craps challenge (not started); returns the teacher's connection.
    static func crapsHour(_ harness: inout DeskHarness) -> ConnectionID {
        let teacher = harness.teacher()
        let created = harness.send(
            .tournament(.create(TournamentCreate(name: "Craps hour", game: "craps", format: "challenge", minutes: 10))),
            from: teacher)
        #expect(created?.error == nil)
        return teacher
    }

    @Test("a class challenge at Craps: one-seat matches in the window count, the best score each, then it closes")
    func challenge() throws {
        var harness = DeskHarness()
        let teacher = Self.crapsHour(&harness)
        harness.send(.tournament(.start(TournamentPlayers(tournament: "T1"))), from: teacher)
        for name in ["Ann", "Bao"] {
            let student = harness.connect(name)
            for _ in 0..<2 {
                guard
                    let table = harness.send(.createTable(CreateTable(game: "craps", seats: 1)), from: student)?
                        .tableInfo?.id
                else { throw TestFailure("no table") }
                harness.send(.sit(Sit(table: table)), from: student)
                harness.send(.ready(TableRequest(table: table)), from: student)
                harness.send(.resign(TableRequest(table: table)), from: student)
                harness.send(.leave(TableRequest(table: table)), from: student)
            }
        }
        var info = try #require(harness.tournament(seenBy: teacher))
        #expect(info.challenge?.leaderboard.map(\.name).sorted() == ["Ann", "Bao"])
        #expect(info.challenge?.leaderboard.allSatisfy { $0.plays == 2 } == true)
        harness.advance(seconds: 600)
        info = try #require(harness.tournament(seenBy: teacher))
        #expect(info.status == "finished")
    }

    @Test(
        "a challenge's plays in one batch, as a busy host takes them: each match counts once, followed once")
    func challengeInBatches() throws {
        var harness = DeskHarness()
        let teacher = Self.crapsHour(&harness)
        let ann = harness.connect("Ann")
        let bao = harness.connect("Bao")
        var tables: [ConnectionID: [String]] = [:]
        for student in [ann, bao] {
            for _ in 0..<2 {
                guard
                    let table = harness.send(.createTable(CreateTable(game: "craps", seats: 1)), from: student)?
                        .tableInfo?.id
                else { throw TestFailure("no table") }
                tables[student, default: []].append(table)
            }
        }
        // NB: the start and both students' four plays in one batch: each play's archive is followed by the
        // desk once, though every later message of the batch is followed after it.
        var batch: [(ClientMessage, from: ConnectionID)] = [
            (.tournament(.start(TournamentPlayers(tournament: "T1"))), teacher)
        ]
        for student in [ann, bao] {
            for table in tables[student] ?? [] {
                let request = TableRequest(table: table)
                batch += [(.sit(Sit(table: table)), student), (.ready(request), student)]
                batch += [(.resign(request), student), (.leave(request), student)]
            }
        }
        harness.sendBatch(batch)
        let info = try #require(harness.tournament(seenBy: teacher))
        #expect(info.challenge?.leaderboard.map(\.name).sorted() == ["Ann", "Bao"])
        #expect(info.challenge?.leaderboard.map(\.plays) == [2, 2])
        let archives = harness.journal.filter { if case .archive = $0 { true } else { false } }
        #expect(archives.count == 4)
    }

    @Test("a challenge with options counts only plays at tables with those options (a Craps hour of 3 decisions)")
    func challengeWithOptions() throws {
        var harness = DeskHarness()
        let teacher = harness.teacher()
        let create = TournamentCreate(
            name: "Three rolls", game: "craps", format: "challenge", minutes: 10, options: ["decisions": .number(3)])
        #expect(harness.send(.tournament(.create(create)), from: teacher)?.error == nil)
        harness.send(.tournament(.start(TournamentPlayers(tournament: "T1"))), from: teacher)
        let plays: [(name: String, options: [String: JSONValue]?)] = [
            ("Ann", ["decisions": .number(3)]), ("Bao", nil), ("Chidi", ["decisions": .number(5)]),
        ]
        for play in plays {
            let student = harness.connect(play.name)
            let create = CreateTable(game: "craps", seats: 1, options: play.options)
            guard let table = harness.send(.createTable(create), from: student)?.tableInfo?.id else {
                throw TestFailure("no table")
            }
            harness.send(.sit(Sit(table: table)), from: student)
            harness.send(.ready(TableRequest(table: table)), from: student)
            harness.send(.resign(TableRequest(table: table)), from: student)
        }
        let info = try #require(harness.tournament(seenBy: teacher))
        #expect(info.challenge?.leaderboard.map(\.name) == ["Ann"], "only the play with 3 decisions counts")
    }
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
