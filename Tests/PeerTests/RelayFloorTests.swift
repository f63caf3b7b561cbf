import Foundation
import Storage
import Synchronization
import TestSupport
import Testing

@testable import Peer

/// `tcnet bench relay`'s relay over real TCP, with a real SQLite journal: it must do floor.c's work and
/// no less, or the NIO floor it measures would be too low.
@Suite("Benchmarks: the relay floor written with NIO")
struct RelayFloorTests {
    /// A fresh folder for a journal, removed by the caller.
    private static func folder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tcnet-relay-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    /// A frame of floor.c's wire: a 4-byte big-endian length, then the payload.
    private static func frame(_ payload: [UInt8]) -> [UInt8] {
        let length = UInt32(payload.count)
        return [UInt8(length >> 24), UInt8(length >> 16 & 0xff), UInt8(length >> 8 & 0xff), UInt8(length & 0xff)]
            + payload
    }

    /// The move number an answer carries (its payload's first 4 bytes), after checking its size.
    private static func number(of answer: [UInt8]) -> UInt32? {
        guard answer.count == RelayFloor.answerBytes else { return nil }
        return answer[0..<4].reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// Connects the seats one after another, so that they are accepted in this order.
    private static func seats(_ count: Int, port: Int) async throws -> [RawClient] {
        var seats: [RawClient] = []
        for _ in 0..<count { seats.append(try await RawClient.connect(port: port)) }
        return seats
    }

    @Test(
        "a seat's frames are answered to both seats of its match, numbered in that match, each journalled",
        arguments: RelayFloor.Writes.allCases)
    func answersBothSeats(writes: RelayFloor.Writes) async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let journal = try FloorJournal(folder: folder)
        let relay = try await RelayFloor.start(matches: 2, writes: writes, journal: journal)
        let seats = try await Self.seats(4, port: relay.port)

        try await seats[0].send(bytes: Self.frame([1, 2, 3]))
        #expect(Self.number(of: try await seats[0].readFrame()) == 1)
        #expect(Self.number(of: try await seats[1].readFrame()) == 1)
        // NB: two moves in one write, from the other seat of the second match, then one split across two.
        try await seats[3].send(bytes: Self.frame([]) + Self.frame(Array(repeating: 9, count: 300)))
        let split = Self.frame([7, 7, 7, 7, 7])
        try await seats[2].send(bytes: Array(split[0..<3]))
        try await seats[2].send(bytes: Array(split[3...]))
        for seat in [seats[2], seats[3]] {
            var numbers: [UInt32?] = []
            for _ in 0..<3 { numbers.append(Self.number(of: try await seat.readFrame())) }
            #expect(numbers == [1, 2, 3])
        }
        // NB: the first match's seats heard nothing of the second's: their next answer is their own second.
        try await seats[1].send(bytes: Self.frame([4]))
        #expect(Self.number(of: try await seats[0].readFrame()) == 2)
        #expect(Self.number(of: try await seats[1].readFrame()) == 2)

        seats[1].disconnect()
        let summary = await relay.finished()
        await relay.stop()
        #expect(summary.moves == 5)
        #expect(summary.failure == nil)
        #expect(try journal.rowCount() == 5)
        #expect(summary.transactions >= 2 && summary.transactions == journal.transactions)
    }

    @Test("a frame longer than the relay takes stops it with a failure that names the seat and the length")
    func refusesLongFrames() async throws {
        let relay = try await RelayFloor.start(matches: 1, writes: .direct, journal: nil)
        let seats = try await Self.seats(2, port: relay.port)
        try await seats[1].send(bytes: [0, 0x10, 0, 0, 1])
        let summary = await relay.finished()
        await relay.stop()
        #expect(summary.failure == "seat 1 sent a frame of 1048576 bytes (at most 65536)")
        #expect(summary.moves == 0)
        // NB: the relay closed the seats.
        await #expect(throws: RawClient.Failure.self) { try await seats[0].readFrame(timeout: .seconds(20)) }
    }

    @Test("a connection beyond its matches' seats is closed, the seats play on, and a second stop returns")
    func closesExtraConnections() async throws {
        let relay = try await RelayFloor.start(matches: 1, writes: .pipeline, journal: nil)
        let seats = try await Self.seats(3, port: relay.port)
        await #expect(throws: RawClient.Failure.self) { try await seats[2].readFrame(timeout: .seconds(20)) }
        try await seats[1].send(bytes: Self.frame([5]))
        #expect(Self.number(of: try await seats[0].readFrame()) == 1)
        await relay.stop()
        // NB: as `tcnet bench relay` stops it twice when a signal's stop ends the wait for its load. A second
        // stop that waited on the loop it shut down would never return: it runs apart, and is waited for.
        let stoppedAgain = Mutex(false)
        Task {
            await relay.stop()
            stoppedAgain.withLock { $0 = true }
        }
        try await eventually("a second stop returns") { stoppedAgain.withLock { $0 } }
        #expect(await relay.finished() == RelayFloor.Summary(moves: 1, transactions: 0, failure: nil))
    }
}
