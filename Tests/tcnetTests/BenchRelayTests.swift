import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `tcnet bench relay` as floor.c's load meets it: a real process, real TCP, its journal on disk.
@Suite("tcnet bench relay")
struct BenchRelayTests {
    /// floor.c's move: a frame of 86 bytes.
    static let move: [UInt8] = [0, 0, 0, 86] + Array(repeating: UInt8(ascii: "m"), count: 86)

    /// Starts the relay; the process and its port.
    private static func start(_ arguments: [String]) async throws -> (CommandRunner, Int) {
        let relay = try CommandRunner(["bench", "relay"] + arguments)
        let log = try await relay.waitForStandardError(containing: "relay: listening on")
        let line = try #require(log.split(separator: "\n").first { $0.contains("listening on") })
        let port = try #require(line.split(separator: ":").last?.split(separator: " ").first.flatMap { Int($0) })
        return (relay, port)
    }

    @Test(
        "it answers a match's moves, stops when its load leaves, and says what it did",
        arguments: ["pipeline", "direct"])
    func playsUntilTheLoadLeaves(writes: String) async throws {
        let (relay, port) = try await Self.start(["--matches", "1", "--writes", writes])
        let a = try await RawClient.connect(port: port)
        let b = try await RawClient.connect(port: port)
        for mover in [a, b, a] {
            try await mover.send(bytes: Self.move)
            for seat in [a, b] { #expect(try await seat.readFrame().count == 550) }
        }
        b.disconnect()
        let outcome = try await relay.waitForExit()
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardError.contains("relay: matches=1 writes=\(writes) journal=on moves=3 transactions=3"))
    }

    @Test("SIGTERM stops a relay whose load never came")
    func stopsOnSignal() async throws {
        let (relay, _) = try await Self.start(["--matches", "2", "--no-journal"])
        relay.signal(SIGTERM)
        let outcome = try await relay.waitForExit(timeout: .seconds(30))
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardError.contains("journal=off moves=0 transactions=0"))
    }

    @Test("a port in use: one line that says so and what to do")
    func portInUse() async throws {
        let (relay, port) = try await Self.start(["--matches", "1", "--no-journal"])
        defer { relay.signal(SIGTERM) }
        let outcome = try await CommandRunner.run(
            ["bench", "relay", "--port", "\(port)", "--no-journal"], timeout: .seconds(30))
        #expect(outcome.status == 1)
        #expect(outcome.standardError.contains("cannot listen on 127.0.0.1:\(port)"))
        #expect(outcome.standardError.contains("choose another --port"))
    }
}
