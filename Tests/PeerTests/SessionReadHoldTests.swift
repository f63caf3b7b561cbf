import Dispatch
import Foundation
import NIOCore
import NIOPosix
import Protocol
import Synchronization
import TestSupport
import Testing

@testable import Peer

/// A connection whose session waits for the lobby holds at most ``SessionHandler/pendingLimit`` of its
/// messages; past that its socket is not read, and nothing it sent is lost or answered out of turn.
@Suite("Host: a waiting session stops reading its socket")
struct SessionReadHoldTests {
    @Test("with the lobby's thread held: 70 messages read, the 71st left in the socket, then all answered in order")
    func readsWaitForTheLobby() async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 2)
        do {
            try await Self.check(on: group)
            try await group.shutdownGracefully()
        } catch {
            try? await group.shutdownGracefully()
            throw error
        }
    }

    private static func check(on group: MultiThreadedEventLoopGroup) async throws {
        // NB: every connection on the loop the lobby is not on (`spreadAfter` 0), so that holding the lobby's
        // thread leaves the connection's reads to its own loop; no rate limit in the way of 70 messages.
        try await withHost(
            group: group,
            {
                $0.spreadAfter = 0
                $0.rateLimit = RateLimit(burst: 1_000, perSecond: 1_000)
            }
        ) { host in
            // NB: without the kernel's steering every connection is on the lobby's loop, which this test holds.
            try #require(host.steering != nil, "the system does not steer connections to the other loop")
            let lobby = LobbyThreadHold(host.service.loop)
            defer { lobby.release() }
            try await lobby.hold()
            let client = try await RawClient.connect(port: host.port)
            // NB: hello and 69 pings in one write: admission waits for the lobby, so every one of them waits in
            // the session, more than it holds before it stops the reads. About 2.4 KB: one pass of the loop's
            // reads takes them all (up to 3 840 bytes: 256, then doubled at each full read, four reads a pass),
            // and the hold, after the 64th, stops the next pass.
            var first = Array(WireCodec.frame(ClientEnvelope(id: .number(1), .hello(Hello(name: "Lan")))))
            for id in 2...70 { first += WireCodec.frame(ClientEnvelope(id: .number(Int64(id)), .ping(Ping()))) }
            try await client.send(bytes: first)
            let socket = HostSideSocket(hostPort: host.port, clientPort: client.localPort)
            try await eventually("the host read the first 70 messages", detail: socket.described) {
                socket.unreadBytes() == 0
            }
            // NB: invalid UTF-8, which the session answers in its turn (a framing error is answered at once).
            let last = FrameEncoder.frame([0x7B, 0xFF, 0x7D])
            try await client.send(bytes: last)
            try await eventually("the 71st message waiting in the host's socket", detail: socket.described) {
                socket.unreadBytes() == last.count
            }
            // NB: still there a while later: a host that read it would have done so within microseconds.
            try await Task.sleep(for: .milliseconds(200))
            #expect(socket.unreadBytes() == last.count, "the host read on while 70 messages waited")
            lobby.release()
            let messages = try await client.readUntilClosed(timeout: .seconds(30))
            let expected: [RequestID?] = (1...70).map { .number(Int64($0)) } + [nil]
            #expect(messages.map(\.re) == expected)
            #expect(messages.first?.message.type == "welcome")
            #expect(messages.dropFirst().prefix(69).allSatisfy { $0.message.type == "pong" })
            #expect(messages.last?.error?.code == .invalidUTF8)
        }
    }

}

/// Holds an event loop's thread (the lobby's) until released.
private final class LobbyThreadHold: Sendable {
    private let loop: any EventLoop
    private let entered = DispatchSemaphore(value: 0)
    private let gate = DispatchSemaphore(value: 0)
    private let released = Mutex(false)

    init(_ loop: any EventLoop) {
        self.loop = loop
    }

    /// Returns once the loop's thread is held.
    func hold() async throws {
        self.loop.execute { [entered, gate] in
            entered.signal()
            gate.wait()
        }
        let entered = self.entered
        let held = await Task.detached { entered.wait(timeout: .now() + 30) == .success }.value
        if !held { throw NotWithin(what: "the lobby's thread held", seconds: 30) }
    }

    /// Lets the loop go on; once only.
    func release() {
        let first = self.released.withLock { released in
            defer { released = true }
            return !released
        }
        if first { self.gate.signal() }
    }
}

/// The host's end of a loopback connection, as the kernel lists it in `/proc/net/tcp`.
private struct HostSideSocket: Sendable {
    let hostPort: Int
    let clientPort: Int

    /// ``unreadBytes()`` in words, for a failure.
    func described() -> String {
        self.unreadBytes().map { "\($0) bytes unread" } ?? "no such socket"
    }

    /// The bytes the kernel holds for the host that the host has not read; `nil` when the socket is gone.
    func unreadBytes() -> Int? {
        // NB: read to its end: `String(contentsOfFile:)` reads a file of /proc as far as its first page only.
        guard let file = FileHandle(forReadingAtPath: "/proc/net/tcp") else { return nil }
        defer { try? file.close() }
        let table = String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
        let local = String(format: "0100007F:%04X", self.hostPort)
        let remote = String(format: "0100007F:%04X", self.clientPort)
        for line in table.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: " ")
            guard fields.count > 4, fields[1] == local, fields[2] == remote else { continue }
            // NB: `tx_queue:rx_queue`, in hexadecimal.
            guard let queues = fields[4].split(separator: ":").last else { return nil }
            return Int(queues, radix: 16)
        }
        return nil
    }
}
