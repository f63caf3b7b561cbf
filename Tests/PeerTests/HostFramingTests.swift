import Dispatch
import Foundation
import Lobby
import Peer
import Protocol
import Synchronization
import TaxCollectionRules
import TestSupport
import Testing

/// Malformed input over real loopback TCP: an error frame, then a close.
@Suite("Host: framing over TCP")
struct HostFramingTests {
    private func expectFatal(_ bytes: [UInt8], code: ErrorCode, greetFirst: Bool = false) async throws {
        try await withHost { host in
            let client =
                greetFirst
                ? try await RawClient.greeted(port: host.port, name: "Lan")
                : try await RawClient.connect(port: host.port)
            try await client.send(bytes: bytes)
            // NB: the answer is immediate on an idle machine; the margin is for a loaded one.
            let messages = try await client.readUntilClosed(timeout: .seconds(15))
            #expect(messages.map(\.error?.code) == [code])
            #expect(messages.first?.error?.fatal == true)
        }
    }

    @Test("a header announcing 10,000,000 bytes is refused at once, without the payload being sent")
    func oversizeHeader() async throws {
        // NB: the frame timeout is far longer than the client waits: a host that waited for the payload
        // before judging the header would make readUntilClosed time out.
        try await withHost({ $0.frameTimeout = .seconds(60) }) { host in
            let client = try await RawClient.connect(port: host.port)
            try await client.send(bytes: FrameEncoder.header(length: 10_000_000))
            let messages = try await client.readUntilClosed(timeout: .seconds(5))
            #expect(messages.map(\.error?.code) == [.frameTooLarge])
        }
    }

    @Test("a header announcing too much is refused at once while the lobby cannot admit the connection yet")
    func oversizeHeaderDuringAdmission() async throws {
        try await withHost({ $0.frameTimeout = .seconds(60) }) { host in
            let port = host.port
            // NB: admission runs in a task; with every thread of the cooperative pool held, it waits, and the
            // host's socket reads must not wait with it. The client runs on a thread of its own.
            // NB: in rounds: a thread of the pool may be busy with another test for a while, and a round that
            // cannot hold every thread lets the ones it holds go after 2 s, so the other tests go on meanwhile.
            let threads = ProcessInfo.processInfo.activeProcessorCount
            let answer = await withCheckedContinuation { continuation in
                DispatchQueue.global().async {
                    let deadline = ContinuousClock.now + .seconds(90)
                    while ContinuousClock.now < deadline {
                        let pool = PoolHold(threads: threads)
                        for _ in 0..<threads { Task.detached { pool.hold() } }
                        defer { pool.release() }
                        guard pool.waitUntilHeld(timeout: .seconds(2)) else { continue }
                        guard let client = try? RawConnection(port: port) else { break }
                        client.send(bytes: FrameEncoder.header(length: 10_000_000))
                        let text = client.blockingRead(until: "frame-too-large", timeout: .seconds(5)).text
                        return continuation.resume(returning: (text: text, held: pool.stillHeld))
                    }
                    continuation.resume(returning: (text: "the pool was never held", held: false))
                }
            }
            #expect(answer.text.contains("frame-too-large"), "\(answer.text)")
            #expect(answer.held, "the answer came while the pool was held")
        }
    }

    @Test("a header one byte over maxFrame is refused; one at maxFrame is read")
    func limitBoundary() async throws {
        // NB: a limit that still holds the host's own welcome (F-11: no host frame is larger), which lists
        // every game the host offers: one game here, so the classroom's growth does not outgrow it.
        try await withHost(catalog: GameCatalog([TaxCollectionGame.self]), { $0.maxFrame = 1_000 }) { host in
            let client = try await RawClient.greeted(port: host.port, name: "Lan")
            var atLimit = Array(#"{"type":"ping","id":1}"#.utf8)
            atLimit += Array(repeating: UInt8(ascii: " "), count: 1_000 - atLimit.count)
            try await client.send(bytes: FrameEncoder.frame(atLimit))
            #expect(try await client.readMessage() == HostEnvelope(re: .number(1), .pong(Pong())))
            try await client.send(bytes: FrameEncoder.header(length: 1_001))
            #expect(try await client.readUntilClosed().map(\.error?.code) == [.frameTooLarge])
        }
    }

    @Test("a zero-length frame gets empty-frame and a close")
    func zeroLength() async throws {
        try await self.expectFatal([0, 0, 0, 0], code: .emptyFrame)
    }

    @Test("a payload that is not JSON gets invalid-json and a close")
    func notJSON() async throws {
        try await self.expectFatal(FrameEncoder.frame(Array("hello there".utf8)), code: .invalidJSON)
    }

    @Test("an HTTP GET / gets http-not-supported and a close")
    func httpGet() async throws {
        try await self.expectFatal(Array("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n".utf8), code: .httpNotSupported)
    }

    @Test("invalid UTF-8 gets invalid-utf8 and a close, after hello too")
    func invalidUTF8() async throws {
        try await self.expectFatal(FrameEncoder.frame([0x7B, 0xC3, 0x28, 0x7D]), code: .invalidUTF8, greetFirst: true)
    }

    @Test("a JSON array gets not-an-object and a close")
    func jsonArray() async throws {
        try await self.expectFatal(FrameEncoder.frame(Array(#"[{"type":"ping"}]"#.utf8)), code: .notAnObject)
    }

    @Test("an object without a type gets missing-type and a close")
    func missingType() async throws {
        try await self.expectFatal(FrameEncoder.frame(Array(#"{"id":1}"#.utf8)), code: .missingType, greetFirst: true)
    }

    @Test("a frame sent one byte per write, and two frames in one write, are both read")
    func splitAndCoalesced() async throws {
        // NB: timeouts far longer than the test: on a loaded machine 60 separate writes can outlast the
        // default frame timeout (L-3), which is not what this test is about.
        try await withHost({
            $0.frameTimeout = .seconds(120)
            $0.helloTimeout = .seconds(120)
        }) { host in
            let client = try await RawClient.connect(port: host.port)
            let hello = WireCodec.frame(ClientEnvelope(id: .number(1), .hello(Hello(name: "Lan"))))
            for byte in hello {
                try await client.send(bytes: [byte])
            }
            guard case .welcome = try await client.readMessage().message else {
                Issue.record("no welcome for a byte-by-byte hello")
                return
            }
            let two =
                WireCodec.frame(ClientEnvelope(id: .number(2), .ping(Ping())))
                + WireCodec.frame(ClientEnvelope(id: .number(3), .ping(Ping())))
            try await client.send(bytes: two)
            #expect(try await client.readMessage().re == .number(2))
            #expect(try await client.readMessage().re == .number(3))
        }
    }
}

/// A connection's session runs on its event loop (SessionHandler): the lobby's answers and the session's
/// own keep the order of the connection's messages, however they arrive.
@Suite("Host: one connection's answers in order")
struct SessionOrderTests {
    @Test("in one write: pings, an unknown type and a join without its fields are answered in the order sent")
    func errorsKeepTheirPlace() async throws {
        try await withHost { host in
            let client = try await RawClient.greeted(port: host.port, name: "Lan")
            let payloads = [
                #"{"type":"ping","id":1}"#, #"{"type":"no-such-type","id":2}"#, #"{"type":"ping","id":3}"#,
                #"{"type":"join","id":4}"#, #"{"type":"ping","id":5}"#,
            ]
            try await client.send(bytes: payloads.flatMap { FrameEncoder.frame(Array($0.utf8)) })
            var answers: [HostEnvelope] = []
            for _ in payloads { answers.append(try await client.readMessage()) }
            #expect(answers.map(\.re) == (1...5).map { .number(Int64($0)) })
            #expect(answers.map(\.message.type) == ["pong", "error", "pong", "error", "pong"])
        }
    }

    @Test("a fatal error after two pings: both pongs, then the error, then the close")
    func fatalAfterTheRest() async throws {
        try await withHost { host in
            let client = try await RawClient.greeted(port: host.port, name: "Lan")
            let pings = [#"{"type":"ping","id":1}"#, #"{"type":"ping","id":2}"#].flatMap {
                FrameEncoder.frame(Array($0.utf8))
            }
            try await client.send(bytes: pings + FrameEncoder.frame([0x7B, 0xFF, 0x7D]))
            let messages = try await client.readUntilClosed(timeout: .seconds(15))
            #expect(messages.map(\.re) == [.number(1), .number(2), nil])
            #expect(messages.last?.error?.code == .invalidUTF8)
            #expect(messages.last?.error?.fatal == true)
        }
    }
}

/// Holds every thread of the cooperative pool for a while: tasks wait until ``release()``.
private final class PoolHold: Sendable {
    let threads: Int
    private let held = Mutex(0)
    private let gate = DispatchSemaphore(value: 0)

    init(threads: Int) {
        self.threads = threads
    }

    /// Blocks the calling pool thread until ``release()`` (15 s at most).
    func hold() {
        self.held.withLock { $0 += 1 }
        _ = self.gate.wait(timeout: .now() + 15)
        self.held.withLock { $0 -= 1 }
    }

    /// Whether every pool thread is held, waiting up to `timeout` for it; from a thread outside the pool.
    func waitUntilHeld(timeout: Duration) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if self.stillHeld { return true }
            usleep(1_000)
        }
        return false
    }

    var stillHeld: Bool { self.held.withLock { $0 } >= self.threads }

    func release() {
        for _ in 0..<self.threads { self.gate.signal() }
    }
}
