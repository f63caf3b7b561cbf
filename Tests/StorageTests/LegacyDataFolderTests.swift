import Classroom
import Foundation
import GameKit
import Lobby
import Protocol
import Storage
import TestSupport
import Testing

/// A data folder written by the host before GameKit (0.1.0) opens with today's code: its tables,
/// players and match come back, and the players resume with their tokens.
@Suite("Storage: a data folder from tcnet 0.1.0", .offThePool)
struct LegacyDataFolderTests {
    struct Expected: Decodable {
        var seq: Int
        var hash: String
        var tokenA: String
        var tokenB: String
    }

    static let fixture = Bundle.module.url(forResource: "Fixtures/host-0.1.0", withExtension: nil)!

    /// A copy of the fixture in a temporary folder, so the test never changes the fixture.
    static func copy() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tcnet-legacy-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: Self.fixture.appendingPathComponent(HostStore.fileName).path,
            toPath: folder + "/" + HostStore.fileName)
        return folder
    }

    @Test("the journal loads and replays; both players resume at seq 3 with the hash they last saw")
    func opensAndResumes() throws {
        let folder = try Self.copy()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let expected = try JSONDecoder().decode(
            Expected.self, from: Data(contentsOf: Self.fixture.appendingPathComponent("expected.json")))
        let store = try HostStore(folder: folder, newHostID: { "unused" })
        let snapshot = try store.loadJournal()
        #expect(snapshot.tables.map(\.id) == ["t1", "t2"])
        #expect(snapshot.tables.allSatisfy { $0.secret == nil && $0.seatCount == nil }, "written before GameKit")
        let configuration = LobbyConfiguration(
            hostName: "Room 12", maxFrame: 65_536, idleTimeoutMs: 60_000,
            rateLimit: RateLimit(burst: 50, perSecond: 20),
            catalog: .classroom, secret: [UInt8](repeating: 1, count: 32))
        var lobby = try Lobby(restoring: snapshot, configuration: configuration, now: LobbyTime(milliseconds: 0))
        #expect(lobby.matchHash(of: "t1") == expected.hash)
        #expect(lobby.matchSeq(of: "t1") == expected.seq)

        for (index, token) in [expected.tokenA, expected.tokenB].enumerated() {
            let outcome = lobby.greet(
                Hello(name: "ignored", resume: ResumeToken(rawValue: token)), re: nil,
                on: ConnectionID(UInt64(index + 1)),
                now: LobbyTime(milliseconds: 1), player: PlayerID(rawValue: "new"),
                resumeToken: ResumeToken(rawValue: "new"))
            let messages = outcome.deliveries.map(\.envelope.message)
            guard case .welcome(let welcome) = messages.first else {
                Issue.record("no welcome for token \(index): \(messages)")
                continue
            }
            #expect(welcome.resumed)
            #expect(welcome.name == ["Lan", "Minh"][index])
            let state = messages.compactMap { message -> MatchUpdate? in
                if case .state(let update) = message { return update }
                return nil
            }.last
            #expect(state?.seq == expected.seq)
            #expect(state?.hash == expected.hash)
            #expect(state?.turn == "B")
        }

        // The new host writes records of today's shape over the old ones, and they read back.
        let move = ClientEnvelope(
            id: .number(9),
            .move(MoveRequest(table: "t1", seq: 3, move: .object(["bank": .number(1), "direction": .string("up")]))))
        let outcome = lobby.receive(move, from: ConnectionID(2), now: LobbyTime(milliseconds: 2))
        #expect(outcome.deliveries.contains { $0.envelope.state?.seq == 4 })
        try store.commit(outcome.journal)
        let reopened = try store.loadJournal()
        #expect(reopened.moves.map(\.seq) == [1, 2, 3, 4])
        #expect(
            try Lobby(restoring: reopened, configuration: configuration, now: LobbyTime(milliseconds: 3))
                .matchSeq(of: "t1") == 4)
    }
}
