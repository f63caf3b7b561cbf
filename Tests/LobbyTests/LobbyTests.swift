import Lobby
import Protocol
import TestScheduling
import Testing

@Suite("Lobby: greeting and players", .offThePool)
struct LobbyTests {
    @Test("an accepted hello gets welcome with the trimmed name, the ids, the configuration and the games")
    func welcome() throws {
        var harness = LobbyHarness()
        let lan = harness.connect("  Lan ")
        let answer = try #require(harness.take(lan).first)
        #expect(answer.re == .number(0))
        guard case .welcome(let welcome) = answer.message else {
            Issue.record("expected welcome, got \(answer)")
            return
        }
        #expect(welcome.name == "Lan")
        #expect(welcome.host == "Room 12")
        #expect(welcome.resumed == false)
        #expect(welcome.resumeToken == ResumeToken(rawValue: "token-1"))
        #expect(welcome.games.map(\.id) == ["taxcollection", "craps", "whichbill", "spelling"])
        let craps = welcome.games.first { $0.id == "craps" }
        #expect(craps?.simultaneous == true && craps?.maxSeats == 6)
        #expect(welcome.games.first?.seats == ["A", "B"])
        #expect(welcome.games.first?.ruleSets.first == "classic")
        #expect(harness.lobby.player(on: lan) == welcome.player)
    }

    @Test("a bad name is refused without greeting the connection")
    func badName() {
        var harness = LobbyHarness()
        let connection = harness.connect("\u{0007}")
        #expect(harness.take(connection).first?.error?.code == .invalidName)
        #expect(harness.lobby.player(on: connection) == nil)
        #expect(harness.lobby.playerCount == 0)
    }

    @Test("a name already connected is refused, whatever its case, and free again after a disconnect")
    func nameTaken() {
        var harness = LobbyHarness()
        let lan = harness.connect("Lan")
        let clash = harness.connect("LAN")
        #expect(harness.take(clash).first?.error?.code == .nameTaken)
        harness.disconnect(lan)
        let again = harness.connect("LAN")
        #expect(harness.lobby.player(on: again) != nil)
    }

    @Test("players lists the connected players in arrival order, answering the request id")
    func players() {
        var harness = LobbyHarness()
        let lan = harness.connect("Lan")
        let minh = harness.connect("Minh")
        _ = harness.connect("")
        _ = harness.take(minh)
        harness.send(.players(PlayersRequest()), from: minh, id: 42)
        guard case .players(let list) = harness.take(minh).first?.message else {
            Issue.record("expected players")
            return
        }
        #expect(list.players.map(\.name) == ["Lan", "Minh"])
        harness.disconnect(lan)
        harness.send(.players(PlayersRequest()), from: minh)
        guard case .players(let after) = harness.take(minh).first?.message else {
            Issue.record("expected players")
            return
        }
        #expect(after.players.map(\.name) == ["Minh"])
    }

    @Test("ping gets pong; a second hello gets unexpected-message")
    func pingAndSecondHello() {
        var harness = LobbyHarness()
        let lan = harness.connect("Lan")
        _ = harness.take(lan)
        harness.send(.ping(Ping()), from: lan, id: 4)
        #expect(harness.take(lan) == [HostEnvelope(re: .number(4), .pong(Pong()))])
        harness.send(.hello(Hello(name: "Lan")), from: lan, id: 5)
        let again = harness.take(lan)
        #expect(again.first?.error?.code == .unexpectedMessage)
        #expect(again.first?.re == .number(5))
    }
}
