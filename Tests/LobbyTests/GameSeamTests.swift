import GameKit
import Lobby
import Protocol
import TaxCollectionRules
import TestSupport
import Testing

/// The game plug-in boundary, each capability exercised through the lobby with a test game that
/// uses it (``DiceRace``; the filters for hidden information are in HiddenInformationTests).
@Suite("Lobby: the game seam (GameKit)", .offThePool)
struct GameSeamTests {
    static let catalog = GameCatalog([TaxCollectionGame.self, DiceRace.self])

    /// Three players at a new Dice Race table, all ready; returns the table and their connections.
    static func race(
        _ harness: inout LobbyHarness, seats: Int = 3, options: [String: JSONValue]? = nil
    ) -> (table: TableID, players: [ConnectionID]) {
        let names = ["Lan", "Minh", "Hoa", "Tuan"].prefix(seats)
        let players = names.map { harness.connect($0) }
        harness.send(.createTable(CreateTable(game: "dicerace", seats: seats, options: options)), from: players[0])
        let table = harness.take(players[0]).compactMap(\.tableInfo).last!.id
        for player in players {
            harness.send(.sit(Sit(table: table)), from: player)
        }
        for player in players {
            harness.send(.ready(TableRequest(table: table)), from: player)
        }
        return (table, players)
    }

    static func roll(_ harness: inout LobbyHarness, _ table: TableID, from player: ConnectionID) -> HostEnvelope? {
        let seq = harness.lobby.matchSeq(of: table) ?? 0
        harness.send(
            .move(MoveRequest(table: table, seq: seq, move: JSONValue.encoding(DiceRace.Move(roll: true)))),
            from: player, id: 40)
        return harness.take(player).first { $0.re == .number(40) }
    }

    @Test("a table has the seats it asks for, within the game's counts; the default otherwise")
    func seatCounts() throws {
        var harness = LobbyHarness(catalog: Self.catalog)
        let lan = harness.connect("Lan")
        _ = harness.take(lan)
        for (game, seats, expected) in [
            ("dicerace", nil, ["P1", "P2", "P3"]), ("dicerace", 1, ["P1"]), ("dicerace", 4, ["P1", "P2", "P3", "P4"]),
            ("taxcollection", nil, ["A", "B"]),
        ] as [(String, Int?, [String])] {
            harness.send(.createTable(CreateTable(game: game, seats: seats)), from: lan)
            #expect(harness.take(lan).first?.tableInfo?.seats.map(\.seat) == expected)
        }
        for (game, seats) in [("dicerace", 0), ("dicerace", 5), ("taxcollection", 3), ("taxcollection", 1)] {
            harness.send(.createTable(CreateTable(game: game, seats: seats)), from: lan)
            let refusal = try #require(harness.take(lan).first?.error)
            #expect(refusal.code == .invalidSetting)
            #expect(refusal.message.contains("not \(seats)"))
        }
    }

    @Test("options are checked against their declarations and the game; a refusal names the option")
    func options() throws {
        var harness = LobbyHarness(catalog: Self.catalog)
        let lan = harness.connect("Lan")
        _ = harness.take(lan)
        let refused: [([String: JSONValue], Int, String)] = [
            (["colour": .string("red")], 3, "colour"),
            (["target": .number(12)], 3, "target"),
            (["target": .number(55)], 3, "target"),
            (["target": .string("high")], 3, "target"),
            (["clock": .number(1)], 3, "clock"),
            (["clock": .bool(true), "target": .number(45)], 1, "target"),
            (["clock": .null], 3, "clock"),
        ]
        for (options, seats, option) in refused {
            harness.send(.createTable(CreateTable(game: "dicerace", seats: seats, options: options)), from: lan)
            let refusal = try #require(harness.take(lan).first?.error, "\(options)")
            #expect(refusal.code == .invalidOption)
            #expect(refusal.option == option)
            #expect(refusal.message.contains(option))
        }
        harness.send(.tables(TablesRequest()), from: lan)
        guard case .tables(let list) = harness.take(lan).first?.message else { throw ExpectedMessage("tables") }
        #expect(list.tables.isEmpty, "no refused request created a table")

        harness.send(.createTable(CreateTable(game: "dicerace", options: ["target": .number(35)])), from: lan)
        let table = try #require(harness.take(lan).first?.tableInfo)
        #expect(table.options == ["target": .number(35), "clock": .bool(false)])
        harness.send(.createTable(CreateTable(game: "taxcollection", options: ["target": .number(35)])), from: lan)
        #expect(harness.take(lan).first?.error?.option == "target", "Tax Collection has no options at all")
    }

    @Test("several seats may move in the same step: state lists them in toAct, and any of them may move")
    func simultaneous() throws {
        var harness = LobbyHarness(catalog: Self.catalog)
        let (table, players) = Self.race(&harness)
        let first = harness.lastState(players[0])
        let start = try #require(first)
        #expect(start.toAct == ["P1", "P2", "P3"])
        #expect(start.turn == nil)
        let second = try #require(Self.roll(&harness, table, from: players[1])?.state, "P2 may roll before P1")
        #expect(second.toAct == ["P1", "P3"])
        #expect(second.last?.seat == "P2")
        let again = try #require(Self.roll(&harness, table, from: players[1])?.error)
        #expect(again.code == .notYourTurn)
        _ = Self.roll(&harness, table, from: players[0])
        let round = try #require(Self.roll(&harness, table, from: players[2])?.state)
        #expect(round.toAct == ["P1", "P2", "P3"], "a new round")
        // NB: Tax Collection is not simultaneous: its states carry turn, never toAct.
        var tax = LobbyHarness()
        let (_, a, _) = tax.startMatch()
        tax.send(.sync(TableRequest(table: "t1")), from: a)
        let synced = tax.lastState(a)
        let taxState = try #require(synced)
        #expect(taxState.toAct == nil)
        #expect(taxState.turn == "A")
    }

    @Test("the host draws the dice from the match's journalled secret: a restarted lobby draws the same ones")
    func randomnessReplays() throws {
        var harness = LobbyHarness(catalog: Self.catalog)
        let (table, players) = Self.race(&harness, options: ["target": .number(50)])
        var dice: [Int] = []
        for player in players + players {
            let state = try #require(Self.roll(&harness, table, from: player)?.state)
            dice.append(try #require(state.last).move.decode(as: DiceRace.Move.self).die ?? 0)
        }
        #expect(dice.allSatisfy { (1...6).contains($0) })
        #expect(Set(dice).count > 1, "six rolls are not all the same")
        let journalled = harness.journal.compactMap { entry -> Int? in
            guard case .move(let record) = entry else { return nil }
            return try? record.move.decode(as: DiceRace.Move.self).die
        }
        #expect(journalled == dice, "the journal keeps the completed moves, dice included")

        var restored = LobbyHarness(catalog: Self.catalog)
        restored.lobby = try Lobby(
            restoring: harness.snapshot, configuration: LobbyHarness.configuration(catalog: Self.catalog),
            now: harness.now)
        #expect(restored.lobby.matchHash(of: table) == harness.lobby.matchHash(of: table))
        // The next rolls, in both: the same dice, because they come from the journalled secret.
        var original = harness
        let tokens = players.map { harness.tokens[$0]! }
        let resumed = tokens.enumerated().map { restored.connect("x\($0.offset)", resume: $0.element) }
        for (player, again) in zip(players, resumed) {
            let first = try #require(Self.roll(&original, table, from: player)?.state?.last)
            let second = try #require(Self.roll(&restored, table, from: again)?.state?.last)
            #expect(first.move == second.move)
        }
    }

    @Test("a game's deadline: the host's own move at that time, journalled; a move after it is not-playing")
    func deadline() throws {
        var harness = LobbyHarness(catalog: Self.catalog)
        harness.now = LobbyTime(milliseconds: 1_700_000_000_000)
        let (table, players) = Self.race(&harness, options: ["clock": .bool(true)])
        let first = harness.lastState(players[0])
        let start = try #require(first)
        #expect(start.timeLeftMs == 60_000)
        harness.advance(seconds: 59)
        #expect(harness.take(players[0]).compactMap(\.state).isEmpty, "nothing before the deadline")
        #expect(Self.roll(&harness, table, from: players[0])?.state?.timeLeftMs == 1_000)

        // A host restarted from this journal a moment before the deadline keeps it: it does not restart the clock.
        let snapshot = harness.snapshot
        let later = harness.now.adding(milliseconds: 500)
        let restored = try Lobby(
            restoring: snapshot, configuration: LobbyHarness.configuration(catalog: Self.catalog), now: later)
        #expect(restored.nextDeadline == LobbyTime(milliseconds: 1_700_000_060_000))

        harness.advance(seconds: 1)
        let ended = try #require(harness.take(players[1]).compactMap(\.state).last)
        #expect(ended.status == .over)
        #expect(ended.last?.seat == nil, "the host moved")
        #expect(try ended.last?.move.decode(as: DiceRace.Move.self) == DiceRace.Move(timeUp: true))
        #expect(ended.result?.reason == "time-up")
        #expect(ended.result?.standings?.first?.seat == "P1", "P1 rolled, the others did not")
        let hostMoves = harness.journal.filter { if case .move(let record) = $0 { record.seat == nil } else { false } }
        #expect(hostMoves.count == 1)

        // A move that arrives after the deadline, before the host's timer fired, finds the match over.
        var racing = LobbyHarness(catalog: Self.catalog)
        let (other, otherPlayers) = Self.race(&racing, options: ["clock": .bool(true)])
        racing.now = racing.now.adding(seconds: 61)
        #expect(Self.roll(&racing, other, from: otherPlayers[0])?.error?.code == .notPlaying)
    }

    @Test("a seat that resigns or leaves a game that plays on is taken out by the game; the others go on")
    func seatsLeaveAndOthersPlayOn() throws {
        var harness = LobbyHarness(catalog: Self.catalog)
        let (table, players) = Self.race(&harness)
        harness.send(.resign(TableRequest(table: table)), from: players[1], id: 9)
        let out = try #require(harness.take(players[0]).compactMap(\.state).last)
        #expect(out.status == .playing)
        #expect(out.last?.seat == nil)
        #expect(out.toAct == ["P1", "P3"])
        harness.send(.leave(TableRequest(table: table)), from: players[0])
        let left = try #require(harness.take(players[2]).compactMap(\.state).last)
        #expect(left.toAct == ["P3"])
        #expect(left.status == .playing)
        harness.send(.resign(TableRequest(table: table)), from: players[2])
        let over = try #require(harness.take(players[2]).compactMap(\.state).last)
        #expect(over.status == .over)
        #expect(over.result?.reason == "resigned")
        #expect(over.result?.standings?.count == 3)
    }

    @Test("alone at a one-seat table: resigning ends the match without a winner; there is no draw to offer")
    func oneSeat() throws {
        var harness = LobbyHarness(catalog: Self.catalog)
        let (table, players) = Self.race(&harness, seats: 1)
        #expect(harness.lastState(players[0])?.toAct == ["P1"], "one seat starts at once")
        _ = Self.roll(&harness, table, from: players[0])
        harness.send(.offerDraw(TableRequest(table: table)), from: players[0])
        #expect(harness.take(players[0]).first?.error?.code == .unexpectedMessage)
        harness.send(.resign(TableRequest(table: table)), from: players[0])
        let result = try #require(harness.take(players[0]).compactMap(\.state).last?.result)
        #expect(result.winner == nil, "a solo resigner does not win")
        #expect(result.reason == "resigned")
        #expect(result.standings?.map(\.seat) == ["P1"])
    }

    @Test("the host's bots take seats, are ready, and roll by themselves after the bot delay")
    func bots() throws {
        var harness = LobbyHarness(catalog: Self.catalog)
        let lan = harness.connect("Lan")
        harness.send(.createTable(CreateTable(game: "dicerace", seats: 3)), from: lan)
        harness.send(.sit(Sit(table: "t1", seat: "P2", bot: "roller")), from: lan)
        let seated = try #require(harness.take(lan).compactMap(\.tableInfo).last)
        #expect(seated.seats[1].bot == "roller")
        #expect(seated.seats[1].ready)
        harness.send(.sit(Sit(table: "t1", bot: "flipper")), from: lan)
        #expect(harness.take(lan).first?.error?.code == .noSuchBot)
        harness.send(.sit(Sit(table: "t1", seat: "P3", bot: "roller")), from: lan)
        harness.send(.sit(Sit(table: "t1", seat: "P1")), from: lan)
        harness.send(.ready(TableRequest(table: "t1")), from: lan)
        #expect(harness.lastState(lan)?.toAct == ["P1", "P2", "P3"])
        harness.advance(milliseconds: 499)
        #expect(harness.lastState(lan) == nil, "bots wait for the delay")
        harness.advance(milliseconds: 1)
        let bots = harness.lastState(lan)
        let afterBots = try #require(bots)
        #expect(afterBots.toAct == ["P1"], "both bots rolled")
        let botMoves = harness.journal.compactMap { entry -> String? in
            if case .move(let record) = entry { return record.seat }
            return nil
        }
        #expect(botMoves == ["P2", "P3"])
    }
}

struct ExpectedMessage: Error {
    let what: String
    init(_ what: String) { self.what = what }
}
