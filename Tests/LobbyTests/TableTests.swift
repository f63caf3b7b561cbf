import Lobby
import Protocol
import TaxCollectionRules
import TestScheduling
import Testing

@Suite("Lobby: tables and seats", .offThePool)
struct TableTests {
    @Test("create-table answers the table with its defaults; bad settings are refused with their codes")
    func createTable() throws {
        var harness = LobbyHarness()
        let lan = harness.connect("Lan")
        _ = harness.take(lan)
        harness.send(.createTable(CreateTable(game: "taxcollection")), from: lan, id: 3)
        let answer = try #require(harness.take(lan).first)
        #expect(answer.re == .number(3))
        let table = try #require(answer.tableInfo)
        #expect(table.id == "t1")
        #expect(table.ruleSet == "classic")
        #expect(table.graceSeconds == 120)
        #expect(table.onTimeout == .pause)
        #expect(table.status == .waiting)
        #expect(table.seats.map(\.seat) == ["A", "B"])
        #expect(table.seats.allSatisfy { $0.player == nil })

        let refusals: [(CreateTable, ErrorCode)] = [
            (CreateTable(game: "chess"), .noSuchGame),
            (CreateTable(game: "taxcollection", ruleSet: "speed"), .noSuchRuleSet),
            (CreateTable(game: "taxcollection", graceSeconds: -1), .invalidSetting),
            (CreateTable(game: "taxcollection", graceSeconds: 3601), .invalidSetting),
        ]
        for (request, code) in refusals {
            harness.send(.createTable(request), from: lan)
            #expect(harness.take(lan).first?.error?.code == code, "\(request)")
        }
        harness.send(.tables(TablesRequest()), from: lan)
        guard case .tables(let list) = harness.take(lan).first?.message else {
            Issue.record("expected tables")
            return
        }
        #expect(list.tables.map(\.id) == ["t1"])
    }

    @Test("sit takes a named seat or the first free one; taken seats, second tables and unknown tables are refused")
    func sit() throws {
        var harness = LobbyHarness()
        let lan = harness.connect("Lan")
        let minh = harness.connect("Minh")
        let an = harness.connect("An")
        harness.send(.createTable(CreateTable(game: "taxcollection")), from: lan)
        harness.send(.createTable(CreateTable(game: "taxcollection")), from: lan)
        _ = harness.take(lan)
        harness.send(.sit(Sit(table: "t1", seat: "B")), from: lan)
        #expect(harness.take(lan).first?.tableInfo?.seats[1].name == "Lan")
        harness.send(.sit(Sit(table: "t1", seat: "B")), from: minh)
        #expect(harness.take(minh).last?.error?.code == .seatUnavailable)
        harness.send(.sit(Sit(table: "t1", seat: "C")), from: minh)
        #expect(harness.take(minh).last?.error?.code == .seatUnavailable)
        harness.send(.sit(Sit(table: "t1")), from: minh)
        let seated = try #require(harness.take(minh).last?.tableInfo)
        #expect(seated.seats.map(\.name) == ["Minh", "Lan"])
        #expect(harness.take(lan).last?.tableInfo == seated)
        harness.send(.sit(Sit(table: "t1")), from: an)
        #expect(harness.take(an).last?.error?.code == .seatUnavailable)
        harness.send(.sit(Sit(table: "t2")), from: lan)
        #expect(harness.take(lan).last?.error?.code == .alreadySeated)
        harness.send(.sit(Sit(table: "t9")), from: an)
        #expect(harness.take(an).last?.error?.code == .noSuchTable)
    }

    @Test("the match starts when both seats are filled and both players are ready, A first")
    func startWhenReady() throws {
        var harness = LobbyHarness()
        let lan = harness.connect("Lan")
        let minh = harness.connect("Minh")
        harness.send(.createTable(CreateTable(game: "taxcollection")), from: lan)
        harness.send(.sit(Sit(table: "t1")), from: lan)
        harness.send(.ready(TableRequest(table: "t1")), from: lan)
        _ = harness.take(lan)
        harness.send(.sit(Sit(table: "t1")), from: minh)
        #expect(harness.take(minh).last?.tableInfo?.seats.map(\.ready) == [true, false])
        harness.send(.ready(TableRequest(table: "t1")), from: minh, id: 9)
        for connection in [lan, minh] {
            let messages = harness.take(connection)
            let table = try #require(messages.compactMap(\.tableInfo).last)
            #expect(table.status == .playing)
            #expect(table.match == 1)
            let state = try #require(messages.compactMap(\.state).last)
            #expect(state.seq == 0)
            #expect(state.turn == "A")
            #expect(state.last == nil)
            #expect(state.hash == GameState().stateHash)
            #expect(try harness.gameState(state) == GameState())
        }
        #expect(
            harness.journal.contains { if case .table(let record) = $0 { record.status == .playing } else { false } })
    }

    @Test("ready before sitting, or at a table in a match, is refused")
    func readyRefusals() {
        var harness = LobbyHarness()
        let (table, a, _) = harness.startMatch()
        let an = harness.connect("An")
        harness.send(.ready(TableRequest(table: table)), from: an)
        #expect(harness.take(an).last?.error?.code == .notAPlayer)
        harness.send(.ready(TableRequest(table: table)), from: a)
        #expect(harness.take(a).last?.error?.code == .notPlaying)
    }

    @Test("a spectator gets the table and the state, then every move; their move gets not-a-player")
    func spectator() throws {
        var harness = LobbyHarness()
        let (table, a, _) = harness.startMatch()
        let viewer = harness.connect("Viewer")
        _ = harness.take(viewer)
        harness.send(.watch(TableRequest(table: table)), from: viewer, id: 11)
        let watched = harness.take(viewer)
        #expect(watched.first?.re == .number(11))
        #expect(watched.first?.tableInfo?.spectators == 1)
        #expect(watched.last?.state?.seq == 0)

        harness.send(
            .move(MoveRequest(table: table, seq: 0, move: wire(.sow(bank: 1, direction: .down)))), from: viewer)
        let refusal = harness.take(viewer).last
        #expect(refusal?.error?.code == .notAPlayer)
        #expect(refusal?.re == .number(7))

        harness.send(.move(MoveRequest(table: table, seq: 0, move: wire(.sow(bank: 1, direction: .down)))), from: a)
        #expect(harness.take(viewer).last?.state?.seq == 1)
    }

    @Test("leaving a match resigns it; leaving frees the seat")
    func leaveResigns() throws {
        var harness = LobbyHarness()
        let (table, a, b) = harness.startMatch()
        harness.send(.leave(TableRequest(table: table)), from: a, id: 5)
        let toB = harness.take(b)
        #expect(
            toB.compactMap(\.state).last?.result
                == MatchResult(
                    winner: "B", reason: "resigned",
                    standings: [Standing(seat: "B", score: 0, rank: 1), Standing(seat: "A", score: 0, rank: 2)]))
        let after = try #require(toB.compactMap(\.tableInfo).last)
        #expect(after.seats[0].player == nil)
        #expect(after.status == .waiting)
        let toA = harness.take(a)
        #expect(toA.contains { $0.re == .number(5) && $0.tableInfo != nil })
        harness.send(.sit(Sit(table: table)), from: a)
        #expect(harness.take(a).last?.tableInfo?.seats[0].name == "Lan")
    }
}
