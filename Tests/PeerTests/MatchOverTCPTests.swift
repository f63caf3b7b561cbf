import Foundation
import Lobby
import Peer
import Protocol
import Storage
import TaxCollectionRules
import TestSupport
import Testing

/// Whole matches between two real TCP clients through a real host.
@Suite("Host: matches over TCP")
struct MatchOverTCPTests {
    /// Seats a player at table t1 (creating it for seat A) and plays until the match ends.
    static func play(
        port: Int, name: String, seat: String, bot: String, seed: UInt64, createTable: Bool
    ) async throws -> (result: MatchResult, player: SeatPlayer<TaxCollectionGame>) {
        try await ClientConnection.withConnection(
            host: "127.0.0.1", port: port, hello: Hello(name: name, client: "tests")
        ) { connection in
            if createTable {
                _ = try await connection.request(.createTable(CreateTable(game: "taxcollection")))
            } else {
                // NB: wait until the other player has created the table.
                while true {
                    if case .tables(let list) = try await connection.request(.tables(TablesRequest())).message,
                        !list.tables.isEmpty
                    {
                        break
                    }
                    try await Task.sleep(for: .milliseconds(10))
                }
            }
            let seated = try await connection.request(.sit(Sit(table: "t1", seat: seat)))
            guard case .table = seated.message else { throw ClientConnection.Failure.closed }
            var player = SeatPlayer<TaxCollectionGame>(table: "t1", seat: seat, bot: bot, seed: seed)
            try await connection.send(.ready(TableRequest(table: "t1")))
            while let envelope = try await connection.next() {
                switch player.receive(envelope) {
                case .wait: continue
                case .send(let message): try await connection.send(message)
                case .finished(let result): return (result, player)
                }
            }
            throw ClientConnection.Failure.closed
        }
    }

    @Test(
        "a whole match on a durable journal (synchronous=FULL): every move the players saw is on disk, in order",
        arguments: [false, true])
    func durableMatch(everyCore: Bool) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tcnet-durable-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try HostStore(folder: folder, synchronous: true, newHostID: { "durable" })
        let played = try await withHost(store: store, { $0.everyCore = everyCore }) { host in
            let port = host.port
            async let a = Self.play(port: port, name: "Lan", seat: "A", bot: "greedy", seed: 3, createTable: true)
            async let b = Self.play(port: port, name: "Minh", seat: "B", bot: "random", seed: 4, createTable: false)
            let (resultA, playerA) = try await a
            let (resultB, _) = try await b
            #expect(resultA == resultB)
            return playerA.mirror.seq
        }
        // NB: the finished match is still its table's current one: the journal reads back all of its moves.
        let moves = try store.loadJournal().moves.filter { $0.table == "t1" }
        #expect(played > 0)
        #expect(moves.map(\.seq) == Array(1...played))
    }

    @Test(
        "two clients play a whole match; each checks every state with its own rules engine",
        arguments: [false, true])
    func wholeMatch(everyCore: Bool) async throws {
        // NB: both ways of serving: one loop running the lobby and its journal inline (the default), and
        // the connections spread over every loop with the journal on a thread of its own.
        try await withHost({ $0.everyCore = everyCore }) { host in
            let port = host.port
            async let a = Self.play(port: port, name: "Lan", seat: "A", bot: "random", seed: 1, createTable: true)
            async let b = Self.play(port: port, name: "Minh", seat: "B", bot: "greedy", seed: 2, createTable: false)
            let (resultA, playerA) = try await a
            let (resultB, playerB) = try await b
            #expect(resultA == resultB)
            #expect(resultA.reason == "finished")
            #expect(playerA.desyncs.isEmpty)
            #expect(playerB.desyncs.isEmpty)
            #expect(playerA.mirror.state?.isOver == true)
            #expect(playerA.mirror.state == playerB.mirror.state)
            #expect(playerA.movesSent + playerB.movesSent == playerA.mirror.seq)
            #expect(resultA.winner == playerA.mirror.state?.winner?.description)
        }
    }
}
