import TaxCollection
import Classroom
import Conformance
import Foundation
import Lobby
import Logging
import Peer
import Web

/// The suite's view of our own host: short timeouts (the spec's limits are host defaults, so a host
/// may be configured tighter) and a connection limit the host-full case reaches quickly.
enum HostUnderTest {
    /// The host's hello and frame timeouts as a share of the spec's 10 s; the cases scale their waits
    /// and their slow frames by it.
    /// NB: a fifth, not a tenth: a frame sent over 40 % of a 1 s timeout byte by byte overran it on a loaded
    /// 2-core machine (liveness.slow-frame), and a fatal expected within 1.5 s of a 1 s timeout had little room.
    static let timeoutScale = 0.2

    static func configuration(faults: Set<HostFault> = []) -> HostConfiguration {
        var configuration = HostConfiguration(bindAddress: "127.0.0.1", port: 0, hostName: "Conformance test host")
        configuration.helloTimeout = .seconds(2)
        configuration.frameTimeout = .seconds(2)
        configuration.idleTimeout = .milliseconds(3000)
        configuration.maxConnections = 64
        configuration.faults = faults
        // NB: the spelling games' hear-and-type case needs the host's voice (espeak-ng, which CI installs).
        configuration.voice = EspeakVoice.find()
        return configuration
    }

    /// The ports of a host under test: framed TCP, and its web side's WebSocket.
    struct Ports: Sendable {
        var tcp: Int
        var web: Int
    }

    /// Runs a host for the length of `body`, with its web side when `web` (else `Ports.web` is 0).
    static func with<T: Sendable>(
        faults: Set<HostFault> = [], web serveWeb: Bool = true, _ body: @Sendable (Ports) async throws -> T
    ) async throws -> T {
        var logger = Logger(label: "conformance-host") { label -> any LogHandler in
            ProcessInfo.processInfo.environment["TCNET_TEST_LOG"] != nil
                ? StreamLogHandler.standardError(label: label) : SwiftLogNoOpLogHandler()
        }
        logger.logLevel = .debug
        let host = try await TCNetHost.bind(
            configuration: self.configuration(faults: faults), catalog: .classroom, store: nil, logger: logger)
        let web = WebServer(
            host: host, configuration: WebConfiguration(bindAddress: "127.0.0.1", port: 0), logger: logger)
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await host.run() }
            // NB: dozens of broken hosts run at once; only those a WebSocket case needs get a web side.
            if serveWeb { group.addTask { try await web.run() } }
            defer {
                host.stop()
                group.cancelAll()
            }
            return try await body(Ports(tcp: host.port, web: serveWeb ? try await web.listeningPort() : 0))
        }
    }

    /// Runs the host suite's selected cases against a host: the cases of both transports over TCP,
    /// the WebSocket's own over its WebSocket; with `overWebSocket`, every case of the WebSocket.
    /// - Parameter replyTimeout: how long a case waits for an answer or a close (a passing case waits
    ///   only as long as the host takes; a broken host's failing cases wait it out).
    static func run(
        _ ports: Ports, _ selection: CaseSelection, overWebSocket: Bool = false, replyTimeout: Duration = .seconds(3)
    ) async -> [CaseResult] {
        let names = NameSource()
        let tcp = HostTarget(host: "127.0.0.1", port: ports.tcp)
        let webSocket = HostTarget(host: "127.0.0.1", port: ports.web, transport: .webSocket(path: "/ws"))
        var results: [CaseResult] = []
        let plan: [(HostTarget, [HostCase])] =
            overWebSocket
            ? [(webSocket, HostSuite.classroom(over: webSocket.transport))]
            : [(tcp, HostSuite.classroom(over: .tcp))]
                + (ports.web == 0 ? [] : [(webSocket, HostSuite.classroom.filter { $0.transport == .webSocket })])
        for (target, cases) in plan {
            let runner = SuiteRunner(cases: cases, caseTimeout: .seconds(30))
            results += await runner.run(selection) { _ in
                HostContext(target: target, timeoutScale: Self.timeoutScale, replyTimeout: replyTimeout, names: names)
            }
        }
        return results
    }
}
