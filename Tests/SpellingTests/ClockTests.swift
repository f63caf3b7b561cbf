import Foundation
import Lobby
import Protocol
import SpellingRules
import Storage
import Synchronization
import TestSupport
import Testing

@testable import Peer

/// The two-minute clock is the host's (a GameKit deadline in wall-clock time, kept in the store): a host
/// restart, which also drops the student's connection, does not restart it.
@Suite("The spelling clock over TCP, across a host restart", .serialized)
struct ClockTests {
    static func folder() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("tcnet-spelling-\(UUID())").path
    }

    @Test("the two-minute clock survives a host restart: the time left counts from the start, then time is up")
    func clockAcrossARestart() async throws {
        let data = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let clock = TestClock(LobbyTime(milliseconds: 1_800_000_000_000))
        let start = clock.now
        let (token, table) = try await withDeadline(seconds: 120) {
            try await withHost(store: try HostStore(folder: data, newHostID: { "h" }), { $0.clock = clock.read }) {
                host in
                let ana = try await Student(port: host.port, name: "Ana")
                let first = try await ana.open(["mode": .string("unscramble")])
                #expect(first.timeLeftMs == 120_000)
                clock.set(start.adding(milliseconds: 30_000))
                return (ana.token, ana.table)
            }
        }
        clock.set(start.adding(milliseconds: 100_000))
        try await withDeadline(seconds: 120) {
            try await withHost(store: try HostStore(folder: data, newHostID: { "h" }), { $0.clock = clock.read }) {
                host in
                let client = try await RawClient.connect(port: host.port)
                try await client.send(ClientEnvelope(id: .number(1), .hello(Hello(name: "Ana", resume: token))))
                var resumed: MatchUpdate?
                while resumed == nil {
                    resumed = try await client.readMessage().state
                }
                #expect(resumed?.timeLeftMs == 20_000, "120 s from the start, not from the restart")
                #expect(resumed?.table == table)
                clock.set(start.adding(milliseconds: 121_000))
                let move = JSONValue.encoding(SpellingMove.arrange([0, 1], nil))
                try await client.send(
                    ClientEnvelope(id: .number(2), .move(MoveRequest(table: table, seq: resumed!.seq, move: move))))
                var over: MatchUpdate?
                var refusal: ErrorMessage?
                while refusal == nil {
                    let envelope = try await client.readMessage()
                    if let state = envelope.state { over = state }
                    if envelope.re == .number(2) { refusal = envelope.error }
                }
                #expect(over?.result?.reason == "time-up" && over?.events.count == 1)
                #expect(refusal?.code == .notPlaying, "a move after time is up is refused: not-playing")
            }
        }
    }

    @Test("time is up with nobody moving: the restarted host ends the game at the deadline and sends the board")
    func timeUpUnprompted() async throws {
        let data = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let clock = TestClock(LobbyTime(milliseconds: 1_800_000_000_000))
        let start = clock.now
        let (token, table) = try await withDeadline(seconds: 120) {
            try await withHost(store: try HostStore(folder: data, newHostID: { "h" }), { $0.clock = clock.read }) {
                host in
                let ana = try await Student(port: host.port, name: "Ana")
                _ = try await ana.open(["mode": .string("pick")])
                _ = try await ana.pick("r")
                return (ana.token, ana.table)
            }
        }
        clock.set(start.adding(milliseconds: 119_000))
        try await withDeadline(seconds: 120) {
            try await withHost(store: try HostStore(folder: data, newHostID: { "h" }), { $0.clock = clock.read }) {
                host in
                let client = try await RawClient.connect(port: host.port)
                try await client.send(ClientEnvelope(id: .number(1), .hello(Hello(name: "Ana", resume: token))))
                var resumed: MatchUpdate?
                while resumed == nil { resumed = try await client.readMessage().state }
                #expect(resumed?.timeLeftMs == 1_000 && resumed?.table == table && resumed?.status == .playing)
                // NB: the host's wake-up sleeps the second it computed; by then its clock says time is up.
                clock.set(start.adding(milliseconds: 121_000))
                var over: MatchUpdate?
                while over == nil {
                    let envelope = try await client.readMessage(timeout: .seconds(30))
                    #expect(envelope.error == nil, "\(envelope)")
                    if let state = envelope.state, state.status == .over { over = state }
                }
                #expect(over?.result?.reason == "time-up" && over?.result?.standings?.first?.score == 1)
                #expect(over?.events.count == 1 && over?.timeLeftMs == nil)
                #expect(over?.board?.top.map(\.name) == ["Ana"] && over?.board?.place == 1)
            }
        }
    }
}

extension ClockTests {
    @Test("a host that is shutting down ends no game by its clock, even once the deadline has passed")
    func noTimeUpWhileStopping() async throws {
        let data = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let clock = TestClock(LobbyTime(milliseconds: 1_800_000_000_000))
        let start = clock.now
        let store = try HostStore(folder: data, newHostID: { "h" })
        try await withDeadline(seconds: 120) {
            try await withHost(store: store, { $0.clock = clock.read }) { host in
                let ana = try await Student(port: host.port, name: "Ana")
                _ = try await ana.open(["mode": .string("pick")])
                await host.service.shutDown()
                // NB: the clock past the deadline, then the lobby asked: a stopping host leaves the game as it is.
                clock.set(start.adding(milliseconds: 121_000))
                await host.service.tickIfDue()
                await host.service.finishJournal()
            }
        }
        #expect(try store.archivedMatches().isEmpty, "no game ended while the host stopped")
        #expect(try store.loadJournal().tables.map(\.status) == [.playing])
    }
}

/// A wall clock the test sets.
final class TestClock: Sendable {
    private let time: Mutex<LobbyTime>
    init(_ start: LobbyTime) { self.time = Mutex(start) }
    var now: LobbyTime { self.time.withLock { $0 } }
    func set(_ time: LobbyTime) { self.time.withLock { $0 = time } }
    var read: @Sendable () -> LobbyTime { { self.now } }
}
