import Classroom
import Lobby
import Play
import Protocol
import TaxCollectionRules
import Testing

/// `tcnet join --bot --follow`: a bot that plays the tournament games it is called to, round after
/// round, including across a restart of the host that loses a `go-to-table`.
@Suite("Play: a headless seat follows a tournament")
struct HeadlessFollowTests {
    static let me = PlayerID(rawValue: "p-me")

    static func welcome(resumed: Bool) -> Welcome {
        Welcome(
            host: "Room 12", maxFrame: 65_536, idleTimeoutMs: 60_000, rateLimit: RateLimit(burst: 50, perSecond: 20),
            player: Self.me, name: "Me", resumeToken: ResumeToken(rawValue: "x"), games: [], resumed: resumed)
    }

    /// A two-seat table with this player in `seat` and someone else in the other.
    static func table(_ id: TableID, _ status: TableStatus, seat: String) -> HostEnvelope {
        let seats = ["A", "B"].map { name in
            name == seat
                ? SeatInfo(seat: name, player: Self.me, name: "Me")
                : SeatInfo(seat: name, player: PlayerID(rawValue: "p-other"), name: "Other")
        }
        let info = TableInfo(
            id: id, game: "taxcollection", ruleSet: "classic", status: status, seats: seats, spectators: 0,
            graceSeconds: 60, onTimeout: .forfeit, match: status == .waiting ? 0 : 1)
        return HostEnvelope(.table(TableUpdate(table: info)))
    }

    static func state(_ table: TableID, over: Bool = false) -> HostEnvelope {
        HostEnvelope(
            .state(
                MatchUpdate(
                    table: table, match: 1, seq: 0, turn: over ? nil : "A", status: over ? .over : .playing,
                    state: JSONValue.encoding(GameState()), hash: GameState().stateHash,
                    result: over ? MatchResult(winner: "A", reason: "finished") : nil)))
    }

    static func follower() -> HeadlessPlayer {
        var player = HeadlessPlayer(
            bot: "random", seed: 1, table: nil, game: "taxcollection", ruleSet: nil, games: .classroom, follow: true)
        #expect(
            player.connected(Self.welcome(resumed: false)).allSatisfy { if case .print = $0 { true } else { false } })
        return player
    }

    static func sent(_ commands: [HeadlessPlayer.Command]) -> [ClientMessage] {
        commands.compactMap { if case .send(let message) = $0 { message } else { nil } }
    }

    @Test("called to a table it sits, plays, and after the result a later update of that table seats it no more")
    func finishedTableStaysFinished() {
        var player = Self.follower()
        let call = TableCall(tournament: "T1", round: 1, table: "t4", seat: "A", opponent: "Other", startsInMs: 0)
        #expect(Self.sent(player.receive(HostEnvelope(.goToTable(call)))) == [.watch(TableRequest(table: "t4"))])
        #expect(Self.sent(player.receive(Self.table("t4", .waiting, seat: "A"))) == [.ready(TableRequest(table: "t4"))])
        #expect(Self.sent(player.receive(Self.table("t4", .playing, seat: "A"))).isEmpty, "seated once")
        guard case .move(let move) = Self.sent(player.receive(Self.state("t4"))).first else {
            Issue.record("no move on its turn")
            return
        }
        #expect(move.table == "t4")
        #expect(player.receive(Self.state("t4", over: true)).contains(.print("match over: winner A (finished)")))
        // NB: the host tells every member of a finished table about it (and a resumed session gets it too):
        // sitting there again would send `ready` to a table that is over, and miss the next call.
        #expect(Self.sent(player.receive(Self.table("t4", .over, seat: "A"))).isEmpty)
        #expect(Self.sent(player.receive(Self.state("t4", over: true))).isEmpty)
    }

    @Test("resumed after a restart that lost go-to-table: the table it is seated at now is the one it plays")
    func resumedAtTheNextRoundsTable() {
        var player = Self.follower()
        _ = player.receive(Self.table("t4", .waiting, seat: "B"))
        _ = player.receive(Self.state("t4"))
        _ = player.receive(Self.state("t4", over: true))
        _ = player.receive(Self.table("t4", .over, seat: "B"))
        // The host pairs the next round and is killed before `go-to-table` reaches the bot; the restarted
        // host resumes the session at the new table.
        #expect(player.connected(Self.welcome(resumed: true)) == [.print("resumed as Me")])
        #expect(Self.sent(player.receive(Self.table("t7", .playing, seat: "A"))) == [.ready(TableRequest(table: "t7"))])
        guard case .move(let move) = Self.sent(player.receive(Self.state("t7"))).first else {
            Issue.record("the bot does not play at the table the host resumed it at")
            return
        }
        #expect(move.table == "t7")
    }

    @Test("resumed while still seated at an unfinished match of an earlier table: the host's table wins")
    func resumedWhileSeatedElsewhere() {
        var player = Self.follower()
        _ = player.receive(Self.table("t4", .waiting, seat: "B"))
        #expect(player.connected(Self.welcome(resumed: true)) == [.print("resumed as Me")])
        #expect(Self.sent(player.receive(Self.table("t7", .waiting, seat: "A"))) == [.ready(TableRequest(table: "t7"))])
        #expect(Self.sent(player.receive(Self.state("t4"))).isEmpty, "the earlier table's state is not played")
        guard case .move(let move) = Self.sent(player.receive(Self.state("t7"))).first else {
            Issue.record("no move at the new table")
            return
        }
        #expect(move.table == "t7")
    }
}
