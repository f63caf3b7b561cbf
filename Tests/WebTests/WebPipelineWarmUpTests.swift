import HummingbirdWebSocket
import Logging
import Testing

@testable import Web

/// The web server builds its connection pipeline once before it accepts, so that two event loops never
/// build its types at the same instant (the Swift runtime crashed there; see ``WebPipelineWarmUp``).
@Suite("Web: pipeline warm-up")
struct WebPipelineWarmUpTests {
    @Test("the warm-up takes both of a connection's paths: a page request, and a WebSocket upgrade")
    func bothPaths() {
        let configuration = HTTP1WebSocketUpgradeChannel.Configuration(
            http1: .init(idleTimeout: .seconds(60)), ws: WebSocketServerConfiguration(maxFrameSize: 1 << 16))
        let outcomes = WebPipelineWarmUp.run(configuration: configuration, logger: Logger(label: "warm-up-test"))
        #expect(outcomes == ["notUpgraded", "websocket"])
    }

    @Test("a fresh host answers many first connections at once: pages and WebSockets")
    func manyFirstConnections() async throws {
        try await withWebHost { _, port in
            try await withThrowingTaskGroup(of: Bool.self) { group in
                for index in 0..<8 {
                    group.addTask { try await httpGet(port: port, path: "/").status == 200 }
                    group.addTask {
                        let probe = try await webSocket(port: port)
                        let welcome = try await probe.hello("warm\(index)")
                        probe.drop()
                        return welcome.type == "welcome"
                    }
                }
                var answered = 0
                for try await ok in group where ok { answered += 1 }
                #expect(answered == 16)
            }
        }
    }
}
