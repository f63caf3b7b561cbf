import Foundation
import Peer
import Protocol
import TestSupport
import Testing

/// Timeouts, the rate limit, the connection limit and shutdown, over real loopback TCP.
@Suite("Host: liveness and limits over TCP")
struct HostLimitsTests {
    @Test("200 messages in one second: the burst is served, the rest get rate-limited, the connection stays")
    func rateLimit() async throws {
        try await withHost { host in
            let client = try await RawClient.greeted(port: host.port, name: "Lan")
            let burst = (0..<200).flatMap { WireCodec.frame(ClientEnvelope(id: .number(Int64($0)), .ping(Ping()))) }
            try await client.send(bytes: burst)
            var pongs = 0
            var limited: [ErrorMessage] = []
            for _ in 0..<200 {
                let answer = try await client.readMessage()
                switch answer.message {
                case .pong: pongs += 1
                case .error(let error): limited.append(error)
                default: Issue.record("unexpected \(answer)")
                }
            }
            // NB: hello used one token of the burst of 50; more refill (20 a second) while the 200 arrive.
            #expect((49...80).contains(pongs))
            #expect(limited.count == 200 - pongs)
            #expect(limited.allSatisfy { $0.code == .rateLimited && !$0.fatal && ($0.retryAfterMs ?? 0) > 0 })

            try await Task.sleep(for: .milliseconds(200))
            try await client.send(ClientEnvelope(id: .string("after"), .ping(Ping())))
            #expect(try await client.readMessage() == HostEnvelope(re: .string("after"), .pong(Pong())))
        }
    }

    @Test("no hello within the hello timeout: hello-timeout and a close")
    func helloTimeout() async throws {
        try await withHost({ $0.helloTimeout = .milliseconds(300) }) { host in
            let started = ContinuousClock.now
            let client = try await RawClient.connect(port: host.port)
            #expect(try await client.readUntilClosed().map(\.error?.code) == [.helloTimeout])
            #expect(started.duration(to: .now) >= .milliseconds(290))
        }
    }

    @Test("a greeted connection is not closed by the hello timeout")
    func helloTimeoutSparesGreeted() async throws {
        // NB: generous margins: the machine may be busy, and a late welcome must not look like a bug.
        try await withHost({ $0.helloTimeout = .seconds(12) }) { host in
            let connected = ContinuousClock.now
            let client = try await RawClient.greeted(port: host.port, name: "Lan")
            try await Task.sleep(until: connected + .milliseconds(12_500))
            try await client.send(ClientEnvelope(id: .number(1), .ping(Ping())))
            #expect(try await client.readMessage() == HostEnvelope(re: .number(1), .pong(Pong())))
        }
    }

    @Test("a frame left unfinished: frame-timeout and a close")
    func frameTimeout() async throws {
        try await withHost({ $0.frameTimeout = .milliseconds(300) }) { host in
            let client = try await RawClient.greeted(port: host.port, name: "Lan")
            try await client.send(bytes: Array(WireCodec.frame(ClientEnvelope(.ping(Ping()))).dropLast(2)))
            #expect(try await client.readUntilClosed().map(\.error?.code) == [.frameTimeout])
        }
    }

    @Test("a slow frame that finishes in time is read")
    func slowFrameInTime() async throws {
        try await withHost({ $0.frameTimeout = .seconds(10) }) { host in
            let client = try await RawClient.greeted(port: host.port, name: "Lan")
            let frame = WireCodec.frame(ClientEnvelope(id: .number(4), .ping(Ping())))
            try await client.send(bytes: Array(frame.prefix(5)))
            try await Task.sleep(for: .milliseconds(300))
            try await client.send(bytes: Array(frame.dropFirst(5)))
            #expect(try await client.readMessage() == HostEnvelope(re: .number(4), .pong(Pong())))
        }
    }

    @Test("silence beyond the idle timeout: idle-timeout and a close; pings keep a connection alive")
    func idleTimeout() async throws {
        // NB: 10 s, not milliseconds: the idle timer runs from the connect, and in a full run's first seconds
        // on 2 cores the host may read a hello seconds after it (greeted sends it with the connect; a CI run
        // once saw no welcome within 10 s when the hello waited for the test's task). The pings span more.
        try await withHost({ $0.idleTimeout = .seconds(10) }) { host in
            let quiet = try await RawClient.greeted(port: host.port, name: "Quiet")
            let chatty = try await RawClient.greeted(port: host.port, name: "Chatty")
            for index in 0..<14 {
                try await Task.sleep(for: .milliseconds(800))
                try await chatty.send(ClientEnvelope(id: .number(Int64(index)), .ping(Ping())))
                #expect(try await chatty.readMessage().re == .number(Int64(index)))
            }
            #expect(try await quiet.readUntilClosed().map(\.error?.code) == [.idleTimeout])
        }
    }

    @Test("the connection beyond the limit gets host-full and a close; the others are served")
    func connectionLimit() async throws {
        try await withHost({ $0.maxConnections = 2 }) { host in
            let first = try await RawClient.greeted(port: host.port, name: "One")
            let second = try await RawClient.connect(port: host.port)
            _ = try await second.hello(name: "Two")
            let third = try await RawClient.connect(port: host.port)
            let refused = try await third.readUntilClosed()
            #expect(refused.map(\.error?.code) == [.hostFull])
            try await first.send(ClientEnvelope(id: .number(1), .ping(Ping())))
            #expect(try await first.readMessage() == HostEnvelope(re: .number(1), .pong(Pong())))
        }
    }

    @Test("stopping the host tells every connection shutting-down and closes it")
    func shutdown() async throws {
        try await withHost { host in
            let client = try await RawClient.greeted(port: host.port, name: "Lan")
            host.stop()
            #expect(try await client.readUntilClosed().map(\.error?.code) == [.shuttingDown])
        }
    }
}

@Suite("Host: a client that stops reading")
struct SlowConsumerTests {
    /// The kernel's send buffer of the host's side of the connection to `clientPort` (`tb` in `ss -tm`).
    static func hostSendBuffer(hostPort: Int, clientPort: Int) throws -> Int? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ss")
        process.arguments = ["-tmnH", "src", "127.0.0.1:\(hostPort)", "and", "dst", "127.0.0.1:\(clientPort)"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard let range = output.range(of: #"tb(\d+)"#, options: .regularExpression) else { return nil }
        return Int(output[range].dropFirst(2))
    }

    @Test("dropped once about 1 MiB is queued for it: the kernel holds at most 128 KiB more, not megabytes")
    func droppedNearTheDocumentedFigure() async throws {
        try await withHost({ $0.rateLimit = RateLimit(burst: 1_000_000, perSecond: 1_000_000) }) { host in
            let client = try await RawClient.connect(port: host.port)
            guard case .welcome = try await client.hello(name: "Sleepy").message else {
                Issue.record("no welcome")
                return
            }
            for _ in 0..<8 {
                try await client.send(ClientEnvelope(.createTable(CreateTable(game: "taxcollection"))))
            }
            // Asks for the tables again and again (about 1,800 bytes a reply), reading nothing, until the
            // host gives up on it: then its sends fail.
            let request = WireCodec.frame(ClientEnvelope(.tables(TablesRequest())))
            let burst = Array([[UInt8]](repeating: request, count: 100).joined())
            let sending = ContinuousClock.now + .seconds(60)
            var refused = false
            var sendBuffer: Int?
            while !refused, ContinuousClock.now < sending {
                refused = (try? await client.send(bytes: burst)) == nil
                if !refused, let now = try Self.hostSendBuffer(hostPort: host.port, clientPort: client.localPort) {
                    sendBuffer = max(sendBuffer ?? 0, now)
                }
            }
            #expect(refused, "the host stopped taking requests from a client that does not read")
            // NB: Linux doubles the 64 KiB asked for; a send buffer left to grow reaches megabytes.
            let seen = try #require(sendBuffer, "ss showed the host's side of the connection")
            #expect(seen <= 128 * 1024 + 4096, "the host's send buffer grew to \(seen) bytes")
            var closed = false
            let deadline = ContinuousClock.now + .seconds(30)
            while !closed, ContinuousClock.now < deadline {
                do {
                    _ = try await client.readFrame(timeout: .seconds(5))
                } catch RawClient.Failure.closed {
                    closed = true
                } catch {
                    break
                }
            }
            #expect(closed, "the host closed the connection of a client that does not read")
        }
    }
}
