import Lobby
import Logging
import Peer
import Protocol
import TestSupport

/// Runs a real host on a free loopback port for the length of `body`, then stops it.
func withHost<T: Sendable>(
    store: HostStore? = nil,
    _ configure: (inout HostConfiguration) -> Void = { _ in },
    _ body: @Sendable (TCNetHost) async throws -> T
) async throws -> T {
    var configuration = HostConfiguration(bindAddress: "127.0.0.1", port: 0, hostName: "Test host")
    configure(&configuration)
    let logger = Logger(label: "test-host") { _ in SwiftLogNoOpLogHandler() }
    let host = try await TCNetHost.bind(
        configuration: configuration, catalog: .classroom, store: store, logger: logger)
    return try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { try await host.run() }
        do {
            let result = try await body(host)
            host.stop()
            group.cancelAll()
            return result
        } catch {
            host.stop()
            group.cancelAll()
            throw error
        }
    }
}

extension RawClient {
    /// Connects and completes the handshake.
    static func greeted(port: Int, name: String) async throws -> RawClient {
        let client = try await RawClient.connect(port: port)
        let answer = try await client.hello(name: name)
        guard case .welcome = answer.message else {
            throw RawClient.Failure.timedOut(waitingFor: "welcome, got \(answer)")
        }
        return client
    }
}
