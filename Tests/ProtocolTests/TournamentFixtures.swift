import Protocol

/// The golden fixtures of the teacher's and the tournament messages (tcnet/1 section 17).
extension GoldenFixtureTests {
    static let tournamentClientFixtures: [(String, ClientEnvelope)] = [
        (
            "client/teacher.json",
            ClientEnvelope(id: .number(1), .teacher(TeacherHello(code: TeacherCode(rawValue: "K7QM4-XRT2B"))))
        ),
        ("client/tournaments.json", ClientEnvelope(id: .number(2), .tournaments(TournamentsRequest()))),
        (
            "client/tournament-create.json",
            ClientEnvelope(
                id: .number(3),
                .tournament(
                    .create(
                        TournamentCreate(
                            name: "Class 5B", game: "taxcollection", format: "swiss", rounds: 5, oddSeat: "bot",
                            bot: "greedy",
                            graceSeconds: 60, countdownSeconds: 10))))
        ),
        (
            "client/tournament-create-challenge.json",
            ClientEnvelope(
                id: .number(4),
                .tournament(
                    .create(
                        TournamentCreate(
                            name: "Craps hour", game: "craps", format: "challenge", minutes: 20,
                            points: PointValues(win: "3", draw: "1", loss: "0")))))
        ),
        (
            "client/tournament-register.json",
            ClientEnvelope(
                id: .number(5),
                .tournament(.register(TournamentPlayers(tournament: "T1", names: ["Lan", "Minh", "Hoa"]))))
        ),
        (
            "client/tournament-unregister.json",
            ClientEnvelope(id: .number(6), .tournament(.unregister(TournamentPlayers(tournament: "T1", name: "Hoa"))))
        ),
        (
            "client/tournament-start.json",
            ClientEnvelope(id: .number(7), .tournament(.start(TournamentPlayers(tournament: "T1"))))
        ),
        (
            "client/tournament-pair.json",
            ClientEnvelope(id: .number(8), .tournament(.pair(TournamentPair(tournament: "T1", allowRepeats: true))))
        ),
        (
            "client/tournament-result.json",
            ClientEnvelope(
                id: .number(9), .tournament(.result(TournamentResult(tournament: "T1", board: 2, result: "1/2"))))
        ),
        (
            "client/tournament-withdraw.json",
            ClientEnvelope(id: .number(10), .tournament(.withdraw(TournamentPlayers(tournament: "T1", name: "Minh"))))
        ),
        (
            "client/tournament-bye.json",
            ClientEnvelope(
                id: .number(11), .tournament(.bye(TournamentBye(tournament: "T1", name: "Lan", bye: "half"))))
        ),
        (
            "client/tournament-export.json",
            ClientEnvelope(
                id: .number(12),
                .tournament(.export(TournamentExportRequest(tournament: "T1", format: "trf", rounds: 2))))
        ),
        (
            "client/tournament-finish.json",
            ClientEnvelope(id: .number(13), .tournament(.finish(TournamentPlayers(tournament: "T1"))))
        ),
    ]

    static let points = PointValues(win: "1", draw: "0.5", loss: "0")

    static let tournamentHostFixtures: [(String, HostEnvelope)] = [
        ("host/teacher.json", HostEnvelope(re: .number(1), .teacher(TeacherRole()))),
        (
            "host/error-teacher-required.json",
            HostEnvelope(
                re: .number(9),
                .error(
                    ErrorMessage(
                        code: .teacherRequired,
                        message: "tournaments are the teacher's: send teacher with the code the host printed",
                        fatal: false)))
        ),
        (
            "host/error-no-valid-pairing.json",
            HostEnvelope(
                re: .number(8),
                .error(
                    ErrorMessage(
                        code: .noValidPairing,
                        message:
                            "round 4 cannot be paired: #1 has already met every other player to be paired. Choices: "
                            + "finish the tournament now; pair it letting players meet again (fewest repeats first); "
                            + "or mark a player absent for the round (a zero, half or full bye)",
                        fatal: false)))
        ),
        (
            "host/tournament.json",
            HostEnvelope(
                re: .number(7),
                .tournament(
                    TournamentUpdate(
                        tournament: TournamentInfo(
                            id: "T1", name: "Class 5B", game: "taxcollection", format: "swiss", status: "running",
                            round: 2,
                            rounds: 5, points: points, tiebreaks: ["DE", "BH-C1", "BH", "WIN"],
                            standings: [
                                StandingInfo(
                                    rank: 1, number: 1, name: "Lan", points: "1", tiebreaks: ["-", "0", "0", "1"]),
                                StandingInfo(
                                    rank: 2, number: 3, name: "Hoa", points: "1", tiebreaks: ["-", "0", "1", "0"]),
                                StandingInfo(
                                    rank: 3, number: 2, name: "Minh", points: "0", tiebreaks: ["-", "0", "1", "0"],
                                    status: "withdrawn"),
                            ],
                            boards: [
                                BoardInfo(
                                    board: 1, white: "Hoa", black: "Lan", whiteNumber: 3, blackNumber: 1, table: "t4")
                            ],
                            byes: [ByeInfo(name: "Minh", number: 2, bye: "zero")]))))
        ),
        (
            "host/tournaments.json",
            HostEnvelope(
                re: .number(2),
                .tournaments(
                    TournamentList(tournaments: [
                        TournamentInfo(
                            id: "T2", name: "Craps hour", game: "craps", format: "challenge", status: "running",
                            round: 0,
                            rounds: nil, points: points, tiebreaks: [], standings: [], boards: [], byes: [],
                            challenge: ChallengeInfo(
                                opensAt: 1_795_000_000_000, closesAt: 1_795_001_200_000,
                                leaderboard: [
                                    ChallengeLine(rank: 1, name: "Lan", best: 1250, plays: 3),
                                    ChallengeLine(rank: 2, name: "Minh", best: 900, plays: 1),
                                ]))
                    ])))
        ),
        (
            "host/go-to-table.json",
            HostEnvelope(
                .goToTable(
                    TableCall(
                        tournament: "T1", round: 2, table: "t4", seat: "B", opponent: "Hoa", startsInMs: 10_000)))
        ),
        (
            "host/tournament-export.json",
            HostEnvelope(
                re: .number(12),
                .tournamentExport(
                    TournamentExport(
                        tournament: "T1", format: "csv",
                        text: "rank,number,name,points,DE,BH-C1,BH,WIN,status\r\n1,1,Lan,1,-,0,0,1,\r\n")))
        ),
    ]
}
