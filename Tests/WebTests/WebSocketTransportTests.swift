import Conformance
import Foundation
import Peer
import Protocol
import TestSupport
import Testing

/// tcnet/1 over the web side's WebSocket, on real loopback sockets: the same lobby, limits and resume
/// tokens as framed TCP (docs/PROTOCOL.md section 16).
@Suite("Web: the WebSocket is a second way into the same lobby")
struct WebSocketTransportTests {
    @Test("a TCP player and a WebSocket player meet in one lobby and play one table")
    func oneLobby() async throws {
        try await withWebHost { host, port in
            let browser = try await webSocket(port: port)
            _ = try await browser.hello("Mai")
            let terminal = try await RawClient.greeted(port: host.port, name: "Lan")
            let players = try await browser.request(#"{"type":"players","id":2}"#, id: 2)
            #expect(players.array("players")?.compactMap { $0.objectValue?.string("name") } == ["Mai", "Lan"])

            let table = try await browser.request(#"{"type":"create-table","id":3,"game":"taxcollection"}"#, id: 3)
            let id = try #require(table.object("table")?.string("id"))
            _ = try await browser.request(#"{"type":"sit","id":4,"table":"\#(id)","seat":"A"}"#, id: 4)
            _ = try await browser.request(#"{"type":"ready","id":5,"table":"\#(id)"}"#, id: 5)
            try await terminal.send(json: #"{"type":"sit","id":6,"table":"\#(id)","seat":"B"}"#)
            try await terminal.send(json: #"{"type":"ready","id":7,"table":"\#(id)"}"#)
            let first = await browser.read(until: { $0.type == "state" }, timeout: .seconds(10))
            #expect(first.message?.int("seq") == 0 && first.message?.string("turn") == "A")
            let moved = try await browser.request(
                #"{"type":"move","id":8,"table":"\#(id)","seq":0,"move":{"bank":5,"direction":"down"}}"#, id: 8)
            #expect(moved.type == "state" && moved.int("seq") == 1)
            // The TCP player sees the WebSocket player's move, as the lobby decided it.
            var seen: [Int] = []
            while seen.last != 1 {
                let message = try await terminal.readMessage()
                if case .state(let update) = message.message { seen.append(update.seq) }
            }
            #expect(seen == [0, 1])
        }
    }

    @Test("a session begun on TCP resumes over the WebSocket with its token; the TCP connection is replaced")
    func resumeAcrossTransports() async throws {
        try await withWebHost { host, port in
            let terminal = try await RawClient.connect(port: host.port)
            guard case .welcome(let welcome) = try await terminal.hello(name: "Lan").message else {
                Issue.record("no welcome")
                return
            }
            let browser = try await webSocket(port: port)
            let resumed = try await browser.hello("ignored", resume: welcome.resumeToken.rawValue)
            #expect(resumed.bool("resumed") == true)
            #expect(resumed.string("player") == welcome.player.rawValue && resumed.string("name") == "Lan")
            let closing = try await terminal.readUntilClosed()
            #expect(closing.map(\.error?.code) == [.sessionReplaced])
        }
    }

    @Test("one connection limit for both transports: the next WebSocket gets host-full and close code 1013")
    func connectionLimit() async throws {
        try await withWebHost({ $0.maxConnections = 2 }) { host, port in
            let terminal = try await RawClient.greeted(port: host.port, name: "Lan")
            let browser = try await webSocket(port: port)
            _ = try await browser.hello("Mai")
            let third = try await webSocket(port: port)
            let refusal = await third.read(timeout: .seconds(10))
            #expect(refusal.message?.code == "host-full" && refusal.message?.bool("fatal") == true)
            #expect(await third.readUntilClosed(timeout: .seconds(10)).closed)
            #expect(third.closeCode == 1013)
            _ = terminal
        }
    }

    @Test("the rate limit, the size cap and the hello timeout hold over the WebSocket")
    func limits() async throws {
        try await withWebHost({ $0.helloTimeout = .milliseconds(500) }) { _, port in
            let silent = try await webSocket(port: port)
            let timeout = await silent.read(timeout: .seconds(10))
            #expect(timeout.message?.code == "hello-timeout")
        }
        // A loaded machine can take longer than a short hello timeout between upgrade and hello.
        try await withWebHost({
            $0.rateLimit = RateLimit(burst: 5, perSecond: 1)
            // NB: above the welcome, which lists every game of the classroom (1.7 KB with three).
            $0.maxFrame = 4096
        }) { _, port in
            let flood = try await webSocket(port: port)
            let started = ContinuousClock.now
            _ = try await flood.hello("Mai")
            await flood.send(bytes: (1...10).flatMap { flood.frame(Array(#"{"type":"ping","id":\#($0)}"#.utf8)) })
            let answers = await flood.read(count: 10, timeout: .seconds(10))
            // NB: hello used one token of the five; a loaded machine can take more than a second between the
            // hello and the pings, and the bucket refills one token a second meanwhile.
            let refills = Int(started.duration(to: .now).components.seconds) + 1
            let pongs = answers.messages.filter { $0.type == "pong" }.count
            #expect((4...(4 + refills)).contains(pongs))
            #expect(answers.messages.filter { $0.code == "rate-limited" }.count == 10 - pongs)
            #expect(pongs < 10)

            let big = try await webSocket(port: port)
            _ = try await big.hello("Lan")
            await big.send(bytes: big.header(announcing: 4097))
            let refusal = await big.read(timeout: .seconds(10))
            #expect(refusal.message?.code == "frame-too-large")
            #expect(await big.readUntilClosed(timeout: .seconds(10)).closed && big.closeCode == 1009)
        }
    }

    @Test("a page from another site cannot open the WebSocket; the host's own page can")
    func origin() async throws {
        try await withWebHost { _, port in
            let foreign = try await Probe.connectWebSocket(
                host: "127.0.0.1", port: port, path: "/ws", origin: "http://evil.example")
            guard case .failure(let refused) = foreign else {
                Issue.record("a foreign Origin was upgraded")
                return
            }
            #expect(refused.status == 400)
            let own = try await webSocket(port: port, origin: "http://127.0.0.1:\(port)")
            #expect(try await own.hello("Mai").type == "welcome")
            let elsewhere = try await Probe.connectWebSocket(host: "127.0.0.1", port: port, path: "/other")
            if case .success = elsewhere { Issue.record("a WebSocket was opened at /other") }
        }
    }

    @Test("shutting down tells WebSocket players too, with close code 1001")
    func shutdown() async throws {
        let probe = try await withWebHost { host, port in
            let browser = try await webSocket(port: port)
            _ = try await browser.hello("Mai")
            host.stop()
            let goodbye = await browser.read(timeout: .seconds(10))
            #expect(goodbye.message?.code == "shutting-down")
            return browser
        }
        #expect(await probe.readUntilClosed(timeout: .seconds(10)).closed)
        #expect(probe.closeCode == 1001)
    }

    @Test("a WebSocket that arrives after the host stopped hears shutting-down and is closed, not welcomed")
    func arrivesAfterTheStop() async throws {
        try await withWebHost { host, port in
            let first = try await webSocket(port: port)
            _ = try await first.hello("Mai")
            host.stop()
            // NB: once the first hears it, the lobby has shut down; the web side still accepts.
            #expect(await first.read(timeout: .seconds(10)).message?.code == "shutting-down")
            let late = try await webSocket(port: port)
            await late.send(json: #"{"type":"hello","id":1,"protocol":1,"name":"Lan"}"#)
            let (messages, closed) = await late.readUntilClosed(timeout: .seconds(10))
            #expect(messages.map(\.code) == ["shutting-down"])
            #expect(closed && late.closeCode == 1001)
        }
    }
}
