import Foundation
import Lobby
import Protocol
import TaxCollectionRules
import TestSupport
import Testing

@Suite("Lobby: seat codes, names held for away players, and who is away", .offThePool)
struct SeatCodeTests {
    static func welcome(_ envelopes: [HostEnvelope]) -> Welcome? {
        envelopes.compactMap { if case .welcome(let welcome) = $0.message { welcome } else { nil } }.first
    }

    static func aways(_ envelopes: [HostEnvelope]) -> [PresenceNotice] {
        envelopes.compactMap { if case .away(let notice) = $0.message { notice } else { nil } }
    }

    @Test("welcome carries the seat code made from the token, the one docs/PROTOCOL.md shows for its token")
    func welcomeCarriesTheCode() throws {
        var harness = LobbyHarness()
        let lan = harness.connect("Lan")
        let welcome = try #require(Self.welcome(harness.take(lan)))
        #expect(welcome.seatCode == SeatCode(token: welcome.resumeToken))
        #expect(SeatCode.typed(welcome.seatCode?.rawValue ?? "") == welcome.seatCode)
        let documented = ResumeToken(rawValue: "9c1d6f0a4b7e2c5d8f1a3b6c9d2e5f8a1b4c7d0e3f6a9b2c5d8e1f4a7b0c3d6e")
        #expect(SeatCode(token: documented).rawValue == "XVM5W-MJAAV")
        #expect(SeatCode(token: documented) != SeatCode(token: welcome.resumeToken))
    }

    @Test("a seat code typed on another machine takes the seat back: same player, the table and state, the other told")
    func codeResumes() throws {
        var harness = LobbyHarness()
        let (table, a, b) = harness.startMatch(grace: 60)
        harness.send(.move(MoveRequest(table: table, seq: 0, move: wire(.sow(bank: 3, direction: .down)))), from: a)
        _ = harness.take(b)
        let code = SeatCode(token: try #require(harness.tokens[a])).rawValue
        harness.disconnect(a)
        _ = harness.take(b)
        // NB: typed as a person would: lower case, no hyphen, an O for a 0 is fine too.
        let typed = SeatCode(rawValue: code.lowercased().replacingOccurrences(of: "-", with: " "))
        let back = harness.connect("", seatCode: typed)
        let answer = harness.take(back)
        let welcome = try #require(Self.welcome(answer))
        #expect(welcome.resumed && welcome.name == "Lan" && welcome.player == harness.playerIDs[a])
        #expect(answer.compactMap(\.state).last?.seq == 1)
        #expect(
            harness.take(b).contains { if case .back(let notice) = $0.message { notice.seat == "A" } else { false } })
    }

    @Test("a seat code used while its player is connected replaces that connection")
    func codeReplaces() throws {
        var harness = LobbyHarness()
        let (_, a, _) = harness.startMatch()
        let code = SeatCode(token: try #require(harness.tokens[a]))
        _ = harness.take(a)
        let other = harness.connect("", seatCode: code)
        #expect(Self.welcome(harness.take(other))?.resumed == true)
        let closed = harness.takeDeliveries(a)
        #expect(closed.last?.closesConnection == true)
        #expect(closed.last?.envelope.error?.code == .sessionReplaced)
    }

    @Test(
        "wrong codes are refused; after 10 the host answers rate-limited unchecked, even a right code; time reopens it"
    )
    func wrongCodesAreLimited() throws {
        var harness = LobbyHarness()
        let (_, a, _) = harness.startMatch()
        let right = SeatCode(token: try #require(harness.tokens[a]))
        harness.disconnect(a)
        let wrong = SeatCode(bits: 12_345)
        #expect(wrong != right)
        for _ in 0..<SeatCodeGuard.burst {
            let guesser = harness.connect("", seatCode: wrong)
            #expect(harness.take(guesser).first?.error?.code == .badSeatCode)
        }
        let blocked = harness.connect("", seatCode: right)
        let refusal = try #require(harness.take(blocked).first?.error)
        #expect(refusal.code == .rateLimited)
        #expect(refusal.retryAfterMs == Int(SeatCodeGuard.refillMs))
        #expect(!refusal.fatal)
        harness.advance(milliseconds: SeatCodeGuard.refillMs)
        let guesser = harness.connect("", seatCode: wrong)
        #expect(harness.take(guesser).first?.error?.code == .badSeatCode)
        let stillBlocked = harness.connect("", seatCode: right)
        #expect(harness.take(stillBlocked).first?.error?.code == .rateLimited)
        harness.advance(milliseconds: SeatCodeGuard.refillMs)
        let owner = harness.connect("", seatCode: right)
        #expect(Self.welcome(harness.take(owner))?.resumed == true)
    }

    @Test("a name held for an away player gets name-away naming the table; once the seat is freed the name is free")
    func nameAway() throws {
        var harness = LobbyHarness()
        let lan = harness.connect("Lan")
        harness.send(.createTable(CreateTable(game: "taxcollection", graceSeconds: 30)), from: lan)
        harness.send(.sit(Sit(table: "t1")), from: lan)
        harness.disconnect(lan)
        let again = harness.connect("lan")
        let refusal = try #require(harness.take(again).first?.error)
        #expect(refusal.code == .nameAway)
        #expect(refusal.message == "Lan is away from table t1; if that is you, use your seat code")
        let connected = harness.connect("Minh")
        let twin = harness.connect("MINH")
        _ = harness.take(connected)
        #expect(harness.take(twin).first?.error?.code == .nameTaken)
        harness.advance(seconds: 31)
        let newcomer = harness.connect("Lan")
        #expect(Self.welcome(harness.take(newcomer))?.resumed == false)
    }

    @Test("a watcher who arrives while a player is away is told, with the time left; once paused, with none")
    func watcherSeesWhoIsAway() throws {
        var harness = LobbyHarness()
        let (table, _, b) = harness.startMatch(grace: 30)
        harness.disconnect(b)
        harness.advance(seconds: 10)
        let watcher = harness.connect("Teacher")
        _ = harness.take(watcher)
        harness.send(.watch(TableRequest(table: table)), from: watcher)
        let seen = harness.take(watcher)
        #expect(seen.map(\.message.type) == ["table", "state", "away"])
        #expect(Self.aways(seen).map(\.seat) == ["B"])
        #expect(Self.aways(seen).first?.graceMs == 20_000)
        harness.advance(seconds: 21)
        #expect(harness.take(watcher).compactMap(\.tableInfo).last?.status == .paused)
        let late = harness.connect("Late")
        _ = harness.take(late)
        harness.send(.watch(TableRequest(table: table)), from: late)
        #expect(Self.aways(harness.take(late)).first?.graceMs == 0)
    }

    @Test("a resumed player is told who else is away")
    func resumerSeesWhoIsAway() throws {
        var harness = LobbyHarness()
        let (_, a, b) = harness.startMatch(grace: 30)
        let token = try #require(harness.tokens[a])
        harness.disconnect(a)
        harness.disconnect(b)
        harness.advance(seconds: 5)
        let back = harness.connect("", resume: token)
        let seen = harness.take(back)
        #expect(Self.aways(seen).map(\.seat) == ["B"])
        #expect(Self.aways(seen).first?.graceMs == 25_000)
    }
}

@Suite("Lobby: the teacher's console", .offThePool)
struct TeacherConsoleTests {
    @Test("seats lists every seat and who is away")
    func seats() {
        var harness = LobbyHarness()
        let (_, _, b) = harness.startMatch(grace: 60)
        harness.disconnect(b)
        let lines = harness.teacher(.seats)
        #expect(lines.first?.hasPrefix("t1  Tax Collection (classic)  playing, match 1") == true)
        #expect(lines.contains { $0.hasPrefix("  A  Lan (") && $0.hasSuffix("here") })
        #expect(lines.contains { $0.hasPrefix("  B  Minh (") && $0.hasSuffix("away, seat held 1:00 more") })
    }

    @Test("free during a match: the player forfeits, the seat is free, an away player's name is free again")
    func free() throws {
        var harness = LobbyHarness()
        let (table, a, b) = harness.startMatch(grace: 60)
        harness.disconnect(b)
        _ = harness.take(a)
        #expect(
            harness.teacher(.free(table: table, seat: "B")) == ["freed seat B at table t1; Minh no longer sits there"])
        let told = harness.take(a)
        let result = try #require(told.compactMap(\.state).last?.result)
        #expect(result.reason == "forfeit" && result.winner == "A")
        #expect(told.compactMap(\.tableInfo).last?.seats[1].player == nil)
        let newcomer = harness.connect("Minh")
        #expect(SeatCodeTests.welcome(harness.take(newcomer))?.resumed == false)
        #expect(harness.teacher(.free(table: "t9", seat: "A")) == ["there is no table t9; the tables are: t1"])
        #expect(harness.teacher(.free(table: table, seat: "C")) == ["table t1 has seats A, B, not C"])
        #expect(
            harness.teacher(.free(table: table, seat: "B")) == ["seat B at table t1 has no player: nobody sits there"])
    }

    @Test("reseat: a new code takes the seat, the old token and code no longer do, the connection holding it is closed")
    func reseat() throws {
        var harness = LobbyHarness()
        let (table, a, b) = harness.startMatch(grace: 60)
        let oldToken = try #require(harness.tokens[b])
        _ = harness.take(b)
        let lines = harness.teacher(.reseat(table: table, seat: "B"), newToken: "token-fresh")
        let code = SeatCode(token: ResumeToken(rawValue: "token-fresh"))
        #expect(lines.first == "seat B at table t1 (Minh) has a new seat code: \(code.rawValue)")
        let closed = harness.takeDeliveries(b)
        #expect(closed.last?.closesConnection == true && closed.last?.envelope.error?.code == .sessionReplaced)
        #expect(
            harness.take(a).contains { if case .away(let notice) = $0.message { notice.seat == "B" } else { false } })
        let stale = harness.connect("", resume: oldToken)
        #expect(harness.take(stale).first?.error?.code == .badResumeToken)
        let oldCode = harness.connect("", seatCode: SeatCode(token: oldToken))
        #expect(harness.take(oldCode).first?.error?.code == .badSeatCode)
        let newcomer = harness.connect("", seatCode: code)
        let welcome = try #require(SeatCodeTests.welcome(harness.take(newcomer)))
        #expect(welcome.resumed && welcome.name == "Minh" && welcome.resumeToken.rawValue == "token-fresh")
        #expect(
            harness.journal.contains {
                if case .player(let record) = $0 { record.token.rawValue == "token-fresh" } else { false }
            })
    }
}
