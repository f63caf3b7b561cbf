import Classroom
import Lobby
import Peer
import Protocol
import TaxCollectionRules
import Testing

/// `tcnet bench lobby`'s load: the lobby referees bots in one loop; the figures must add up, and a
/// lobby that lies is caught by the bots' own rules.
@Suite("LobbyLoad: the host's work per move, without I/O", .offThePool)
struct LobbyLoadTests {
    static func configuration(faults: Set<HostFault> = []) -> LobbyConfiguration {
        var configuration = LobbyConfiguration(
            hostName: "bench", maxFrame: 65_536, idleTimeoutMs: 60_000,
            rateLimit: RateLimit(burst: 1_000, perSecond: 1_000), catalog: GameCatalog.classroom,
            secret: [UInt8](repeating: 3, count: 32))
        configuration.faults = faults
        return configuration
    }

    @Test("three tables play four games each; every move, message and record is counted")
    func playsEveryGame() {
        let result = LobbyLoad.run(
            configuration: Self.configuration(), game: TaxCollectionGame.self, matches: 3, games: 4, seed: 5)
        #expect(result.refusals.isEmpty, "\(result.refusals)")
        #expect(result.desyncs == 0)
        #expect(result.games == 12)
        // NB: a game of Tax Collection takes at least a dozen moves.
        #expect(result.moves >= 12 * 12)
        #expect(result.hostTime > .zero)
        #expect(result.clientTime > .zero)
        // Both players get each move's state (more than 100 bytes), and each move is journalled.
        #expect(result.sentBytes > result.moves * 2 * 100)
        #expect(result.journalBytes > result.moves * 50)
    }

    @Test("with a journal, a round's records are one commit, at most one move of each table, sent after it")
    func commitsEachRound() {
        final class Commits: @unchecked Sendable {
            var groups: [[JournalEntry]] = []
        }
        let commits = Commits()
        let result = LobbyLoad.run(
            configuration: Self.configuration(), game: TaxCollectionGame.self, matches: 3, games: 2, seed: 5,
            journal: { commits.groups.append($0) })
        #expect(result.refusals.isEmpty, "\(result.refusals)")
        #expect(result.journalFailure == nil)
        let moves = commits.groups.map { $0.count { if case .move = $0 { true } else { false } } }
        // NB: every accepted move journalled once, each group at most one move of each table (its messages
        // go out after the commit), and many groups one of each (the tables play in step).
        #expect(moves.reduce(0, +) == result.moves)
        #expect(moves.allSatisfy { $0 <= 3 })
        #expect(moves.filter { $0 == 3 }.count > result.moves / 6)
        for group in commits.groups {
            let tables = group.compactMap { if case .move(let record) = $0 { record.table } else { nil } }
            #expect(Set(tables).count == tables.count)
        }
        #expect(result.transactions == commits.groups.count)
        #expect(!commits.groups.contains { $0.isEmpty })
        #expect(result.journalTime.map { $0 > .zero } == true)
        // NB: without a journal, no time and no transaction.
        let plain = LobbyLoad.run(
            configuration: Self.configuration(), game: TaxCollectionGame.self, matches: 3, games: 2, seed: 5)
        #expect(plain.journalTime == nil)
        #expect(plain.transactions == 0)
        #expect(plain.moves == result.moves)
        // NB: the records' bytes are counted with a journal too (their text written outside the host's time,
        // as the store writes it again in its commit), the same bytes as without one.
        #expect(plain.journalBytes == result.journalBytes)
        #expect(result.journalBytes > result.moves * 50)
    }

    @Test("a journal that refuses a commit is reported, and nothing more is committed")
    func journalFailure() {
        struct Refused: Error {}
        final class Calls: @unchecked Sendable { var count = 0 }
        let calls = Calls()
        let result = LobbyLoad.run(
            configuration: Self.configuration(), game: TaxCollectionGame.self, matches: 2, games: 1, seed: 5,
            journal: { _ in
                calls.count += 1
                throw Refused()
            })
        #expect(result.journalFailure?.contains("Refused") == true)
        #expect(calls.count == 1)
        #expect(result.transactions == 0)
    }

    @Test("the same seed plays the same games")
    func repeatable() {
        let first = LobbyLoad.run(
            configuration: Self.configuration(), game: TaxCollectionGame.self, matches: 2, games: 2, seed: 9)
        let second = LobbyLoad.run(
            configuration: Self.configuration(), game: TaxCollectionGame.self, matches: 2, games: 2, seed: 9)
        #expect(first.moves == second.moves)
        #expect(first.sentBytes == second.sentBytes)
        #expect(first.journalBytes == second.journalBytes)
    }

    @Test("a lobby that sends wrong hashes is caught by the bots")
    func lyingLobby() {
        let result = LobbyLoad.run(
            configuration: Self.configuration(faults: [.wrongHash]), game: TaxCollectionGame.self, matches: 2,
            games: 1, seed: 5)
        #expect(result.desyncs > 0)
    }
}

extension LobbyLoadTests {
    /// A counter that goes up by one each time it is read: the host part reads it before and after
    /// each request, so it counts one a request.
    final class Reads: @unchecked Sendable {
        var count: UInt64 = 0
    }

    @Test("allocations are counted only with a counter, around the host's part of each request")
    func allocations() {
        let reads = Reads()
        let counted = LobbyLoad.run(
            configuration: Self.configuration(), game: TaxCollectionGame.self, matches: 1, games: 1, seed: 5,
            allocations: {
                reads.count += 1
                return reads.count
            })
        #expect(counted.hostAllocations == reads.count / 2)
        #expect((counted.hostAllocations ?? 0) > UInt64(counted.moves))
        let uncounted = LobbyLoad.run(
            configuration: Self.configuration(), game: TaxCollectionGame.self, matches: 1, games: 1, seed: 5)
        #expect(uncounted.hostAllocations == nil)
    }
}
