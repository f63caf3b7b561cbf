import Dispatch
import Foundation
import GameKit
import Lobby
import NIOCore
import Protocol
import Storage
import Synchronization
import TestSupport
import Testing

@testable import Peer

/// The journal's lane: a real SQLite file and a real TCP connection; the lane commits, then sends, in
/// order; turns that wait share a transaction; after a failed commit nothing more is announced.
@Suite("Host: the journal's lane", .offThePool)
struct JournalLaneTests {
    /// A lane over a fresh store, a link to a connected client, and what the lane reported.
    private final class Reports: Sendable {
        let list = Mutex<[JournalLane.Report]>([])
    }

    private struct Rig {
        let folder: String
        let store: HostStore
        let lane: JournalLane
        let link: ClientLink
        let client: RawClient
        let server: any Channel
        let reports: Reports

        func close() {
            self.client.disconnect()
            self.server.close(promise: nil)
            try? FileManager.default.removeItem(atPath: self.folder)
        }

        /// The seqs of the moves on disk.
        func seqs() throws -> [Int] { try self.store.loadJournal().moves.map(\.seq) }
    }

    private func rig(inline: Bool = false) async throws -> Rig {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tcnet-lane-\(UUID())").path
        let store = try HostStore(folder: folder, newHostID: { "lane" })
        // NB: the journal reads back the moves of a table's current match only.
        try store.commit([
            .table(
                TableRecord(
                    id: "t1", number: 1, game: "tax-collection", ruleSet: "classic", graceSeconds: 60,
                    onTimeout: .pause, status: .playing, match: 1, firstSeat: "south", seats: [:], result: nil))
        ])
        let writer = JournalWriter(store: store) { DiskSpace(free: 1 << 40, total: 1 << 40) }
        let lane = JournalLane(writer: writer, inline: inline)
        let reports = Reports()
        lane.onReport { report in reports.list.withLock { $0.append(report) } }
        var server = try await ActiveChannels.listen()
        let client = try await RawClient.connect(port: server.port)
        let child = try #require(await server.next())
        return Rig(
            folder: folder, store: store, lane: lane, link: ClientLink(channel: child, framing: .lengthPrefixed),
            client: client, server: server.server, reports: reports)
    }

    private func move(_ seq: Int) -> JournalEntry {
        .move(MoveRecord(table: "t1", match: 1, seq: seq, seat: "south", move: .object([:]), hash: "h\(seq)"))
    }

    /// A finished match's record; the same one twice breaks the archive's unique key.
    private func archive() -> JournalEntry {
        .archive(
            MatchArchive(
                table: "t1", match: 1, game: "tax-collection", ruleSet: "classic", options: [:], seats: [],
                startedAt: 1, endedAt: 2, result: MatchResult(winner: nil, reason: "finished"), startState: .null,
                finalState: .null, finalHash: "h", moves: 1))
    }

    private func batch(_ text: String, to link: ClientLink) -> OutboundBatch {
        var batch = OutboundBatch()
        batch.add(Array(text.utf8), to: link)
        return batch
    }

    /// Holds the lane on a call until `release` is signalled; returns once the lane is held.
    private func hold(_ lane: JournalLane, until release: DispatchSemaphore) {
        let held = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            lane.sync { _ in
                held.signal()
                release.wait()
            }
        }
        held.wait()
    }

    @Test(
        "a turn's messages wait for the turns before it; turns that wait share one transaction",
        arguments: [false, true])
    func groupCommit(inline: Bool) async throws {
        // NB: inline, the turns come while another thread's drain is held: that drain takes them all.
        let rig = try await self.rig(inline: inline)
        defer { rig.close() }
        let release = DispatchSemaphore(value: 0)
        self.hold(rig.lane, until: release)
        let before = rig.lane.figures
        for seq in 1...5 {
            rig.lane.commit([self.move(seq)], paused: false, then: self.batch("m\(seq)", to: rig.link))
        }
        #expect(try rig.seqs().isEmpty)
        release.signal()
        rig.lane.wait()
        #expect(rig.lane.figures.transactions == before.transactions + 1)
        #expect(rig.lane.figures.turns == before.turns + 5)
        #expect(try rig.seqs() == [1, 2, 3, 4, 5])
        for seq in 1...5 {
            #expect(try await rig.client.readFrame(timeout: .seconds(20)) == Array("m\(seq)".utf8))
        }
        #expect(rig.reports.list.withLock { $0.isEmpty })
    }

    @Test(
        "a commit that fails sends none of its messages nor any after it; closes still happen",
        arguments: [false, true])
    func failedCommit(inline: Bool) async throws {
        let rig = try await self.rig(inline: inline)
        defer { rig.close() }
        rig.lane.commit([self.move(1), self.archive()], paused: false, then: self.batch("first", to: rig.link))
        rig.lane.wait()
        // NB: the same archive again breaks its unique key: the transaction fails.
        rig.lane.commit([self.archive()], paused: false, then: self.batch("refused", to: rig.link))
        rig.lane.wait()
        rig.lane.commit([self.move(2)], paused: false, then: self.batch("after", to: rig.link))
        var goodbye = OutboundBatch()
        goodbye.close(rig.link, with: LobbyService.goodbye)
        rig.lane.send(goodbye)
        rig.lane.wait()

        #expect(try await rig.client.readFrame(timeout: .seconds(20)) == Array("first".utf8))
        let rest = try await rig.client.readUntilClosed(timeout: .seconds(20))
        #expect(rest.map(\.message) == [LobbyService.goodbye.message])
        #expect(try rig.seqs() == [1])
        let failed = rig.reports.list.withLock { reports in
            reports.filter { if case .failed = $0 { true } else { false } }.count
        }
        #expect(failed == 1)
    }

    @Test("inline, a turn is committed and handed on by the thread that hands it over, before it returns")
    func inlineCommit() async throws {
        let rig = try await self.rig(inline: true)
        defer { rig.close() }
        let caller = pthread_self()
        let before = rig.lane.figures
        rig.lane.commit([self.move(1)], paused: false, then: self.batch("m1", to: rig.link))
        // NB: no wait(): inline, the commit is done when commit(_:paused:then:) returns.
        #expect(try rig.seqs() == [1])
        #expect(rig.lane.figures.transactions == before.transactions + 1)
        #expect(rig.lane.sync { _ in pthread_equal(pthread_self(), caller) != 0 })
        #expect(try await rig.client.readFrame(timeout: .seconds(20)) == Array("m1".utf8))
    }

    @Test("on its own, the lane commits on a thread of its own")
    func laneThread() async throws {
        let rig = try await self.rig(inline: false)
        defer { rig.close() }
        let caller = pthread_self()
        #expect(rig.lane.sync { _ in pthread_equal(pthread_self(), caller) == 0 })
    }
}
