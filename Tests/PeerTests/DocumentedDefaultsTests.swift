import Foundation
import Peer
import Testing

@Suite("docs/PROTOCOL.md states the host's defaults")
struct DocumentedDefaultsTests {
    @Test("the limits table matches HostConfiguration's defaults")
    func limitsTable() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let specification = try String(contentsOf: root.appendingPathComponent("docs/PROTOCOL.md"), encoding: .utf8)
        let defaults = HostConfiguration()
        let facts = [
            "| hello timeout: connect to accepted `hello` | \(defaults.helloTimeout.nanoseconds / 1_000_000_000) s |",
            "| \(defaults.frameTimeout.nanoseconds / 1_000_000_000) s from its first byte |",
            "| \(defaults.idleTimeout.nanoseconds / 1_000_000_000) s (`idleTimeoutMs` in `welcome`) |",
            "| \(defaults.maxFrame.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))) bytes (`maxFrame`) |",
            "| burst \(defaults.rateLimit.burst), refill \(defaults.rateLimit.perSecond) per second (`rateLimit`) |",
            "| connections per host | \(defaults.maxConnections) |",
            "| \(defaults.maxQueuedBytes >> 20) MiB |",
            "port \(HostConfiguration.defaultPort)",
        ]
        for fact in facts {
            #expect(specification.contains(fact), "docs/PROTOCOL.md should say \(fact)")
        }
    }
}
