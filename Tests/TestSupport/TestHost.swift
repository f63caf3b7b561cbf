import Classroom
import Foundation
import Lobby
import Logging
import NIOCore
import NIOPosix
import Peer
import Protocol
import Storage

/// Runs a real host on a free loopback port for the length of `body`, then stops it.
/// - Parameter group: the event loops it serves on (NIO's shared ones unless a test needs its own).
public func withHost<T: Sendable>(
    store: HostStore? = nil,
    catalog: GameCatalog = .classroom,
    group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
    _ configure: (inout HostConfiguration) -> Void = { _ in },
    _ body: @Sendable (TCNetHost) async throws -> T
) async throws -> T {
    var configuration = HostConfiguration(bindAddress: "127.0.0.1", port: 0, hostName: "Test host")
    // NB: a test client may be resumed seconds late on a loaded machine (the suite's first seconds start
    // dozens of hosts on 2 cores): 60 s before an unanswered connection is closed, unless a test that checks
    // the hello timeout sets its own.
    configuration.helloTimeout = .seconds(60)
    configure(&configuration)
    // NB: TCNET_TEST_LOG=1 shows the host's log while debugging a test.
    let verbose = ProcessInfo.processInfo.environment["TCNET_TEST_LOG"] != nil
    var logger = Logger(label: "test-host") { label -> any LogHandler in
        verbose ? StreamLogHandler.standardError(label: label) : SwiftLogNoOpLogHandler()
    }
    logger.logLevel = verbose ? .trace : .critical
    let host = try await TCNetHost.bind(
        configuration: configuration, catalog: catalog, store: store, logger: logger, group: group)
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
    public static func greeted(port: Int, name: String) async throws -> RawClient {
        let hello = WireCodec.frame(ClientEnvelope(id: .number(1), .hello(Hello(name: name, client: "tcnet-tests"))))
        let client = try await RawClient.connect(port: port, sending: Array(hello))
        let answer = try await client.readMessage()
        guard case .welcome = answer.message else {
            throw RawClient.Failure.timedOut(waitingFor: "welcome, got \(answer)")
        }
        return client
    }
}
