import Classroom
import Play
import Protocol
import Testing

/// How `tcnet join --bot` finds a table in a list that comes in pages (PROTOCOL.md P-3).
@Suite("Play: a headless seat looks for a table")
struct HeadlessPlayerTests {
    static func table(_ id: TableID, free: Bool) -> TableInfo {
        let taken = SeatInfo(seat: "B", player: PlayerID(rawValue: "p-\(id)"), name: "Someone", ready: true)
        return TableInfo(
            id: id, game: "taxcollection", ruleSet: "classic", status: free ? .waiting : .playing,
            seats: [
                free ? SeatInfo(seat: "A") : SeatInfo(seat: "A", player: PlayerID(rawValue: "p-a\(id)"), name: "Other"),
                taken,
            ],
            spectators: 0, graceSeconds: 120, onTimeout: .pause, match: free ? 0 : 1)
    }

    static func player() -> HeadlessPlayer {
        var player = HeadlessPlayer(
            bot: "random", seed: 1, table: nil, game: "taxcollection", ruleSet: nil, games: .classroom)
        let welcome = Welcome(
            host: "Room 12", maxFrame: 65_536, idleTimeoutMs: 60_000, rateLimit: RateLimit(burst: 50, perSecond: 20),
            player: PlayerID(rawValue: "p-me"), name: "Me", resumeToken: ResumeToken(rawValue: "x"), games: [])
        #expect(player.connected(welcome) == [.send(.tables(TablesRequest()))])
        return player
    }

    @Test("no free seat on a page with next: it asks for the next page, with after set to next")
    func readsOn() {
        var player = Self.player()
        let page = TableList(tables: [Self.table("t1", free: false)], next: "17")
        #expect(player.receive(HostEnvelope(.tables(page))) == [.send(.tables(TablesRequest(after: "17")))])
        let last = TableList(tables: [Self.table("t2", free: false), Self.table("t3", free: true)])
        #expect(player.receive(HostEnvelope(.tables(last))) == [.send(.sit(Sit(table: "t3")))])
    }

    @Test("no free seat on the last page: it opens a table")
    func opensATable() {
        var player = Self.player()
        let last = TableList(tables: [Self.table("t1", free: false)])
        #expect(
            player.receive(HostEnvelope(.tables(last))) == [.send(.createTable(CreateTable(game: "taxcollection")))])
    }

    @Test("seated at a waiting table, it says ready again after a resume: the host forgot its readiness")
    func readyAgainAfterResume() {
        var player = Self.player()
        let me = PlayerID(rawValue: "p-me")
        func update(ready: Bool) -> HostEnvelope {
            let seats = [SeatInfo(seat: "A", player: me, name: "Me", ready: ready), SeatInfo(seat: "B")]
            let info = TableInfo(
                id: "t9", game: "taxcollection", ruleSet: "classic", status: .waiting, seats: seats,
                spectators: 0, graceSeconds: 120, onTimeout: .pause, match: 0)
            return HostEnvelope(.table(TableUpdate(table: info)))
        }
        #expect(player.receive(update(ready: false)).contains(.send(.ready(TableRequest(table: "t9")))))
        #expect(player.receive(update(ready: true)) == [])
        let welcome = Welcome(
            host: "Room 12", maxFrame: 65_536, idleTimeoutMs: 60_000, rateLimit: RateLimit(burst: 50, perSecond: 20),
            player: me, name: "Me", resumeToken: ResumeToken(rawValue: "x"), games: [], resumed: true)
        _ = player.connected(welcome)
        #expect(player.receive(update(ready: false)) == [.send(.ready(TableRequest(table: "t9")))])
    }
}
