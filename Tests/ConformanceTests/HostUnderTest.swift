import TaxCollection
import Classroom
import Conformance
import Foundation
import Lobby
import Logging
import Peer

/// The suite's view of our own host: short timeouts (the spec's limits are host defaults, so a host
/// may be configured tighter) and a connection limit the host-full case reaches quickly.
enum HostUnderTest {
    static let timeoutScale = 0.1

    static func configuration(faults: Set<HostFault> = []) -> HostConfiguration {
        var configuration = HostConfiguration(bindAddress: "127.0.0.1", port: 0, hostName: "Conformance test host")
        configuration.helloTimeout = .seconds(2)
        configuration.frameTimeout = .seconds(1)
        configuration.idleTimeout = .milliseconds(3000)
        configuration.maxConnections = 64
        configuration.faults = faults
        // NB: the spelling games' hear-and-type case needs the host's voice (espeak-ng, which CI installs).
        configuration.voice = EspeakVoice.find()
        return configuration
    }

    /// Runs a host for the length of `body`.
    static func with<T: Sendable>(
        faults: Set<HostFault> = [], _ body: @Sendable (Int) async throws -> T
    ) async throws -> T {
        var logger = Logger(label: "conformance-host") { label -> any LogHandler in
            ProcessInfo.processInfo.environment["TCNET_TEST_LOG"] != nil
                ? StreamLogHandler.standardError(label: label) : SwiftLogNoOpLogHandler()
        }
        logger.logLevel = .debug
        let host = try await TCNetHost.bind(
            configuration: self.configuration(faults: faults), catalog: .classroom, store: nil, logger: logger)
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await host.run() }
            defer {
                host.stop()
                group.cancelAll()
            }
            return try await body(host.port)
        }
    }

    /// Runs the host suite's selected cases against a host on `port`.
    static func run(port: Int, _ selection: CaseSelection) async -> [CaseResult] {
        let names = NameSource()
        let runner = SuiteRunner(cases: HostSuite.classroom, caseTimeout: .seconds(30))
        return await runner.run(selection) { _ in
            HostContext(target: HostTarget(host: "127.0.0.1", port: port), timeoutScale: Self.timeoutScale, names: names)
        }
    }
}
