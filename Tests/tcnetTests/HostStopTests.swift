import Conformance
import Foundation
import TestSupport
import Testing

/// `tcnet host` stops promptly on SIGTERM, whatever its web clients do.
struct HostStopTests {
    @Test("SIGTERM: a WebSocket that never answers a close and a web connection that sent nothing do not hold it")
    func webClientsDoNotHoldTheStop() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tcnet-stop-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let host = try CommandRunner(["host", "--bind", "127.0.0.1", "--port", "0", "--data", folder, "--no-advertise"])
        let log = try await host.waitForStandardError(containing: "web client listening")
        let webPort = try #require(CommandRunner.port(onLineWith: "web client listening", in: log))

        // NB: the Probe never answers a WebSocket close frame, as a tab asleep on an iPad does not.
        let browser = try await Probe.connectWebSocket(host: "127.0.0.1", port: webPort, path: "/ws").get()
        await browser.send(json: #"{"type":"hello","id":1,"protocol":1,"name":"Lan"}"#)
        #expect(await browser.read(timeout: .seconds(20)).message?.type == "welcome")
        // A connection that sends nothing, as Chromium's preconnected sockets do.
        let quiet = try await Probe.connect(host: "127.0.0.1", port: webPort)
        _ = try await host.waitForStandardError(containing: "hello accepted")

        let signalled = ContinuousClock.now
        host.signal(SIGTERM)
        // NB: the deadlines are far below the web side's 20 s first-request timeout and 60 s idle timeout,
        // so only the stop itself can meet them.
        let (messages, browserClosed) = await browser.readUntilClosed(timeout: .seconds(12))
        #expect(messages.map(\.code) == ["shutting-down"])
        #expect(browserClosed && browser.closeCode == 1001)
        #expect(await quiet.readUntilClosed(timeout: .seconds(12)).closed, "the quiet web connection is closed")
        let outcome = try await host.waitForExit(timeout: .seconds(12))
        #expect(outcome.status == 0)
        #expect(ContinuousClock.now - signalled < .seconds(12))
        #expect(outcome.standardError.contains("stopped"))
    }
}
