import Classroom
import ScreenKit
import Play
import Protocol
import Testing

/// The networked board's core, driven without a network.
@Suite("TableClient: keys the session could not send")
struct TableClientTests {
    static func table(_ id: TableID, seatedA: PlayerID? = nil) -> HostEnvelope {
        HostEnvelope(.table(TableUpdate(table: TableInfo(
            id: id, game: "taxcollection", ruleSet: "classic", status: .waiting,
            seats: [SeatInfo(seat: "A", player: seatedA, name: seatedA == nil ? nil : "Lan"), SeatInfo(seat: "B")],
            spectators: 0, graceSeconds: 120, onTimeout: .pause, match: 0))))
    }

    @Test("a new table asked for while not connected: the player is told, and no seat is taken later by surprise")
    func createWhileConnecting() {
        var client = TableClient(name: "Lan", screens: .classroom)
        let commands = client.press(.character("c"))
        #expect(commands == [.send(.createTable(CreateTable(game: "taxcollection")))])
        client.notSent(.createTable(CreateTable(game: "taxcollection")))
        #expect(client.lobby.notice?.text.contains("Not connected") == true)
        // NB: a table someone else opened, announced later, is not sat at as if it were ours.
        #expect(client.receive(Self.table("t7")) == [])
    }

    @Test("a table asked for and sent: its announcement is sat at")
    func createSent() {
        var client = TableClient(name: "Lan", screens: .classroom)
        _ = client.press(.character("c"))
        #expect(client.receive(Self.table("t1")) == [.send(.sit(Sit(table: "t1")))])
    }
}
