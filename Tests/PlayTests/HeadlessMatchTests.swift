import Classroom
import Lobby
import Logging
import Peer
import Play
import Protocol
import TestSupport
import Testing

/// Headless seats (`tcnet join --bot`) through a real host, one of them losing its connection.
@Suite("Play: headless seats and resuming")
struct HeadlessMatchTests {
    @Test("two bots find a table, play a whole match; a dropped seat resumes with its token")
    func wholeMatchWithADrop() async throws {
        try await withDeadline(seconds: 90) { try await Self.playWithADrop() }
    }

    static func playWithADrop() async throws {
        try await withHost { host in
            let first = ClientSession(
                host: "127.0.0.1", port: host.port, hello: Hello(name: "Lan"),
                retry: .init(delay: .milliseconds(100), attempts: 50))
            let second = ClientSession(
                host: "127.0.0.1", port: host.port, hello: Hello(name: "Minh"),
                retry: .init(delay: .milliseconds(100), attempts: 50))
            async let a = HeadlessApp.run(
                HeadlessPlayer(
                    bot: "strong", seed: 1, table: nil, game: "taxcollection", ruleSet: nil, games: .classroom),
                session: first)
            // NB: the second bot asks for t1 by name, so it starts once the first has opened it.
            try await Self.waitForTable(port: host.port) { $0 != nil }
            async let b = HeadlessApp.run(
                HeadlessPlayer(
                    bot: "greedy", seed: 2, table: "t1", game: "taxcollection", ruleSet: nil, games: .classroom),
                session: second)
            // NB: drop the first seat as soon as the match is under way; the first bot searches before
            // each move, so the match is still being played when the drop comes.
            try await Self.waitForTable(port: host.port) { $0?.status == .playing }
            await first.dropConnection()
            #expect(await a == 0)
            #expect(await b == 0)
            #expect(await first.welcome?.resumed == true)
        }
    }

    /// Polls `tables` (within the rate limit) until the first table satisfies `condition`, for at most 20 s.
    static func waitForTable(port: Int, _ condition: @escaping (TableInfo?) -> Bool) async throws {
        try await ClientConnection.withConnection(
            host: "127.0.0.1", port: port, hello: Hello(name: "Ward-\(UInt32.random(in: 0...99_999))")
        ) {
            connection in
            let deadline = ContinuousClock.now + .seconds(20)
            while ContinuousClock.now < deadline {
                if case .tables(let list) = try await connection.request(.tables(TablesRequest())).message,
                    condition(list.tables.first)
                {
                    return
                }
                try await Task.sleep(for: .milliseconds(60))
            }
            Issue.record("the table never reached the expected state")
        }
    }
}
