import Conformance
import GameKit
import Logging
import Peer
import Protocol
import TestSupport
import Testing
import WhichBill
import WhichBillRules

/// The client suite's WhichBill session, hosted by the suite, played by our client library.
@Suite("WhichBill: the client suite")
struct WhichBillClientSuiteTests {
    /// Plays the suite's session with a bot over `ClientConnection`.
    static func play(port: Int, bot: String) async throws {
        try await ClientConnection.withConnection(
            host: "127.0.0.1", port: port, hello: Hello(name: "Bot", client: "tcnet-tests")
        ) { connection in
            // NB: the suite's list of tables comes in pages; a client reads them all before it opens one.
            try await connection.readEveryTablePage()
            _ = try await connection.request(.createTable(CreateTable(game: "whichbill")))
            _ = try await connection.request(.sit(Sit(table: "t1")))
            _ = try await connection.send(.ready(TableRequest(table: "t1")))
            var player = SeatPlayer<WhichBillGame>(table: "t1", seat: "P1", bot: bot, seed: 7)
            _ = try await connection.play(&player, logger: Logger(label: "test"))
        }
    }

    @Test(
        "our client (ClientConnection + SeatPlayer) plays the suite's session: every case OK, the lie caught",
        arguments: WhichBillBot.allCases.map(\.rawValue))
    func ourClient(bot: String) async throws {
        let listener = try ClientSuite.Listener(port: 0)
        async let results = ClientSuite.run(
            listener: listener, fixture: WhichBillFixture.fixture, connectTimeout: .seconds(10))
        var failure: (any Error)?
        do { try await Self.play(port: listener.port, bot: bot) } catch { failure = error }
        let verdicts = await results
        #expect(failure == nil, "client: \(String(describing: failure))")
        #expect(verdicts.count == ClientSuite.cases(WhichBillFixture.fixture).count)
        for result in verdicts {
            #expect(result.verdict.outcome == .ok, "\(result.info.id): \(result.verdict)")
        }
    }

    @Test("a client that moves on a stale seq fails client.moves and never finishes the session")
    func staleClient() async throws {
        let listener = try ClientSuite.Listener(port: 0)
        async let results = ClientSuite.run(
            listener: listener, fixture: WhichBillFixture.fixture, connectTimeout: .seconds(10))
        try? await ClientConnection.withConnection(
            host: "127.0.0.1", port: listener.port, hello: Hello(name: "Bot", client: "tcnet-tests")
        ) { connection in
            _ = try await connection.request(.tables(TablesRequest()))
            _ = try await connection.request(.sit(Sit(table: "t1")))
            _ = try await connection.send(.ready(TableRequest(table: "t1")))
            while let envelope = try await connection.next() {
                guard case .state = envelope.message else { continue }
                let move = WhichBillMove.choose(Money(dollars: 5), hint: false, verdict: nil)
                _ = try await connection.send(.move(MoveRequest(table: "t1", seq: 5, move: JSONValue.encoding(move))))
                break
            }
        }
        let verdicts = Dictionary(uniqueKeysWithValues: await results.map { ($0.info.id, $0.verdict.outcome) })
        #expect(verdicts["client.moves"] == .failed)
        #expect(verdicts["client.full-match"] == .failed)
        #expect(verdicts["client.sits-and-readies"] == .ok)
    }
}
