import Lobby
import Protocol
import TaxCollectionRules
import TestScheduling
import Testing

@Suite("Lobby: dropped players, resume and grace periods", .offThePool)
struct PresenceTests {
    @Test("a dropped player's seat is held: the opponent is told who is away and for how long")
    func away() throws {
        var harness = LobbyHarness()
        let (table, a, b) = harness.startMatch(grace: 30)
        harness.disconnect(a)
        let told = harness.take(b)
        #expect(
            told.first?.message
                == .away(
                    PresenceNotice(
                        table: table, seat: "A", player: try #require(harness.playerIDs[a]), name: "Lan",
                        graceMs: 30_000)))
        #expect(told.compactMap(\.tableInfo).last?.seats[0].away == true)
        #expect(harness.lobby.nextDeadline == LobbyTime(milliseconds: 30_000))
    }

    @Test("resuming inside the grace period restores the seat and sends the full state")
    func resumeInsideGrace() throws {
        var harness = LobbyHarness()
        let (table, a, b) = harness.startMatch(grace: 30)
        let token = try #require(harness.tokens[a])
        harness.send(.move(MoveRequest(table: table, seq: 0, move: wire(.sow(bank: 3, direction: .down)))), from: a)
        let seen = harness.lastState(b)
        let afterMove = try #require(seen)
        _ = harness.take(a)
        harness.disconnect(a)
        _ = harness.take(b)
        harness.advance(seconds: 29)
        #expect(harness.take(b).isEmpty)

        let back = harness.connect("ignored", resume: token)
        let toBack = harness.take(back)
        guard case .welcome(let welcome) = toBack.first?.message else {
            Issue.record("no welcome on resume: \(toBack)")
            return
        }
        #expect(welcome.resumed)
        #expect(welcome.name == "Lan")
        #expect(welcome.resumeToken == token)
        #expect(toBack.compactMap(\.tableInfo).last?.seats[0].away == false)
        let state = try #require(toBack.compactMap(\.state).last)
        #expect(state.seq == 1)
        #expect(state.hash == afterMove.hash)
        let toB = harness.take(b)
        #expect(toB.contains { if case .back(let notice) = $0.message { notice.seat == "A" } else { false } })

        harness.send(.move(MoveRequest(table: table, seq: 1, move: wire(.sow(bank: 2, direction: .up)))), from: b)
        #expect(harness.lastState(back)?.seq == 2)
        _ = harness.take(b)
        harness.advance(seconds: 10)
        #expect(harness.take(b).isEmpty, "the grace timer was cancelled by the resume")
    }

    @Test("when the grace period ends the match pauses; moves wait; the player's return resumes it")
    func pause() throws {
        var harness = LobbyHarness()
        let (table, a, b) = harness.startMatch(grace: 5)
        let token = try #require(harness.tokens[a])
        harness.send(.move(MoveRequest(table: table, seq: 0, move: wire(.sow(bank: 3, direction: .down)))), from: a)
        _ = harness.take(a)
        _ = harness.take(b)
        harness.disconnect(a)
        harness.advance(seconds: 5)
        #expect(harness.take(b).compactMap(\.tableInfo).last?.status == .paused)
        harness.send(.move(MoveRequest(table: table, seq: 1, move: wire(.sow(bank: 2, direction: .up)))), from: b)
        #expect(harness.take(b).last?.error?.code == .notPlaying)
        #expect(
            harness.journal.contains { if case .table(let record) = $0 { record.status == .paused } else { false } })

        let back = harness.connect("Lan", resume: token)
        #expect(harness.take(back).compactMap(\.state).last?.status == .playing)
        let toB = harness.take(b)
        #expect(toB.compactMap(\.tableInfo).last?.status == .playing)
        // NB: the other player learns it through `state` too, the state of seq 1, playing.
        #expect(toB.compactMap(\.state).last?.status == .playing)
        #expect(toB.compactMap(\.state).last?.seq == 1)
        harness.send(.move(MoveRequest(table: table, seq: 1, move: wire(.sow(bank: 2, direction: .up)))), from: b)
        #expect(harness.lastState(back)?.seq == 2)
    }

    @Test("with the forfeit policy, the absent player loses when the grace period ends")
    func forfeit() throws {
        var harness = LobbyHarness()
        let (_, a, b) = harness.startMatch(grace: 5, onTimeout: .forfeit)
        harness.disconnect(b)
        harness.advance(seconds: 4)
        #expect(harness.take(a).compactMap(\.state).isEmpty)
        harness.advance(seconds: 1)
        #expect(
            harness.take(a).compactMap(\.state).last?.result
                == MatchResult(
                    winner: "A", reason: "forfeit",
                    standings: [Standing(seat: "A", score: 0, rank: 1), Standing(seat: "B", score: 0, rank: 2)]))
    }

    @Test("a player away from a table without a match loses the seat after the grace period, and is forgotten")
    func unseatedAfterGrace() throws {
        var harness = LobbyHarness()
        let lan = harness.connect("Lan")
        let minh = harness.connect("Minh")
        let token = try #require(harness.tokens[lan])
        harness.send(.createTable(CreateTable(game: "taxcollection", graceSeconds: 2)), from: lan)
        harness.send(.sit(Sit(table: "t1")), from: lan)
        harness.send(.watch(TableRequest(table: "t1")), from: minh)
        harness.disconnect(lan)
        harness.advance(seconds: 2)
        #expect(harness.take(minh).compactMap(\.tableInfo).last?.seats[0].player == nil)
        let again = harness.connect("Lan", resume: token)
        #expect(harness.take(again).first?.error?.code == .badResumeToken)
        #expect(harness.journal.contains { if case .forgetPlayer = $0 { true } else { false } })
    }

    @Test("resuming while the old connection is open replaces it: session-replaced, then a close")
    func sessionReplaced() throws {
        var harness = LobbyHarness()
        let (_, a, _) = harness.startMatch()
        let token = try #require(harness.tokens[a])
        let second = harness.connect("Lan", resume: token)
        let toOld = harness.takeDeliveries(a)
        #expect(toOld.last?.envelope.error?.code == .sessionReplaced)
        #expect(toOld.last?.closesConnection == true)
        #expect(harness.lobby.player(on: a) == nil)
        #expect(harness.lobby.player(on: second) != nil)
    }

    @Test("an unknown resume token is refused and the connection may say a plain hello")
    func badToken() {
        var harness = LobbyHarness()
        let connection = harness.connect("Lan", resume: ResumeToken(rawValue: String(repeating: "0", count: 64)))
        #expect(harness.take(connection).first?.error?.code == .badResumeToken)
        #expect(harness.lobby.player(on: connection) == nil)
    }

    @Test("a player's name stays theirs while their seat is held: name-away, not name-taken")
    func nameHeldWhileAway() {
        var harness = LobbyHarness()
        let (_, a, _) = harness.startMatch()
        harness.disconnect(a)
        let impostor = harness.connect("Lan")
        #expect(harness.take(impostor).first?.error?.code == .nameAway)
    }
}
