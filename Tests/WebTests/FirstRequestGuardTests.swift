import Foundation
import Logging
import Peer
import ServiceLifecycle
import TestSupport
import Testing

@testable import Web

/// A web connection that has not sent its first request is closed when the server stops, or once it has
/// been quiet too long (``FirstRequestGuard``); a served one is left to HTTP's and the WebSocket's own
/// handling.
@Suite("Web: connections before their first request")
struct FirstRequestGuardTests {
    @Test("closed after the first-request timeout: one that sent nothing, one that sent half a request head")
    func quietConnectionsTimeOut() async throws {
        try await withWebHost(web: { $0.firstRequestTimeout = .milliseconds(400) }) { _, port in
            let opened = ContinuousClock.now
            let quiet = try RawConnection(port: port)
            let half = try RawConnection(port: port)
            half.send("GET / HT")
            #expect(await quiet.read(until: nil, timeout: .seconds(10)).closed, "the quiet connection is closed")
            #expect(await half.read(until: nil, timeout: .seconds(10)).closed, "the half request is closed")
            #expect(ContinuousClock.now - opened >= .milliseconds(400), "not before the timeout")
        }
    }

    @Test("a served page connection and a WebSocket stay open past the first-request timeout")
    func servedConnectionsStay() async throws {
        let timeouts: (inout HostConfiguration) -> Void = { $0.helloTimeout = .seconds(60) }
        try await withWebHost(timeouts, web: { $0.firstRequestTimeout = .milliseconds(400) }) { _, port in
            // NB: each request is sent as soon as its connection is open, with no await between the two: a
            // test task held up on a loaded machine must not leave the connection quiet past the timeout.
            let page = try RawConnection(port: port)
            page.send("GET /info.json HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            let browser = try RawConnection(port: port)
            browser.send(
                "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n"
                    + "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n")
            #expect(await page.read(until: "HTTP/1.1 200", timeout: .seconds(10)).text.contains("HTTP/1.1 200"))
            #expect(await browser.read(until: "HTTP/1.1 101", timeout: .seconds(10)).text.contains("HTTP/1.1 101"))
            // NB: opened after both, this one's timer is due after theirs: once it is closed, theirs fired.
            let sentinel = try RawConnection(port: port)
            #expect(await sentinel.read(until: nil, timeout: .seconds(10)).closed)

            page.send("GET /info.json HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            let second = await page.read(until: "HTTP/1.1 200", timeout: .seconds(10))
            #expect(second.text.contains("HTTP/1.1 200") && !second.closed, "the page connection still serves")
            #expect(!(await browser.read(until: nil, timeout: .seconds(1)).closed), "the WebSocket is still open")
        }
    }

    @Test("a stopping web server closes connections that sent nothing or half a request head, and returns")
    func quietConnectionsDoNotHoldTheStop() async throws {
        var configuration = HostConfiguration(bindAddress: "127.0.0.1", port: 0, hostName: "Stop test")
        configuration.helloTimeout = .seconds(60)
        let logger = Logger(label: "first-request-test") { _ in SwiftLogNoOpLogHandler() }
        let host = try await TCNetHost.bind(
            configuration: configuration, catalog: .classroom, store: nil, logger: logger)
        // NB: far beyond the test's deadlines, so only the stop can close them.
        let web = WebServer(
            host: host,
            configuration: WebConfiguration(bindAddress: "127.0.0.1", port: 0, firstRequestTimeout: .seconds(60)),
            logger: logger)
        let group = ServiceGroup(configuration: .init(services: [web], logger: logger))
        let running = Task { try await group.run() }
        defer { host.stop() }
        let port = try await web.listeningPort()
        let quiet = try RawConnection(port: port)
        let half = try RawConnection(port: port)
        half.send("GET / HT")
        // The server has them once a page request on a later connection is answered.
        #expect(try await httpGet(port: port, path: "/").status == 200)

        await group.triggerGracefulShutdown()
        #expect(await quiet.read(until: nil, timeout: .seconds(10)).closed, "the quiet connection is closed")
        #expect(await half.read(until: nil, timeout: .seconds(10)).closed, "the half request is closed")
        try await withDeadline(seconds: 10) { try await running.value }
    }
}
