import Lobby
import Protocol
import TestScheduling
import Testing

/// `players` and `tables` come in pages that fit `maxFrame` (PROTOCOL.md F-11, P-1 to P-3).
@Suite("Lists in pages", .offThePool)
struct ListPagingTests {
    /// Names with characters the writer escapes, so a page's size is more than a count of characters.
    static func name(_ index: Int) -> String { "\(index) Nguyễn \"Thảo\" \\" }

    /// Requests pages until one has no `next`; returns every page's payload and list.
    static func pages<Entry>(
        _ harness: inout LobbyHarness, from connection: ConnectionID, limit: Int? = nil,
        request: (String?, Int?) -> ClientMessage, entries: (HostMessage) -> ([Entry], String?)?
    ) throws -> [(payload: [UInt8], entries: [Entry])] {
        var pages: [(payload: [UInt8], entries: [Entry])] = []
        var after: String?
        _ = harness.take(connection)
        repeat {
            let id = harness.send(request(after, limit), from: connection, id: Int64(pages.count + 1))
            let replies = harness.take(connection)
            try #require(replies.count == 1)
            #expect(replies[0].re == id)
            let (list, next) = try #require(entries(replies[0].message), "\(replies[0])")
            pages.append((WireCodec.payload(replies[0]), list))
            after = next
            try #require(pages.count < 1000, "paging does not end")
        } while after != nil
        return pages
    }

    static func playerPages(_ harness: inout LobbyHarness, from connection: ConnectionID, limit: Int? = nil) throws
        -> [(payload: [UInt8], entries: [PlayerSummary])]
    {
        try Self.pages(
            &harness, from: connection, limit: limit, request: { .players(PlayersRequest(after: $0, limit: $1)) }
        ) {
            if case .players(let list) = $0 { return (list.players, list.next) }
            return nil
        }
    }

    @Test("10,000 players: every page fits in maxFrame, and the pages list each player once, in arrival order")
    func tenThousandPlayers() throws {
        var harness = LobbyHarness()
        let connections = (0..<10_000).map { harness.connect(Self.name($0)) }
        let pages = try Self.playerPages(&harness, from: connections[0])
        #expect(pages.count > 5)
        for page in pages {
            #expect(page.payload.count <= 65_536)
        }
        // NB: full pages: a page ends only where the next entry would not fit.
        for page in pages.dropLast() {
            #expect(page.payload.count > 65_536 - 200)
        }
        #expect(pages.flatMap(\.entries).map(\.name) == (0..<10_000).map(Self.name))
    }

    @Test("a class that fits in one frame gets every player in one reply, without next: older clients see no change")
    func smallClass() throws {
        var harness = LobbyHarness()
        let connections = (0..<300).map { harness.connect(Self.name($0)) }
        let pages = try Self.playerPages(&harness, from: connections[0])
        #expect(pages.count == 1)
        #expect(pages[0].entries.count == 300)
    }

    /// A name as long as H-5 allows, in bytes: 24 characters of 4 bytes each (written unescaped).
    static func longestName(_ index: Int) -> String {
        let digits = String(index).map { Character(Unicode.Scalar(0x1D7CE + Int(String($0))!)!) }
        return String(repeating: "𝕏", count: 24 - digits.count) + String(digits)
    }

    @Test("at the default maxFrame a first page holds at least 490 players, however long their names (P-3)")
    func firstPageOfLongestNames() throws {
        var harness = LobbyHarness()
        let connections = (0..<600).map { harness.connect(Self.longestName($0), hostLikeID: true) }
        #expect(harness.lobby.playerCount == 600)
        _ = harness.take(connections[0])
        harness.send(.players(PlayersRequest()), from: connections[0])
        guard case .players(let page) = harness.take(connections[0]).first?.message else {
            Issue.record("no players")
            return
        }
        #expect(page.players.count >= 490)
        #expect(page.next != nil)
    }

    @Test("at the default maxFrame a first page holds at least 120 Tax Collection tables, seats full of long names")
    func firstPageOfFullTables() throws {
        var harness = LobbyHarness()
        let connections = (0..<300).map { harness.connect(Self.longestName($0), hostLikeID: true) }
        for table in 0..<150 {
            let create = CreateTable(
                game: "taxcollection", ruleSet: "young-treasury", graceSeconds: 3600, onTimeout: .forfeit)
            harness.send(.createTable(create), from: connections[2 * table])
            harness.send(.sit(Sit(table: "t\(table + 1)")), from: connections[2 * table])
            harness.send(.sit(Sit(table: "t\(table + 1)")), from: connections[2 * table + 1])
            harness.send(.watch(TableRequest(table: "t\(table + 1)")), from: connections[(2 * table + 7) % 300])
        }
        _ = harness.take(connections[0])
        harness.send(.tables(TablesRequest()), from: connections[0])
        guard case .tables(let page) = harness.take(connections[0]).first?.message else {
            Issue.record("no tables")
            return
        }
        #expect(page.tables.allSatisfy { $0.seats.allSatisfy { $0.name?.unicodeScalars.count == 24 } })
        #expect(page.tables.count >= 120)
        #expect(page.next != nil)
    }

    @Test("limit caps a page; after continues where the last page ended, even when players left in between")
    func limitAndAfter() throws {
        var harness = LobbyHarness()
        let connections = (0..<7).map { harness.connect("P\($0)") }
        _ = harness.take(connections[0])
        harness.send(.players(PlayersRequest(limit: 3)), from: connections[0])
        guard case .players(let first) = harness.take(connections[0]).first?.message, let next = first.next else {
            Issue.record("no first page with next")
            return
        }
        #expect(first.players.map(\.name) == ["P0", "P1", "P2"])
        harness.disconnect(connections[2])
        harness.disconnect(connections[3])
        let rest = try Self.playerPages(&harness, from: connections[0], limit: 3)
        #expect(rest.map { $0.entries.map(\.name) } == [["P0", "P1", "P4"], ["P5", "P6"]])
        harness.send(.players(PlayersRequest(after: next, limit: 3)), from: connections[0])
        guard case .players(let second) = harness.take(connections[0]).first?.message else {
            Issue.record("no second page")
            return
        }
        #expect(second.players.map(\.name) == ["P4", "P5", "P6"])
        #expect(second.next == nil)
    }

    @Test("a seated player who reconnects between two pages comes again, at the end (P-1, P-3)")
    func reconnectBetweenPages() throws {
        var harness = LobbyHarness()
        let connections = (0..<5).map { harness.connect("P\($0)") }
        harness.send(.createTable(CreateTable(game: "taxcollection")), from: connections[1])
        harness.send(.sit(Sit(table: "t1")), from: connections[1])
        _ = harness.take(connections[0])
        harness.send(.players(PlayersRequest(limit: 2)), from: connections[0])
        guard case .players(let first) = harness.take(connections[0]).first?.message, let next = first.next else {
            Issue.record("no first page with next")
            return
        }
        #expect(first.players.map(\.name) == ["P0", "P1"])
        let token = try #require(harness.tokens[connections[1]])
        harness.disconnect(connections[1])
        harness.connect("", resume: token)
        harness.send(.players(PlayersRequest(after: next)), from: connections[0])
        guard case .players(let rest) = harness.take(connections[0]).first?.message else {
            Issue.record("no second page")
            return
        }
        #expect(rest.players.map(\.name) == ["P2", "P3", "P4", "P1"])
    }

    @Test(
        "an after this host never gave is invalid-message, not fatal",
        arguments: ["x", "-1", "01", "", "99999999999999999999"])
    func badAfter(after: String) {
        var harness = LobbyHarness()
        let lan = harness.connect("Lan")
        _ = harness.take(lan)
        let id = harness.send(.tables(TablesRequest(after: after)), from: lan)
        let reply = harness.take(lan)
        #expect(reply.count == 1)
        #expect(reply.first?.re == id)
        #expect(reply.first?.error?.code == .invalidMessage)
        #expect(reply.first?.error?.fatal == false)
    }

    @Test("400 tables: every page fits in maxFrame; together they list every table in the order of creation")
    func manyTables() throws {
        var harness = LobbyHarness()
        let connections = (0..<400).map { harness.connect("P\($0)") }
        for (index, connection) in connections.enumerated() {
            harness.send(.createTable(CreateTable(game: "taxcollection")), from: connection)
            harness.send(.sit(Sit(table: "t\(index + 1)")), from: connection)
        }
        _ = harness.take(connections[0])
        let pages = try Self.pages(
            &harness, from: connections[0], request: { .tables(TablesRequest(after: $0, limit: $1)) }
        ) {
            if case .tables(let list) = $0 { return (list.tables, list.next) }
            return nil
        }
        #expect(pages.count > 1)
        #expect(pages.allSatisfy { $0.payload.count <= 65_536 })
        #expect(pages.flatMap(\.entries).map(\.id) == (1...400).map { "t\($0)" })
    }

    @Test("the lists-not-paginated fault answers with one reply past maxFrame (the behaviour before pages)")
    func faultRestoresOneReply() throws {
        var configuration = LobbyHarness.configuration()
        configuration.faults = [.listsNotPaginated]
        var harness = LobbyHarness()
        harness.lobby = Lobby(configuration: configuration)
        let connections = (0..<2_000).map { harness.connect(Self.name($0)) }
        let pages = try Self.playerPages(&harness, from: connections[0], limit: 5)
        #expect(pages.count == 1)
        #expect(pages[0].entries.count == 2_000)
        #expect(pages[0].payload.count > 65_536)
    }
}
