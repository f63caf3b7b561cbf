import Classroom
import Conformance
import CrapsRules
import Lobby
import Logging
import Peer
import Protocol
import TaxCollection
import TaxCollectionRules
import TestSupport
import Testing

extension Result where Failure == any Error {
    init(_ body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}

@Suite("Conformance: client suite")
struct ClientSuiteTests {
    @Test("our client library (ClientConnection + SeatPlayer) passes the client suite")
    func ourClient() async throws {
        let listener = try ClientSuite.Listener(port: 0)
        async let results = ClientSuite.run(
            listener: listener, fixture: TaxCollectionFixture.fixture, connectTimeout: .seconds(10))
        let played: Result<Void, any Error> = await Result {
            try await ClientConnection.withConnection(
                host: "127.0.0.1", port: listener.port, hello: Hello(name: "Bot", client: "tcnet-tests")
            ) { connection in
                var seat: String?
                var table: TableID = ""
                try await connection.readEveryTablePage()
                let created = try await connection.request(.createTable(CreateTable(game: "taxcollection")))
                if case .table(let update) = created.message { table = update.table.id }
                let sat = try await connection.request(.sit(Sit(table: table)))
                if case .table(let update) = sat.message {
                    seat = update.table.seats.first { $0.player == connection.welcome.player }?.seat
                }
                _ = try await connection.send(.ready(TableRequest(table: table)))
                var player = SeatPlayer<TaxCollectionGame>(table: table, seat: seat ?? "A", bot: "random", seed: 7)
                _ = try await connection.play(&player, logger: Logger(label: "test"))
            }
        }
        let verdicts = await results
        if case .failure(let error) = played { Issue.record("client: \(error)") }
        for result in verdicts {
            #expect(result.verdict.outcome == .ok, "\(result.info.id): \(result.verdict)")
        }
    }

    @Test("our client library (SeatPlayer, the steady bot) passes the Craps client suite: it catches lying dice")
    func ourCrapsClient() async throws {
        let listener = try ClientSuite.Listener(port: 0)
        let fixture = try #require(Classroom.fixture("craps"))
        async let results = ClientSuite.run(listener: listener, fixture: fixture, connectTimeout: .seconds(10))
        var player = SeatPlayer<CrapsGame>(table: "t1", seat: "P1", bot: "steady", seed: 7)
        let played: Result<Void, any Error> = await Result {
            try await ClientConnection.withConnection(
                host: "127.0.0.1", port: listener.port, hello: Hello(name: "Bot", client: "tcnet-tests")
            ) { connection in
                // NB: the list comes in pages; t1, with a free seat, is on the second.
                try await connection.readEveryTablePage()
                _ = try await connection.request(.sit(Sit(table: "t1")))
                _ = try await connection.send(.ready(TableRequest(table: "t1")))
                _ = try await connection.play(&player, logger: Logger(label: "test"))
            }
        }
        let verdicts = await results
        if case .failure(let error) = played { Issue.record("client: \(error)") }
        #expect(verdicts.map(\.info.id).contains("client.lying-dice"))
        for result in verdicts {
            #expect(result.verdict.outcome == .ok, "\(result.info.id): \(result.verdict)")
        }
        // NB: the three lies, each caught and reported as a desync.
        #expect(player.desyncs.count == 3, "\(player.desyncs)")
        #expect(player.desyncs.contains { $0.contains("commitment-mismatch") })
        #expect(player.desyncs.contains { $0.contains("roll-mismatch") })
    }
}
