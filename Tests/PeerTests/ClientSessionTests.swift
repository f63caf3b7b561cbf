import Foundation
import Peer
import Protocol
import TestSupport
import Testing

/// `ClientSession` against a real host on loopback: how it ends, and how it comes back.
@Suite("ClientSession: ends in plain words, comes back without a token the host lost")
struct ClientSessionTests {
    /// Runs a session until its first `welcome` or its end.
    static func opening(_ session: ClientSession) async -> ClientSession.SessionEvent? {
        Task { await session.run() }
        var events = session.events.makeAsyncIterator()
        return await events.next()
    }

    @Test("a port where nothing listens: unreachable, said in words, without the library's type names")
    func unreachable() async throws {
        try await withDeadline(seconds: 30) {
            // NB: a port bound and not listening: nothing answers there, and nobody else can take it.
            let bound = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(bound) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let port = withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw -> Int in
                    guard bind(bound, raw, length) == 0, getsockname(bound, raw, &length) == 0 else { return 0 }
                    return Int(UInt16(bigEndian: pointer.pointee.sin_port))
                }
            }
            try #require(port > 0)
            let session = ClientSession(host: "127.0.0.1", port: port, hello: Hello(name: "Lan"))
            guard case .ended(.unreachable(let why))? = await Self.opening(session) else {
                Issue.record("the session did not end as unreachable")
                return
            }
            #expect(why == "cannot reach 127.0.0.1:\(port): nothing answers on port \(port) there (connection refused)")
        }
    }

    @Test(
        "a kept token the host does not know: the session says a plain hello with the same name on the same connection")
    func lostTokenFallsBack() async throws {
        try await withDeadline(seconds: 30) {
            try await withHost { host in
                let stale = ResumeToken(rawValue: String(repeating: "ab", count: 32))
                let session = ClientSession(
                    host: "127.0.0.1", port: host.port, hello: Hello(name: "Lan", resume: stale))
                guard case .connected(let welcome)? = await Self.opening(session) else {
                    Issue.record("no welcome")
                    return
                }
                #expect(welcome.name == "Lan" && !welcome.resumed && welcome.resumeToken != stale)
                await session.close()
            }
        }
    }

    @Test("a refused name ends the session with the host's error; a seat code the host does not know too")
    func refusals() async throws {
        try await withDeadline(seconds: 30) {
            try await withHost { host in
                let first = ClientSession(host: "127.0.0.1", port: host.port, hello: Hello(name: "Lan"))
                guard case .connected? = await Self.opening(first) else { throw CommandRunnerError.timedOut("welcome") }
                let twin = ClientSession(host: "127.0.0.1", port: host.port, hello: Hello(name: "LAN"))
                guard case .ended(.refused(let taken))? = await Self.opening(twin) else {
                    Issue.record("the twin was not refused")
                    return
                }
                #expect(taken.code == .nameTaken)
                let guess = ClientSession(
                    host: "127.0.0.1", port: host.port, hello: Hello(name: "", seatCode: SeatCode(bits: 99)))
                guard case .ended(.refused(let wrong))? = await Self.opening(guess) else {
                    Issue.record("the wrong code was not refused")
                    return
                }
                #expect(wrong.code == .badSeatCode)
                await first.close()
            }
        }
    }

    @Test("replaced by its seat code on another machine, a session ends instead of taking the seat back")
    func replacedEnds() async throws {
        try await withDeadline(seconds: 30) {
            try await withHost { host in
                let first = ClientSession(
                    host: "127.0.0.1", port: host.port, hello: Hello(name: "Lan"),
                    retry: .init(delay: .milliseconds(50), attempts: 5))
                Task { await first.run() }
                var events = first.events.makeAsyncIterator()
                guard case .connected(let welcome)? = await events.next(), let code = welcome.seatCode else {
                    throw CommandRunnerError.timedOut("welcome with a seat code")
                }
                let second = ClientSession(host: "127.0.0.1", port: host.port, hello: Hello(name: "", seatCode: code))
                guard case .connected(let taken)? = await Self.opening(second) else {
                    throw CommandRunnerError.timedOut("welcome on the second machine")
                }
                #expect(taken.resumed && taken.player == welcome.player)
                var end: SessionEnd?
                while let event = await events.next() {
                    if case .reconnecting = event { Issue.record("the replaced session tried to come back") }
                    if case .ended(let ending) = event { end = ending }
                }
                guard case .refused(let error)? = end else {
                    Issue.record("ended with \(String(describing: end))")
                    return
                }
                #expect(error.code == .sessionReplaced)
                #expect(await second.welcome?.resumed == true)
                await second.close()
            }
        }
    }

    @Test("a connection accepted and never greeted (a host restarting) is given up at the deadline and tried again")
    func unansweredHelloTriedAgain() async throws {
        try await withDeadline(seconds: 60) {
            // NB: the scripted host takes one connection; the session's second waits in its listening queue,
            // connected and never answered, as one taken by a socket that listened for a moment was.
            let host = try ScriptedHost()
            host.run { connection in
                try connection.welcome(try connection.receive(), host: "Far", name: "Lan")
            }
            let session = ClientSession(
                host: "127.0.0.1", port: host.port, hello: Hello(name: "Lan"),
                retry: .init(delay: .milliseconds(100), attempts: 2, greeting: .milliseconds(500)))
            Task { await session.run() }
            var events = session.events.makeAsyncIterator()
            guard case .connected? = await events.next() else {
                Issue.record("no welcome")
                return
            }
            try await host.finish()
            guard case .reconnecting(1, _)? = await events.next() else {
                Issue.record("the close was not noticed")
                return
            }
            let next = await events.next()
            guard case .reconnecting(2, let why)? = next else {
                Issue.record("the unanswered hello was not given up: \(String(describing: next))")
                return
            }
            #expect(why == "the host did not answer hello within 0.5 s")
            await session.close()
        }
    }

    @Test("a request connection whose hello is never answered fails at the deadline, in words")
    func unansweredHelloFails() async throws {
        try await withDeadline(seconds: 60) {
            let host = try ScriptedHost()
            let error = await #expect(throws: ClientConnection.Failure.self) {
                try await ClientConnection.withConnection(
                    host: "127.0.0.1", port: host.port, hello: Hello(name: "Lan"), greeting: .milliseconds(1_500)
                ) { _ in }
            }
            #expect(error.map { "\($0)" } == "the host did not answer hello within 1.5 s")
        }
    }

    @Test("a welcome that arrives a byte at a time, for longer than the deadline, is an answer: only silence is not")
    func slowWelcomeAccepted() async throws {
        try await withDeadline(seconds: 60) {
            let host = try ScriptedHost()
            host.run { connection in
                // NB: about 250 bytes, 8 ms apart: 2 s in all, four times the deadline, never silent for long.
                try connection.welcome(try connection.receive(), host: "Far", name: "Lan", bytesApart: .milliseconds(8))
                _ = try? connection.receive(timeout: .seconds(5))
            }
            let clock = ContinuousClock()
            let start = clock.now
            let name = try await ClientConnection.withConnection(
                host: "127.0.0.1", port: host.port, hello: Hello(name: "Lan"), greeting: .milliseconds(500)
            ) { connection in connection.welcome.name }
            #expect(name == "Lan")
            #expect(start.duration(to: clock.now) >= .seconds(1), "the welcome came slower than the deadline")
            try await host.finish()
        }
    }

    @Test("a host that answers nothing, without closing (a cut link), is left after three silent pings")
    func silentHostLeft() async throws {
        try await withDeadline(seconds: 60) {
            let host = try ScriptedHost()
            host.run { connection in
                let hello = try connection.receive()
                // NB: a short idle timeout, so the client pings every second; then the host says nothing.
                try connection.welcome(hello, host: "Far", name: "Lan", idleTimeoutMs: 3_000)
                while (try? connection.receive(timeout: .seconds(30))) != nil {}
            }
            let session = ClientSession(
                host: "127.0.0.1", port: host.port, hello: Hello(name: "Lan"),
                retry: .init(delay: .milliseconds(100), attempts: 1))
            // NB: the clock starts before the session does: it cannot have heard the host earlier, and this task
            // may be resumed late after the welcome on a loaded machine.
            let clock = ContinuousClock()
            let start = clock.now
            Task { await session.run() }
            var events = session.events.makeAsyncIterator()
            guard case .connected? = await events.next() else {
                Issue.record("no welcome")
                return
            }
            let next = await events.next()
            let waited = start.duration(to: clock.now)
            guard case .reconnecting? = next else {
                Issue.record("the session did not notice the silence: \(String(describing: next))")
                return
            }
            #expect(waited >= .seconds(3), "not before three pings went unanswered")
            await session.close()
            try await host.finish()
        }
    }
}

/// A session keeps under the host's rate limit by itself: a bot answering every state at once never
/// has a move dropped (`rate-limited`, L-5).
@Suite("ClientSession: paced under the host's rate limit")
struct ClientSessionPaceTests {
    @Test("50 messages sent back to back under a limit of 40 at once and 10 a second: every one answered, none refused")
    func pacedUnderTheLimit() async throws {
        try await withDeadline(seconds: 60) {
            try await withHost({ $0.rateLimit = RateLimit(burst: 40, perSecond: 10) }) { host in
                let session = ClientSession(host: "127.0.0.1", port: host.port, hello: Hello(name: "Quick"))
                Task { await session.run() }
                var events = session.events.makeAsyncIterator()
                guard case .connected? = await events.next() else {
                    Issue.record("no welcome")
                    return
                }
                let sent = ContinuousClock.now
                for _ in 0..<50 { await session.send(.ping(Ping())) }
                var pongs = 0
                var refused: [ErrorMessage] = []
                while pongs + refused.count < 50, case .message(let envelope)? = await events.next() {
                    switch envelope.message {
                    case .pong: pongs += 1
                    case .error(let error): refused.append(error)
                    default: break
                    }
                }
                #expect(refused.isEmpty, "\(refused.map(\.message))")
                #expect(pongs == 50)
                // NB: 30 at once, then 9 a second: the 50th goes about 2.2 s after the first; a lower bound only.
                // Without the pace, the host drops the 11 over its burst. The pace's margin (10 of the burst)
                // absorbs messages that arrive bunched on a loaded machine.
                #expect(ContinuousClock.now - sent >= .seconds(1.5))
                await session.close()
            }
        }
    }
}
