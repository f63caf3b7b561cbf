import Lobby
import Protocol
import TestSupport
import Testing

@Suite("Lobby: a full disk pauses the matches, refuses what would be saved, and plays on once freed", .offThePool)
struct DiskFullTests {
    @Test("the match pauses with pausedBy disk-full; a move is refused disk-full and journals nothing")
    func pausesAndRefusesMoves() throws {
        var harness = LobbyHarness()
        let (table, a, b) = harness.startMatch()
        let journalled = harness.journal.count
        harness.diskFilled()
        for connection in [a, b] {
            let info = try #require(harness.take(connection).compactMap(\.tableInfo).last)
            #expect(info.status == .paused)
            #expect(info.pausedBy == .diskFull)
        }
        let id = harness.send(
            .move(MoveRequest(table: table, seq: 0, move: wire(.sow(bank: 3, direction: .down)))), from: a)
        let refusal = try #require(harness.take(a).last)
        #expect(refusal.re == id)
        #expect(refusal.error?.code == .diskFull)
        #expect(refusal.error?.fatal == false)
        #expect(refusal.error?.message.contains("disk is full") == true)
        #expect(harness.take(b).isEmpty, "nothing happened at the table")
        #expect(harness.journal.count == journalled, "nothing was journalled")
    }

    @Test("requests that would write are refused disk-full; lists, sync and greetings go on")
    func refusesOnlyWhatWrites() throws {
        var harness = LobbyHarness()
        let (table, a, _) = harness.startMatch()
        harness.diskFilled()
        _ = harness.take(a)
        let journalled = harness.journal.count

        let newcomer = harness.connect("Thu")
        #expect(harness.take(newcomer).first.map { if case .welcome = $0.message { true } else { false } } == true)
        harness.send(.createTable(CreateTable(game: "taxcollection")), from: newcomer)
        #expect(harness.take(newcomer).last?.error?.code == .diskFull)
        harness.send(.tables(TablesRequest()), from: newcomer)
        let listed = try #require(harness.take(newcomer).last)
        guard case .tables(let list) = listed.message else {
            Issue.record("tables was answered with \(listed.message.type)")
            return
        }
        #expect(list.tables.map(\.id) == [table], "the refused table was not created")
        #expect(list.tables.first?.pausedBy == .diskFull)
        harness.send(.watch(TableRequest(table: table)), from: newcomer)
        #expect(harness.take(newcomer).compactMap(\.state).count == 1, "a spectator still gets the state")
        harness.send(.sync(TableRequest(table: table)), from: a)
        #expect(harness.take(a).last?.state?.seq == 0)
        harness.send(.resign(TableRequest(table: table)), from: a)
        #expect(harness.take(a).last?.error?.code == .diskFull)
        harness.send(.leave(TableRequest(table: table)), from: a)
        #expect(harness.take(a).last?.error?.code == .diskFull)
        #expect(harness.journal.count == journalled, "nothing was journalled")
    }

    @Test("freed: the match plays on (table and state to every member), is journalled, and takes moves")
    func resumesWhenFreed() throws {
        var harness = LobbyHarness()
        let (table, a, b) = harness.startMatch()
        harness.diskFilled()
        _ = harness.take(a)
        _ = harness.take(b)
        let journalled = harness.journal.count
        harness.diskFreed()
        for connection in [a, b] {
            let sent = harness.take(connection)
            let info = try #require(sent.compactMap(\.tableInfo).last)
            #expect(info.status == .playing)
            #expect(info.pausedBy == nil)
            #expect(sent.compactMap(\.state).last?.status == .playing)
        }
        let written = harness.journal[journalled...].compactMap { entry -> TableStatus? in
            if case .table(let record) = entry { return record.status } else { return nil }
        }
        #expect(written == [.playing])
        harness.send(.move(MoveRequest(table: table, seq: 0, move: wire(.sow(bank: 3, direction: .down)))), from: a)
        #expect(harness.lastState(b)?.seq == 1)
    }

    @Test("a player who comes back while the disk is full does not unpause the match")
    func returnDoesNotUnpause() throws {
        var harness = LobbyHarness()
        let (table, a, b) = harness.startMatch(grace: 5)
        let token = try #require(harness.tokens[a])
        harness.disconnect(a)
        harness.advance(seconds: 5)
        harness.diskFilled()
        _ = harness.take(b)
        let back = harness.connect("Lan", resume: token)
        #expect(harness.take(back).compactMap(\.tableInfo).last?.pausedBy == .diskFull)
        harness.send(.move(MoveRequest(table: table, seq: 0, move: wire(.sow(bank: 3, direction: .down)))), from: back)
        #expect(harness.take(back).last?.error?.code == .diskFull)
        harness.diskFreed()
        #expect(harness.take(b).compactMap(\.tableInfo).last?.status == .playing)
    }

    @Test("a grace period that ended while the disk was full takes effect when it is freed: pause or forfeit")
    func graceEndedWhileFull() throws {
        var harness = LobbyHarness()
        let (_, a, b) = harness.startMatch(grace: 5)
        harness.diskFilled()
        harness.disconnect(a)
        harness.advance(seconds: 6)
        _ = harness.take(b)
        harness.diskFreed()
        let info = try #require(harness.take(b).compactMap(\.tableInfo).last)
        #expect(info.status == .paused)
        #expect(info.pausedBy == .away, "still waiting, now for the absent player")

        var forfeiting = LobbyHarness()
        let (_, c, d) = forfeiting.startMatch(grace: 5, onTimeout: .forfeit)
        forfeiting.diskFilled()
        forfeiting.disconnect(d)
        forfeiting.advance(seconds: 6)
        _ = forfeiting.take(c)
        forfeiting.diskFreed()
        let result = forfeiting.take(c).compactMap(\.state).last?.result
        #expect(result?.reason == "forfeit")
        #expect(result?.winner == "A")
    }

    @Test("the host's bots do not move while the disk is full, and move once it is freed")
    func botsWait() throws {
        var harness = LobbyHarness(catalog: GameSeamTests.catalog)
        let lan = harness.connect("Lan")
        harness.send(.createTable(CreateTable(game: "dicerace", seats: 2)), from: lan)
        harness.send(.sit(Sit(table: "t1", seat: "P2", bot: "roller")), from: lan)
        harness.send(.sit(Sit(table: "t1", seat: "P1")), from: lan)
        harness.send(.ready(TableRequest(table: "t1")), from: lan)
        _ = harness.take(lan)
        harness.diskFilled()
        let journalled = harness.journal.count
        harness.advance(seconds: 10)
        #expect(harness.journal.count == journalled, "no bot moved")
        #expect(harness.lastState(lan) == nil)
        harness.diskFreed()
        harness.advance(milliseconds: 500)
        let moved = harness.journal[journalled...].contains {
            if case .move(let m) = $0 { m.seat == "P2" } else { false }
        }
        #expect(moved, "the bot rolled once the disk was freed")
    }

    @Test("the teacher's console says the disk is full, and refuses to free a seat")
    func teacher() throws {
        var harness = LobbyHarness()
        let (table, _, _) = harness.startMatch()
        harness.diskFilled()
        let seats = harness.teacher(.seats)
        #expect(seats.first?.contains("DISK IS FULL") == true)
        #expect(seats.contains { $0.contains("paused (disk full)") })
        let journalled = harness.journal.count
        let answer = harness.teacher(.free(table: table, seat: "B"))
        #expect(answer.first?.hasPrefix("not done: the host's disk is full") == true)
        #expect(harness.journal.count == journalled)
        #expect(harness.teacher(.seats).contains { $0.contains("Minh") }, "the seat was not freed")
    }
}
