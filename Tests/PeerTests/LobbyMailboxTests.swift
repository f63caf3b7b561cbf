import Lobby
import Protocol
import Testing

@testable import Peer

/// The mailbox between the connections and the lobby: one turn per batch, in order, and bounded.
@Suite("Host: the lobby's mailbox")
struct LobbyMailboxTests {
    private func ping(_ id: Int) -> ClientEnvelope {
        ClientEnvelope(id: .number(Int64(id)), .ping(Ping()))
    }

    @Test("the first letter wakes the lobby; the next ones wait for that turn, which takes them all in order")
    func oneTurnPerBatch() {
        let mailbox = LobbyMailbox(capacity: 100)
        #expect(mailbox.post(self.ping(1), from: ConnectionID(1)) == .wakeTheLobby)
        #expect(mailbox.post(self.ping(2), from: ConnectionID(2)) == .queued)
        #expect(mailbox.post(self.ping(3), from: ConnectionID(1)) == .queued)
        let turn = mailbox.takeAll()
        #expect(turn.map(\.envelope?.id) == [.number(1), .number(2), .number(3)])
        #expect(turn.map(\.connection) == [ConnectionID(1), ConnectionID(2), ConnectionID(1)])
        #expect(mailbox.endTurn())
        #expect(mailbox.takeAll().isEmpty)
        #expect(mailbox.post(self.ping(4), from: ConnectionID(1)) == .wakeTheLobby)
    }

    @Test("letters posted during a turn wait for it, without waking the lobby again; it ends once none came")
    func lettersDuringATurn() {
        let mailbox = LobbyMailbox(capacity: 100)
        #expect(mailbox.post(self.ping(1), from: ConnectionID(1)) == .wakeTheLobby)
        #expect(mailbox.takeAll().map(\.envelope?.id) == [.number(1)])
        // The turn runs; two letters come meanwhile.
        #expect(mailbox.post(self.ping(2), from: ConnectionID(2)) == .queued)
        #expect(mailbox.post(self.ping(3), from: ConnectionID(1)) == .queued)
        #expect(!mailbox.endTurn(), "letters came: the same turn takes them")
        #expect(mailbox.takeAll().map(\.envelope?.id) == [.number(2), .number(3)])
        #expect(mailbox.endTurn())
        #expect(mailbox.post(self.ping(4), from: ConnectionID(1)) == .wakeTheLobby)
    }

    @Test("letters taken outside a turn leave that turn due: no second turn is started for the next letter")
    func takenBetweenTurns() {
        let mailbox = LobbyMailbox(capacity: 100)
        #expect(mailbox.post(self.ping(1), from: ConnectionID(1)) == .wakeTheLobby)
        #expect(mailbox.takeAll().count == 1)
        #expect(mailbox.post(self.ping(2), from: ConnectionID(1)) == .queued)
        #expect(mailbox.takeAll().map(\.envelope?.id) == [.number(2)])
    }

    @Test("a full mailbox tells the poster to wait for the lobby")
    func bounded() {
        let mailbox = LobbyMailbox(capacity: 3)
        #expect(mailbox.post(self.ping(1), from: ConnectionID(1)) == .wakeTheLobby)
        #expect(mailbox.post(self.ping(2), from: ConnectionID(1)) == .queued)
        #expect(mailbox.post(self.ping(3), from: ConnectionID(1)) == .full)
        #expect(mailbox.takeAll().count == 3)
        #expect(mailbox.post(self.ping(4), from: ConnectionID(1)) == .queued)
    }
}
