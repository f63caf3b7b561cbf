import Foundation
import Protocol
import TestScheduling
import Testing

/// The wire shape of every message, frozen: each fixture decodes to the value beside it, and that
/// value encodes back to the same JSON.
@Suite("Golden fixtures", .offThePool)
struct GoldenFixtureTests {
    static let clientFixtures: [(String, ClientEnvelope)] = [
        ("client/hello.json", ClientEnvelope(id: .number(1), .hello(Hello(name: "Lan", client: "tcnet-swift/0.1.0")))),
        ("client/hello-minimal.json", ClientEnvelope(.hello(Hello(name: "Minh")))),
        ("client/ping.json", ClientEnvelope(id: .string("p-17"), .ping(Ping()))),
        ("client/players.json", ClientEnvelope(id: .number(2), .players(PlayersRequest()))),
        ("client/players-page.json", ClientEnvelope(id: .number(14), .players(PlayersRequest(after: "2", limit: 2)))),
        (
            "client/hello-resume.json",
            ClientEnvelope(
                id: .number(1),
                .hello(
                    Hello(
                        name: "Lan", client: "tcnet-swift/0.1.0",
                        resume: ResumeToken(
                            rawValue: "9c1d6f0a4b7e2c5d8f1a3b6c9d2e5f8a1b4c7d0e3f6a9b2c5d8e1f4a7b0c3d6e"))))
        ),
        (
            "client/hello-seat-code.json",
            ClientEnvelope(
                id: .number(1),
                .hello(Hello(name: "", client: "tcnet-swift/0.1.0", seatCode: SeatCode(rawValue: "XVM5W-MJAAV"))))
        ),
        (
            "client/create-table.json",
            ClientEnvelope(
                id: .number(2),
                .createTable(
                    CreateTable(game: "taxcollection", ruleSet: "classic", graceSeconds: 120, onTimeout: .pause)))
        ),
        (
            "client/create-table-options.json",
            ClientEnvelope(
                id: .number(3), .createTable(CreateTable(game: "craps", seats: 3, options: ["decisions": .number(20)])))
        ),
        ("client/sit-bot.json", ClientEnvelope(id: .number(5), .sit(Sit(table: "t2", seat: "P3", bot: "steady")))),
        ("client/tables.json", ClientEnvelope(id: .number(3), .tables(TablesRequest()))),
        ("client/sit.json", ClientEnvelope(id: .number(4), .sit(Sit(table: "t1", seat: "A")))),
        ("client/ready.json", ClientEnvelope(id: .number(5), .ready(TableRequest(table: "t1")))),
        ("client/leave.json", ClientEnvelope(id: .number(6), .leave(TableRequest(table: "t1")))),
        ("client/watch.json", ClientEnvelope(id: .number(7), .watch(TableRequest(table: "t1")))),
        (
            "client/move.json",
            ClientEnvelope(
                id: .number(8),
                .move(
                    MoveRequest(table: "t1", seq: 0, move: .object(["bank": .number(5), "direction": .string("down")])))
            )
        ),
        (
            "client/move-refill.json",
            ClientEnvelope(
                id: .number(9), .move(MoveRequest(table: "t1", seq: 12, move: .object(["refill": .bool(true)]))))
        ),
        ("client/sync.json", ClientEnvelope(id: .number(10), .sync(TableRequest(table: "t1")))),
        ("client/resign.json", ClientEnvelope(id: .number(11), .resign(TableRequest(table: "t1")))),
        ("client/offer-draw.json", ClientEnvelope(id: .number(12), .offerDraw(TableRequest(table: "t1")))),
        ("client/rematch.json", ClientEnvelope(id: .number(13), .rematch(TableRequest(table: "t1")))),
    ]

    static let lan = PlayerID(rawValue: "p-3fa81c09d2e4")
    static let minh = PlayerID(rawValue: "p-81d2e4c09a3f")

    static func json(_ text: String) -> JSONValue {
        (try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))) ?? .null
    }

    static let startState = json(
        #"{"banks":{"A":[5,5,5,5,5],"B":[5,5,5,5,5]},"bottom":10,"collections":{"A":0,"B":0},"#
            + #""debts":{"A":0,"B":0},"phase":"sow","rules":"classic","top":10,"turn":"A","turns":0,"winner":null}"#
    )
    static let afterState = json(
        #"{"banks":{"A":[6,6,6,6,0],"B":[0,6,6,6,6]},"bottom":0,"collections":{"A":11,"B":0},"#
            + #""debts":{"A":0,"B":0},"phase":"sow","rules":"classic","top":11,"turn":"B","turns":1,"winner":null}"#
    )
    static let afterHash = "93a21292ab345b8244aa64c5084190a838bab7f31b0cb39ac13286e417710e89"
    static let playingTable = TableInfo(
        id: "t1", game: "taxcollection", ruleSet: "classic", status: .playing,
        seats: [
            SeatInfo(seat: "A", player: lan, name: "Lan", ready: false, away: false),
            SeatInfo(seat: "B", player: minh, name: "Minh", ready: false, away: true),
        ],
        spectators: 1, graceSeconds: 120, onTimeout: .pause, match: 1)

    static let hostFixtures: [(String, HostEnvelope)] = [
        (
            "host/welcome.json",
            HostEnvelope(
                re: .number(1),
                .welcome(
                    Welcome(
                        host: "Room 12", maxFrame: 65_536, idleTimeoutMs: 60_000,
                        rateLimit: RateLimit(burst: 50, perSecond: 20), player: PlayerID(rawValue: "p-3fa81c09d2e4"),
                        name: "Lan",
                        resumeToken: ResumeToken(
                            rawValue: "9c1d6f0a4b7e2c5d8f1a3b6c9d2e5f8a1b4c7d0e3f6a9b2c5d8e1f4a7b0c3d6e"),
                        games: [
                            GameInfo(
                                id: "taxcollection", name: "Tax Collection", seats: ["A", "B"],
                                ruleSets: ["classic", "young-treasury", "small-treasury", "short", "no-borrowing"],
                                bots: ["random", "greedy", "strong"])
                        ], seatCode: SeatCode(rawValue: "XVM5W-MJAAV"))))
        ),
        (
            "host/error-name-away.json",
            HostEnvelope(
                re: .number(1),
                .error(
                    ErrorMessage(
                        code: .nameAway, message: "Lan is away from table t1; if that is you, use your seat code",
                        fatal: false)))
        ),
        (
            "host/error-bad-seat-code.json",
            HostEnvelope(
                re: .number(1),
                .error(
                    ErrorMessage(
                        code: .badSeatCode,
                        message:
                            "no player on this host has that seat code; check it (the ? page of your board shows it) "
                            + "or ask the teacher", fatal: false)))
        ),
        (
            "host/error.json",
            HostEnvelope(
                re: .number(2),
                .error(ErrorMessage(code: .unknownType, message: "no message has type \"dance\"", fatal: false)))
        ),
        (
            "host/error-unsupported-protocol.json",
            HostEnvelope(
                re: .number(1),
                .error(
                    ErrorMessage(
                        code: .unsupportedProtocol, message: "this host speaks tcnet/1, not tcnet/2", fatal: true,
                        supported: [1])))
        ),
        (
            "host/error-rate-limited.json",
            HostEnvelope(
                re: .number(77),
                .error(
                    ErrorMessage(
                        code: .rateLimited,
                        message: "too many messages: at most 50 at once and 20 a second; this one was dropped",
                        fatal: false, retryAfterMs: 50)))
        ),
        (
            "host/error-frame-too-large.json",
            HostEnvelope(
                .error(
                    ErrorMessage(
                        code: .frameTooLarge,
                        message: "a frame header announced 10000000 bytes, more than the limit of 65536",
                        fatal: true)))
        ),
        ("host/pong.json", HostEnvelope(re: .string("p-17"), .pong(Pong()))),
        (
            "host/players.json",
            HostEnvelope(
                re: .number(2),
                .players(
                    PlayerList(players: [
                        PlayerSummary(id: PlayerID(rawValue: "p-3fa81c09d2e4"), name: "Lan"),
                        PlayerSummary(id: PlayerID(rawValue: "p-81d2e4c09a3f"), name: "Minh"),
                    ])))
        ),
        (
            "host/players-page.json",
            HostEnvelope(
                re: .number(14),
                .players(
                    PlayerList(
                        players: [
                            PlayerSummary(id: PlayerID(rawValue: "p-5b7e2c09d1a4"), name: "Bảo"),
                            PlayerSummary(id: PlayerID(rawValue: "p-c4e1a9f03b72"), name: "Chi"),
                        ], next: "4")))
        ),
        (
            "host/table.json",
            HostEnvelope(
                re: .number(4),
                .table(
                    TableUpdate(
                        table: TableInfo(
                            id: "t1", game: "taxcollection", ruleSet: "classic", status: .waiting,
                            seats: [SeatInfo(seat: "A", player: lan, name: "Lan", ready: true), SeatInfo(seat: "B")],
                            spectators: 0, graceSeconds: 120, onTimeout: .pause, match: 0))))
        ),
        ("host/tables.json", HostEnvelope(re: .number(3), .tables(TableList(tables: [playingTable])))),
        (
            "host/table-bot.json",
            HostEnvelope(
                re: .number(5),
                .table(
                    TableUpdate(
                        table: TableInfo(
                            id: "t2", game: "craps", ruleSet: "classic", status: .waiting,
                            seats: [
                                SeatInfo(seat: "P1", player: lan, name: "Lan", ready: true), SeatInfo(seat: "P2"),
                                SeatInfo(seat: "P3", name: "steady bot", ready: true, bot: "steady"),
                            ],
                            spectators: 0, graceSeconds: 120, onTimeout: .pause, match: 0,
                            options: ["decisions": .number(20)]))))
        ),
        (
            "host/table-paused-disk-full.json",
            HostEnvelope(
                .table(
                    TableUpdate(
                        table: TableInfo(
                            id: "t1", game: "taxcollection", ruleSet: "classic", status: .paused,
                            seats: [
                                SeatInfo(seat: "A", player: lan, name: "Lan"),
                                SeatInfo(seat: "B", player: minh, name: "Minh"),
                            ],
                            spectators: 0, graceSeconds: 120, onTimeout: .pause, match: 1, pausedBy: .diskFull))))
        ),
        (
            "host/error-disk-full.json",
            HostEnvelope(
                re: .number(21),
                .error(
                    ErrorMessage(
                        code: .diskFull,
                        message:
                            "the host's disk is full, so it cannot save anything; the teacher must free space on the "
                            + "host (the games go on by themselves then)",
                        fatal: false)))
        ),
        (
            "host/error-invalid-option.json",
            HostEnvelope(
                re: .number(3),
                .error(
                    ErrorMessage(
                        code: .invalidOption, message: "option decisions must be from 0 to 100, not 500", fatal: false,
                        option: "decisions")))
        ),
        (
            "host/state-start.json",
            HostEnvelope(
                .state(
                    MatchUpdate(
                        table: "t1", match: 1, seq: 0, turn: "A", status: .playing, state: startState,
                        hash: "9159cd665775769284f7dcd1ec73a77f74853c8cd59ee6f598e5d625978a73fb")))
        ),
        (
            "host/state-move.json",
            HostEnvelope(
                re: .number(8),
                .state(
                    MatchUpdate(
                        table: "t1", match: 1, seq: 1, turn: "B", status: .playing, state: afterState, hash: afterHash,
                        last: PlayedMove(seat: "A", move: json(#"{"bank":5,"direction":"down"}"#)),
                        events: json(
                            #"[{"count":5,"square":"A5","type":"picked-up"},"#
                                + #"{"square":"bottom","type":"dropped"},{"square":"B5","type":"dropped"},"#
                                + #"{"square":"B4","type":"dropped"},{"square":"B3","type":"dropped"},"#
                                + #"{"square":"B2","type":"dropped"},{"count":5,"square":"B1","type":"relayed"},"#
                                + #"{"square":"top","type":"dropped"},{"square":"A1","type":"dropped"},"#
                                + #"{"square":"A2","type":"dropped"},{"square":"A3","type":"dropped"},"#
                                + #"{"square":"A4","type":"dropped"},"#
                                + #"{"chain":1,"count":11,"seat":"A","square":"bottom","type":"captured"},"#
                                + #"{"reason":"captured","square":"bottom","type":"stopped"},"#
                                + #"{"seat":"B","type":"turn-passed"}]"#
                        ).arrayValue)))
        ),
        (
            "host/state-resigned.json",
            HostEnvelope(
                re: .number(11),
                .state(
                    MatchUpdate(
                        table: "t1", match: 1, seq: 1, turn: nil, status: .over, state: afterState, hash: afterHash,
                        result: MatchResult(
                            winner: "A", reason: "resigned",
                            standings: [
                                Standing(seat: "A", score: 11, rank: 1), Standing(seat: "B", score: 0, rank: 2),
                            ]))))
        ),
        (
            "host/state-sound.json",
            HostEnvelope(
                .state(
                    MatchUpdate(
                        table: "t2", match: 1, seq: 0, turn: "S", status: .playing,
                        state: json(
                            #"{"challenge":{"sound":1},"#
                                + #""deadline":1700000120000,"list":"first-grade","lives":3,"marked":[],"#
                                + #""misses":0,"mode":"hear","number":1,"score":0,"seat":"S","solved":[]}"#
                        ),
                        hash: "f5eae5de653d5632662b57b502e38638c690a1deae2a9a1dc95a27935893b592", timeLeftMs: 120_000,
                        sound: SoundClip(
                            format: "wav",
                            data: "UklGRjQAAABXQVZFZm10IBIAAAAHAAEAESsAABErAAABAAgAAABmYWN0BAAAAAIAAABkYXRhAgAAAP//"))))
        ),
        (
            "host/state-board.json",
            HostEnvelope(
                re: .number(14),
                .state(
                    MatchUpdate(
                        table: "t2", match: 1, seq: 9, turn: nil, status: .over,
                        state: json(
                            #"{"challenge":{"choices":["blak","black","blac"]},"#
                                + #""deadline":1700000120000,"list":"first-grade","lives":0,"marked":[0],"misses":4,"#
                                + #""mode":"pick","number":4,"over":"out-of-lives","score":3,"seat":"S","#
                                + #""solved":["come","red","help"]}"#
                        ),
                        hash: "c989771c60347fd270f996c199ac24cd0e2a6c44dc20e8b9e9dae85348bf859d",
                        last: PlayedMove(seat: "S", move: json(#"{"pick":0,"right":false}"#)),
                        events: json(#"[{"event":"wrong","lives":0},{"event":"out-of-lives"}]"#).arrayValue,
                        result: MatchResult(
                            winner: nil, reason: "out-of-lives", standings: [Standing(seat: "S", score: 3, rank: 1)]),
                        board: HighScores(
                            top: [
                                HighScore(rank: 1, name: "Ben", score: 7, games: 2),
                                HighScore(rank: 2, name: "Lan", score: 3, games: 1),
                                HighScore(rank: 2, name: "Minh", score: 3, games: 4),
                            ],
                            place: 2, names: 3))))
        ),
        (
            "host/away.json",
            HostEnvelope(.away(PresenceNotice(table: "t1", seat: "B", player: minh, name: "Minh", graceMs: 120_000)))
        ),
        ("host/back.json", HostEnvelope(.back(PresenceNotice(table: "t1", seat: "B", player: minh, name: "Minh")))),
        ("host/draw-offered.json", HostEnvelope(re: .number(12), .drawOffered(OfferNotice(table: "t1", seat: "A")))),
        ("host/rematch-offered.json", HostEnvelope(.rematchOffered(OfferNotice(table: "t1", seat: "B")))),
        (
            "host/error-illegal-move.json",
            HostEnvelope(
                re: .number(9),
                .error(
                    ErrorMessage(
                        code: .illegalMove, message: "Click this button only when all your Banks are empty",
                        fatal: false,
                        rule: "refill-not-allowed")))
        ),
        (
            "host/error-stale-seq.json",
            HostEnvelope(
                re: .number(8),
                .error(
                    ErrorMessage(
                        code: .staleSeq, message: "the move was made on state 0; the current state is 1", fatal: false,
                        expected: 1)))
        ),
    ]

    @Test(
        "client message fixtures decode and re-encode unchanged",
        arguments: Self.clientFixtures + Self.tournamentClientFixtures)
    func clientFixture(name: String, expected: ClientEnvelope) throws {
        let fixture = try Fixtures.bytes(name)
        let decoded = try WireCodec.decodeClient(fixture).get()
        #expect(decoded == expected)
        try Fixtures.expectSameJSON(WireCodec.payload(decoded), fixture)
    }

    @Test(
        "host message fixtures decode and re-encode unchanged",
        arguments: Self.hostFixtures + Self.tournamentHostFixtures)
    func hostFixture(name: String, expected: HostEnvelope) throws {
        let fixture = try Fixtures.bytes(name)
        let decoded = try WireCodec.decodeHost(fixture).get()
        #expect(decoded == expected)
        try Fixtures.expectSameJSON(WireCodec.payload(decoded), fixture)
    }

    @Test("every message type has a fixture")
    func everyTypeHasAFixture() {
        let clientTypes = Set((Self.clientFixtures + Self.tournamentClientFixtures).map(\.1.message.type))
        let hostTypes = Set((Self.hostFixtures + Self.tournamentHostFixtures).map(\.1.message.type))
        #expect(
            clientTypes == [
                "hello", "ping", "players", "create-table", "tables", "sit", "ready", "leave", "watch", "move", "sync",
                "resign", "offer-draw", "rematch", "teacher", "tournaments", "tournament-create", "tournament-register",
                "tournament-unregister", "tournament-start", "tournament-pair", "tournament-result",
                "tournament-withdraw",
                "tournament-bye", "tournament-export", "tournament-finish",
            ])
        #expect(
            hostTypes == [
                "welcome", "error", "pong", "players", "table", "tables", "state", "away", "back", "draw-offered",
                "rematch-offered", "teacher", "tournament", "tournaments", "go-to-table", "tournament-export",
            ])
    }

    @Test("the same message always encodes to the same bytes, keys sorted")
    func deterministicEncoding() throws {
        let envelope = Self.hostFixtures[0].1
        let first = WireCodec.payload(envelope)
        #expect(first == WireCodec.payload(envelope))
        let text = String(decoding: first, as: UTF8.self)
        #expect(text.hasPrefix("{\"games\":"))
    }
}

/// Reads the fixtures shipped with the tests.
enum Fixtures {
    static func bytes(_ name: String) throws -> [UInt8] {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/" + name, withExtension: nil))
        return Array(try Data(contentsOf: url))
    }

    /// Expects two JSON texts to hold the same value, whatever their key order and spacing.
    static func expectSameJSON(_ actual: [UInt8], _ expected: [UInt8]) throws {
        let lhs = try JSONSerialization.jsonObject(with: Data(actual)) as? NSDictionary
        let rhs = try JSONSerialization.jsonObject(with: Data(expected)) as? NSDictionary
        #expect(lhs != nil && lhs == rhs, "\(String(decoding: actual, as: UTF8.self))")
    }
}
