import ArgumentParser
import Classroom
import Foundation
import Lobby
import Peer
import Protocol
import Storage
import TaxCollectionRules

extension TCNet.Bench {
    /// `tcnet bench lobby`: the host's own work per move, on one thread, without I/O.
    struct BenchLobby: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "lobby",
            abstract: "The host's own work per move (the lobby and its encoding) on one thread, without I/O.",
            discussion: """
                Referees --matches Tax Collection tables of random bots in one lobby, as a host does, and \
                encodes every message it sends and every journal record it writes, but sends and writes \
                nothing: the time per move is the host's work in the lobby and its encoding, the part of \
                `tcnet bench net`'s host CPU per move that is not sockets, threads or SQLite. The bots read \
                each message from the host's bytes and check every state with their own rules (desyncs \
                must be 0), as clients do; their time is counted apart, as the clients' time per move.

                With --journal, the journal's records are also committed to a real SQLite file (in a fresh \
                temporary folder, removed after), a round of the bots' requests a transaction, each round's \
                messages delivered once it is committed, as the host sends nothing before it is journalled: \
                at most one move of each table a transaction, as in a busy host's turn. That time, with the \
                records' JSON the journal writes, is counted apart, as the journal's time per move, and not \
                in the host's.

                Allocations are counted only when the malloc counter of Benchmarks/yardstick/ is preloaded: \
                LD_PRELOAD=Benchmarks/yardstick/build/libmalloccount.so
                """
        )

        @Option(help: "Tables played at once.")
        var matches = 50

        @Option(help: "Games played at each table.")
        var games = 20

        @Option(help: "Where the bots' random choices start.")
        var seed: UInt64 = 1

        @Flag(help: "Also commit the journal to a real SQLite file, a round of the bots' requests a transaction.")
        var journal = false

        @Flag(help: "Print one JSON object instead of a table.")
        var json = false

        func validate() throws {
            guard (1...10_000).contains(matches) else { throw ValidationError("--matches takes 1 to 10000") }
            guard (1...100_000).contains(games) else { throw ValidationError("--games takes 1 to 100000") }
        }

        func run() throws {
            let configuration = LobbyConfiguration(
                hostName: "tcnet bench", maxFrame: FrameLimits.defaultMaxPayload, idleTimeoutMs: 60_000,
                rateLimit: RateLimit(burst: 1_000_000, perSecond: 1_000_000), catalog: GameCatalog.classroom,
                secret: [UInt8](repeating: 7, count: 32))
            // NB: a short warm-up, so the figure is not the first calls' page faults and caches.
            _ = LobbyLoad.run(
                configuration: configuration, game: TaxCollectionGame.self, matches: 2, games: 2, seed: seed)
            let counter = MallocCounter()
            let store = try self.journal ? BenchJournal() : nil
            let result = LobbyLoad.run(
                configuration: configuration, game: TaxCollectionGame.self, matches: matches, games: games,
                seed: seed, allocations: counter.map { counter in { counter.count() } },
                journal: store.map { store in { try store.store.commit($0) } })
            if let failure = result.journalFailure { throw CommandFailure("the journal refused a commit: \(failure)") }
            let report = LobbyBenchReport(result, matches: matches)
            print(json ? report.json : report.table)
            for refusal in result.refusals.prefix(5) {
                FileHandle.standardError.write(Data("tcnet bench lobby: refused: \(refusal)\n".utf8))
            }
            if report.desyncs > 0 {
                throw CommandFailure("\(report.desyncs) states did not match the bots' own rules engine")
            }
            if !result.refusals.isEmpty { throw CommandFailure("the lobby refused \(result.refusals.count) requests") }
            if report.moves == 0 { throw CommandFailure("no move was played") }
        }
    }
}

/// `bench lobby --journal`'s store: a fresh folder in the temporary directory, removed with it.
private final class BenchJournal {
    let folder: String
    let store: HostStore

    init() throws {
        self.folder = FileManager.default.temporaryDirectory.appendingPathComponent("tcnet-bench-\(UUID())").path
        do {
            self.store = try HostStore(folder: self.folder, newHostID: { "bench" })
        } catch {
            try? FileManager.default.removeItem(atPath: self.folder)
            throw CommandFailure(
                "cannot open a journal for the benchmark in \(self.folder): \(error.reason); set TMPDIR to a folder "
                    + "it can write")
        }
    }

    deinit {
        try? FileManager.default.removeItem(atPath: self.folder)
    }
}
