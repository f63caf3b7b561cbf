import Lobby
import Protocol
import Testing

@Suite("Lobby: greeting and players")
struct LobbyTests {
    static let configuration = LobbyConfiguration(
        hostName: "Room 12", maxFrame: 65_536, idleTimeoutMs: 60_000, rateLimit: RateLimit(burst: 50, perSecond: 20),
        games: [GameDescriptor(id: "taxcollection", name: "Tax Collection", seats: ["A", "B"], ruleSets: ["classic"])])

    private func greet(
        _ lobby: inout Lobby, _ name: String, connection: UInt64, re: RequestID? = .number(1)
    ) -> Lobby.Greeting {
        lobby.greet(
            Hello(name: name), re: re, on: ConnectionID(connection), player: PlayerID(rawValue: "p-\(connection)"),
            resumeToken: ResumeToken(rawValue: "token-\(connection)"))
    }

    @Test("an accepted hello gets welcome with the trimmed name, the ids and the configuration")
    func welcome() throws {
        var lobby = Lobby(configuration: Self.configuration)
        let greeting = self.greet(&lobby, "  Lan ", connection: 1)
        #expect(greeting.player == PlayerID(rawValue: "p-1"))
        let delivery = try #require(greeting.deliveries.first)
        #expect(greeting.deliveries.count == 1)
        #expect(delivery.connection == ConnectionID(1))
        #expect(delivery.envelope.re == .number(1))
        guard case .welcome(let welcome) = delivery.envelope.message else {
            Issue.record("expected welcome, got \(delivery.envelope)")
            return
        }
        #expect(welcome.name == "Lan")
        #expect(welcome.host == "Room 12")
        #expect(welcome.resumeToken == ResumeToken(rawValue: "token-1"))
        #expect(welcome.games == Self.configuration.games)
        #expect(welcome.rateLimit == RateLimit(burst: 50, perSecond: 20))
        #expect(lobby.player(on: ConnectionID(1)) == PlayerID(rawValue: "p-1"))
    }

    @Test("a bad name is refused without greeting the connection")
    func badName() {
        var lobby = Lobby(configuration: Self.configuration)
        let greeting = self.greet(&lobby, "\u{0007}", connection: 1)
        #expect(greeting.player == nil)
        #expect(greeting.deliveries.first?.envelope.message.errorCode == .invalidName)
        #expect(lobby.player(on: ConnectionID(1)) == nil)
        #expect(lobby.playerCount == 0)
    }

    @Test("a name already connected is refused, whatever its case, and free again after a disconnect")
    func nameTaken() {
        var lobby = Lobby(configuration: Self.configuration)
        #expect(self.greet(&lobby, "Lan", connection: 1).player != nil)
        let clash = self.greet(&lobby, "LAN", connection: 2)
        #expect(clash.player == nil)
        #expect(clash.deliveries.first?.envelope.message.errorCode == .nameTaken)
        _ = lobby.disconnect(ConnectionID(1))
        #expect(self.greet(&lobby, "LAN", connection: 2).player == PlayerID(rawValue: "p-2"))
    }

    @Test("players lists the greeted players in arrival order, answering the request id")
    func players() {
        var lobby = Lobby(configuration: Self.configuration)
        _ = self.greet(&lobby, "Lan", connection: 3)
        _ = self.greet(&lobby, "Minh", connection: 5)
        _ = self.greet(&lobby, "", connection: 4)
        let deliveries = lobby.receive(ClientEnvelope(id: .string("q"), .players(PlayersRequest())), from: ConnectionID(5))
        let expected = PlayerList(players: [
            PlayerSummary(id: PlayerID(rawValue: "p-3"), name: "Lan"),
            PlayerSummary(id: PlayerID(rawValue: "p-5"), name: "Minh"),
        ])
        #expect(deliveries == [Delivery(to: ConnectionID(5), HostEnvelope(re: .string("q"), .players(expected)))])
        _ = lobby.disconnect(ConnectionID(3))
        let after = lobby.receive(ClientEnvelope(.players(PlayersRequest())), from: ConnectionID(5))
        guard case .players(let list) = after.first?.envelope.message else {
            Issue.record("expected players")
            return
        }
        #expect(list.players.map(\.name) == ["Minh"])
    }

    @Test("ping gets pong; a second hello gets unexpected-message")
    func pingAndSecondHello() {
        var lobby = Lobby(configuration: Self.configuration)
        _ = self.greet(&lobby, "Lan", connection: 1)
        #expect(
            lobby.receive(ClientEnvelope(id: .number(4), .ping(Ping())), from: ConnectionID(1))
                == [Delivery(to: ConnectionID(1), HostEnvelope(re: .number(4), .pong(Pong())))])
        let again = lobby.receive(ClientEnvelope(id: .number(5), .hello(Hello(name: "Lan"))), from: ConnectionID(1))
        #expect(again.first?.envelope.message.errorCode == .unexpectedMessage)
        #expect(again.first?.envelope.re == .number(5))
    }
}

extension HostMessage {
    var errorCode: ErrorCode? {
        if case .error(let error) = self { return error.code }
        return nil
    }
}
