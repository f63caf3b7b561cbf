import Lobby
import NIOPosix
import Peer
import Protocol
import TestSupport
import TaxCollectionRules
import Testing

/// The load generator against a real host over loopback TCP.
@Suite("Bench: load over TCP")
struct NetLoadOverTCPTests {
    /// The load's own event loop: its seats play on their connections' loop (`LoopSeat`) as fast as the
    /// host answers, and on the shared loops they would take them from the other tests' hosts.
    static func withLoadLoop<T>(_ body: (MultiThreadedEventLoopGroup) async throws -> T) async throws -> T {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        do {
            let result = try await body(group)
            try await group.shutdownGracefully()
            return result
        } catch {
            try? await group.shutdownGracefully()
            throw error
        }
    }

    @Test(
        "three matches of two games each: every game counted, every state verified, a round trip per move",
        arguments: [false, true])
    func gamesPlan(everyCore: Bool) async throws {
        let result = try await Self.withLoadLoop { group in
            try await withHost({
                $0.rateLimit = RateLimit(burst: 100_000, perSecond: 100_000)
                $0.everyCore = everyCore
            }) { host in
                await NetLoad.run(
                    NetLoadPlan(host: "127.0.0.1", port: host.port, matches: 3, stop: .games(2), seed: 7),
                    game: TaxCollectionGame.self, group: group)
            }
        }
        #expect(result.tally.games == 6)
        #expect(result.tally.desyncs == 0)
        #expect(result.tally.errors == 0, "\(result.tally.errorSamples)")
        #expect(result.tally.moves > 0)
        #expect(result.tally.latencies.count == result.tally.moves)
        #expect(result.elapsed > .zero)
    }

    @Test("a timed plan stops on time, leaves its tables and closes its connections")
    func timedPlan() async throws {
        try await Self.withLoadLoop { group in
            try await withHost({ $0.rateLimit = RateLimit(burst: 100_000, perSecond: 100_000) }) { host in
                let clock = ContinuousClock()
                // NB: long enough for a round trip on a loaded machine (the suite runs dozens of hosts at once),
                // and no longer: the load plays as fast as the host answers, taking a core from the other tests.
                let plan = NetLoadPlan(host: "127.0.0.1", port: host.port, matches: 1, stop: .after(.seconds(3)))
                var result: NetLoad.Result?
                let took = await clock.measure {
                    result = await NetLoad.run(plan, game: TaxCollectionGame.self, group: group)
                }
                #expect(took < .seconds(60), "the plan stops: its watchdog allows 60 s to set up, then the duration")
                #expect(result?.tally.moves ?? 0 > 0)
                #expect(result?.tally.errors == 0, "\(result?.tally.errorSamples ?? [])")
                #expect(result?.elapsed == .seconds(3))
            }
        }
    }

    @Test("a host that is not there fails the probe with one line")
    func probeFails() async {
        await #expect(throws: NetLoad.ProbeFailure.self) {
            try await NetLoad.probe(LoadTarget(host: "127.0.0.1", port: 1), name: "probe")
        }
    }
}
