import Classroom
import GameKit
import Peer
import Play
import Protocol
import ScreenKit
import TaxCollectionRules
import Testing

/// The networked board's core, driven without a network.
@Suite("TableClient: keys the session could not send")
struct TableClientTests {
    static func table(_ id: TableID, seatedA: PlayerID? = nil) -> HostEnvelope {
        HostEnvelope(
            .table(
                TableUpdate(
                    table: TableInfo(
                        id: id, game: "taxcollection", ruleSet: "classic", status: .waiting,
                        seats: [
                            SeatInfo(seat: "A", player: seatedA, name: seatedA == nil ? nil : "Lan"),
                            SeatInfo(seat: "B"),
                        ],
                        spectators: 0, graceSeconds: 120, onTimeout: .pause, match: 0))))
    }

    @Test("a new table asked for while not connected: the player is told, and no seat is taken later by surprise")
    func createWhileConnecting() {
        var client = TableClient(name: "Lan", screens: .classroom)
        let commands = client.press(.character("c"))
        #expect(commands == [.send(.createTable(CreateTable(game: "taxcollection")))])
        client.notSent(.createTable(CreateTable(game: "taxcollection")))
        #expect(client.lobby.notice?.text.contains("Not connected") == true)
        // NB: a table someone else opened, announced later, is not sat at as if it were ours.
        #expect(client.receive(Self.table("t7")) == [])
    }

    @Test("a table asked for and sent: its announcement is sat at")
    func createSent() {
        var client = TableClient(name: "Lan", screens: .classroom)
        _ = client.press(.character("c"))
        #expect(client.receive(Self.table("t1")) == [.send(.sit(Sit(table: "t1")))])
    }
}

/// A table in play, as the host would describe it to a client.
enum Scene {
    static let lan = PlayerID(rawValue: "p-lan")
    static let minh = PlayerID(rawValue: "p-minh")
    static let code = SeatCode(rawValue: "XVM5W-MJAAV")

    static func welcome(_ name: String, player: PlayerID, resumed: Bool = false) -> Welcome {
        Welcome(
            host: "Room 12", maxFrame: 65_536, idleTimeoutMs: 60_000, rateLimit: RateLimit(burst: 50, perSecond: 20),
            player: player, name: name, resumeToken: ResumeToken(rawValue: "t-\(name)"), games: [], resumed: resumed,
            seatCode: code)
    }

    static func info(
        _ status: TableStatus, awayB: Bool = false, seatedA: Bool = true, match: Int = 1,
        names: (String, String) = ("Lan", "Minh")
    ) -> TableInfo {
        TableInfo(
            id: "t1", game: "taxcollection", ruleSet: "classic", status: status,
            seats: [
                seatedA ? SeatInfo(seat: "A", player: lan, name: names.0) : SeatInfo(seat: "A"),
                SeatInfo(seat: "B", player: minh, name: names.1, away: awayB),
            ],
            spectators: 1, graceSeconds: 120, onTimeout: .pause, match: match)
    }

    static func table(_ info: TableInfo) -> HostEnvelope { HostEnvelope(.table(TableUpdate(table: info))) }

    static func start(_ state: GameState = GameState(), seq: Int = 0) -> HostEnvelope {
        HostEnvelope(
            .state(
                MatchUpdate(
                    table: "t1", match: 1, seq: seq, turn: state.turn.rawValue, status: .playing,
                    state: JSONValue.encoding(state), hash: state.stateHash)))
    }

    /// A client seated at A of a playing table, the first state shown.
    static func seated(size: TerminalSize = .standard) -> TableClient {
        var client = TableClient(name: "Lan", screens: .classroom, stepSeconds: 0)
        client.terminalSize = size
        _ = client.connected(welcome("Lan", player: lan))
        _ = client.receive(table(info(.playing)))
        _ = client.receive(start())
        return client
    }

    /// A watcher of t1, the first state shown.
    static func watching(_ info: TableInfo = Scene.info(.playing)) -> TableClient {
        var client = TableClient(
            name: "Teacher", intent: .watch("t1"), watching: true, screens: .classroom, stepSeconds: 0)
        _ = client.connected(welcome("Teacher", player: PlayerID(rawValue: "p-teacher")))
        _ = client.receive(table(info))
        _ = client.receive(start())
        return client
    }
}

@Suite("TableClient: the watcher")
struct WatcherTests {
    @Test("in the lobby Enter watches the table and c opens none: a watcher never sits down")
    func neverSits() {
        var client = TableClient(name: "Teacher", watching: true, screens: .classroom)
        _ = client.connected(Scene.welcome("Teacher", player: PlayerID(rawValue: "p-t")))
        _ = client.receive(HostEnvelope(.tables(TableList(tables: [Scene.info(.waiting, seatedA: false)]))))
        #expect(client.press(.enter) == [.send(.watch(TableRequest(table: "t1")))])
        #expect(client.press(.character("c")).isEmpty)
        #expect(client.lobby.frame(width: 80, height: 24).text.contains("Enter watch"))
        #expect(!client.lobby.frame(width: 80, height: 24).text.contains("Enter sit"))
    }

    @Test("watch --table t9 at a host without it: one line that says so, and nothing else happens")
    func noSuchTable() {
        var client = TableClient(name: "Teacher", intent: .watch("t9"), watching: true, screens: .classroom)
        #expect(
            client.connected(Scene.welcome("Teacher", player: PlayerID(rawValue: "p-t"))) == [
                .send(.watch(TableRequest(table: "t9")))
            ])
        let refusal = HostEnvelope(
            .error(ErrorMessage(code: .noSuchTable, message: "there is no table t9", fatal: false)))
        #expect(
            client.receive(refusal) == [
                .fail("there is no table t9 at this host; tcnet watch without --table picks one")
            ])
    }

    @Test("no table at all to watch: one line that says so")
    func nothingToWatch() {
        var client = TableClient(name: "Teacher", intent: .watch(nil), watching: true, screens: .classroom)
        #expect(
            client.connected(Scene.welcome("Teacher", player: PlayerID(rawValue: "p-t"))) == [
                .send(.tables(TablesRequest()))
            ])
        let commands = client.receive(HostEnvelope(.tables(TableList(tables: []))))
        #expect(commands == [.fail("this host has no table to watch yet; try again once a match has started")])
    }

    @Test("a watcher's own key bar and messages: no select, refill or rematch keys; a rematch offer without 'press n'")
    func ownKeys() {
        var client = Scene.watching()
        let text = client.frame(width: 80, height: 24).text
        #expect(text.contains("q back to the lobby"))
        for key in ["select a bank", "refill", "rematch"] { #expect(!text.contains(key), "\(key)") }
        _ = client.receive(HostEnvelope(.rematchOffered(OfferNotice(table: "t1", seat: "B"))))
        let offered = client.frame(width: 80, height: 24).text
        #expect(offered.contains("Minh offers a rematch"))
        #expect(!offered.contains("press n"))
    }

    @Test("arriving while a player is away: the away label with the time left; at a paused table, the pause")
    func presenceOnArrival() {
        var client = Scene.watching(Scene.info(.playing, awayB: true))
        _ = client.receive(
            HostEnvelope(
                .away(PresenceNotice(table: "t1", seat: "B", player: Scene.minh, name: "Minh", graceMs: 75_000))))
        _ = client.tick(now: 0.5)
        #expect(client.frame(width: 80, height: 24).text.contains("away: 1:15 held"))
        var paused = Scene.watching(Scene.info(.paused, awayB: true))
        _ = paused.receive(
            HostEnvelope(.away(PresenceNotice(table: "t1", seat: "B", player: Scene.minh, name: "Minh", graceMs: 0))))
        let text = paused.frame(width: 80, height: 24).text
        #expect(text.contains("The match is paused until Minh is back"))
        #expect(text.contains("away · paused"))
    }

    @Test("a table paused by the host's full disk says so, and the pause ends with the table's next status")
    func diskFullPause() {
        var full = Scene.info(.paused)
        full.pausedBy = .diskFull
        var client = Scene.watching(full)
        #expect(client.frame(width: 100, height: 24).text.contains("the host's disk is full"))
        _ = client.receive(HostEnvelope(.table(TableUpdate(table: Scene.info(.playing)))))
        #expect(!client.frame(width: 100, height: 24).text.contains("disk is full"))
    }

    @Test("after a host restart the watcher's session is new: it watches the same table again")
    func reattaches() {
        var client = Scene.watching()
        let commands = client.connected(Scene.welcome("Teacher", player: PlayerID(rawValue: "p-new"), resumed: false))
        #expect(commands == [.send(.watch(TableRequest(table: "t1")))])
        #expect(client.atTable)
    }

    @Test("q goes back to the lobby, and q in the lobby quits")
    func qGoesToTheLobby() {
        var client = Scene.watching()
        #expect(
            client.press(.character("q")) == [
                .send(.leave(TableRequest(table: "t1"))), .send(.tables(TablesRequest())),
            ])
        #expect(!client.atTable)
        #expect(client.press(.character("q")) == [.quit(nil)])
    }
}

@Suite("TableClient: a player's seat, keys and screen")
struct SeatedClientTests {
    @Test("q at a table, after the match: leaves the seat and goes back to the lobby")
    func qLeaves() {
        var client = Scene.seated()
        _ = client.press(.character("q"))
        // NB: during a match the board asks first; y confirms.
        #expect(
            client.press(.character("y")) == [
                .send(.leave(TableRequest(table: "t1"))), .send(.tables(TablesRequest())),
            ])
        #expect(!client.atTable && client.seat == nil)
        #expect(client.lobby.notice?.text == "You left table t1")
    }

    @Test("what the host says about the match just left does not take the player back to it")
    func leftForGood() {
        var client = Scene.seated()
        _ = client.press(.character("q"))
        _ = client.press(.character("y"))
        let over = MatchResult(winner: "B", reason: "resigned")
        _ = client.receive(
            HostEnvelope(
                .state(
                    MatchUpdate(
                        table: "t1", match: 1, seq: 0, turn: nil, status: .over, state: JSONValue.encoding(GameState()),
                        hash: GameState().stateHash, result: over))))
        #expect(client.receive(Scene.table(Scene.info(.over))).isEmpty)
        #expect(client.receive(Scene.table(Scene.info(.waiting, seatedA: false))).isEmpty)
        #expect(!client.atTable)
        #expect(client.lobby.notice?.text == "You left table t1")
    }

    @Test("Ctrl-C at a table quits at once and keeps the seat: no leave, and a line that says how to come back")
    func interruptKeepsTheSeat() {
        var client = Scene.seated()
        let commands = client.press(.interrupt)
        #expect(
            commands == [
                .quit(
                    "Your seat at table t1 is held for 2 min: run the same command again to go back, "
                        + "or on another machine: "
                        + "tcnet join HOST --resume XVM5W-MJAAV")
            ])
    }

    @Test("while the terminal is too small the board is hidden and keys wait; enlarged, they act again")
    func tooSmall() {
        var client = Scene.seated(size: TerminalSize(width: 60, height: 20))
        #expect(client.frame(width: 60, height: 20).text.contains("the board needs 80x24"))
        #expect(client.press(.character("3")).isEmpty)
        #expect(client.press(.down).isEmpty)
        #expect(client.press(.character("q")).isEmpty)
        client.terminalSize = .standard
        #expect(client.press(.character("3")).isEmpty)
        #expect(
            client.press(.down) == [
                .send(
                    .move(
                        MoveRequest(
                            table: "t1", seq: 0,
                            move: JSONValue.encoding(TaxCollectionRules.Move.sow(bank: 3, direction: .down)))))
            ])
    }

    @Test("the seat code is shown when the player sits down, and on the rules page")
    func seatCodeShown() {
        var client = TableClient(name: "Lan", screens: .classroom, stepSeconds: 0)
        _ = client.connected(Scene.welcome("Lan", player: Scene.lan))
        _ = client.receive(Scene.table(Scene.info(.waiting)))
        let waiting = client.frame(width: 80, height: 24).text
        #expect(waiting.contains("Seat code XVM5W-MJAAV: it takes your seat back from any machine (? shows it)"))
        #expect(waiting.contains("your seat code"))
        _ = client.receive(Scene.start())
        #expect(!client.frame(width: 80, height: 24).text.contains("XVM5W-MJAAV"))
        _ = client.press(.character("?"))
        #expect(client.frame(width: 80, height: 24).text.contains("tcnet join HOST --resume XVM5W-MJAAV"))
    }

    @Test("a host that lost the player's session: back to the lobby, saying the seat is gone")
    func seatLost() {
        var client = Scene.seated()
        let commands = client.connected(Scene.welcome("Lan", player: PlayerID(rawValue: "p-other"), resumed: false))
        #expect(commands == [.send(.tables(TablesRequest()))])
        #expect(!client.atTable)
        #expect(client.lobby.notice?.text == "The host no longer holds your seat at table t1; pick a table")
    }

    @Test(
        "a relaunched client that resumes (a kept token, or --resume) is put back at its seat's table"
    )
    func resumedFromNothing() {
        var client = TableClient(name: "", screens: .classroom, stepSeconds: 0)
        #expect(
            client.connected(Scene.welcome("Lan", player: Scene.lan, resumed: true)) == [
                .send(.tables(TablesRequest()))
            ])
        #expect(client.receive(Scene.table(Scene.info(.playing))).isEmpty)
        _ = client.receive(Scene.start())
        #expect(client.atTable && client.seat == "A")
        #expect(client.frame(width: 80, height: 24).text.contains("Lan (A) · you"))
    }

    @Test("a seat freed by the teacher: back to the lobby")
    func seatFreed() {
        var client = Scene.seated()
        #expect(client.receive(Scene.table(Scene.info(.waiting, seatedA: false))) == [.send(.tables(TablesRequest()))])
        #expect(client.lobby.notice?.text == "You no longer sit at table t1")
    }
}
