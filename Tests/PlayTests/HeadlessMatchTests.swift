import Lobby
import Logging
import Peer
import Play
import Protocol
import Testing

/// Runs a real host on a free loopback port for the length of `body`.
func withLoopbackHost<T: Sendable>(_ body: @Sendable (TCNetHost) async throws -> T) async throws -> T {
    let configuration = HostConfiguration(bindAddress: "127.0.0.1", port: 0, hostName: "Test host")
    let logger = Logger(label: "test-host") { _ in SwiftLogNoOpLogHandler() }
    let host = try await TCNetHost.bind(configuration: configuration, catalog: .classroom, store: nil, logger: logger)
    return try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { try await host.run() }
        defer {
            host.stop()
            group.cancelAll()
        }
        return try await body(host)
    }
}

/// Headless seats (`tcnet join --bot`) through a real host, one of them losing its connection.
@Suite("Play: headless seats and resuming")
struct HeadlessMatchTests {
    @Test("two bots find a table, play a whole match; a dropped seat resumes with its token")
    func wholeMatchWithADrop() async throws {
        try await withLoopbackHost { host in
            let first = ClientSession(host: "127.0.0.1", port: host.port, hello: Hello(name: "Lan"),
                retry: .init(delay: .milliseconds(100), attempts: 50))
            let second = ClientSession(host: "127.0.0.1", port: host.port, hello: Hello(name: "Minh"),
                retry: .init(delay: .milliseconds(100), attempts: 50))
            async let a = HeadlessApp.run(
                HeadlessPlayer(bot: "random", seed: 1, table: nil, ruleSet: nil), session: first)
            try await Task.sleep(for: .milliseconds(200))
            async let b = HeadlessApp.run(
                HeadlessPlayer(bot: "greedy", seed: 2, table: "t1", ruleSet: nil), session: second)
            // NB: drop the first seat as soon as the match is under way.
            try await ClientConnection.withConnection(host: "127.0.0.1", port: host.port, hello: Hello(name: "Ward")) {
                connection in
                while true {
                    if case .tables(let list) = try await connection.request(.tables(TablesRequest())).message,
                        list.tables.first?.status == .playing
                    {
                        break
                    }
                    try await Task.sleep(for: .milliseconds(2))
                }
            }
            await first.dropConnection()
            #expect(await a == 0)
            #expect(await b == 0)
            #expect(await first.welcome?.resumed == true)
        }
    }
}
