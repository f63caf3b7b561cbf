import Classroom
import Storage
import TaxCollectionRules
import ArgumentParser
import Foundation
import Histogram
import Peer
import Protocol

extension TCNet.Bench {
    /// `tcnet bench net`: many matches at once against a host, over real TCP.
    struct BenchNet: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "net",
            abstract: "Load a host with many matches at once: moves per second, round-trip latency, memory.",
            discussion: """
                Opens --matches matches, each between two TCP clients that play random legal moves as fast as \
                the turn flags allow and ask for a rematch after every game. Every state is checked by the \
                client's own rules engine (desyncs must be 0). A move's round trip runs from writing the move \
                to reading the mover's own state that answers it.

                Without --target, a host is started as a child process on 127.0.0.1 with a temporary data \
                folder (the journal on, as in production), and its peak memory and CPU time per move are \
                reported; with --target, pass --host-pid for the host's CPU time.
                """)

        @Option(help: "Matches played at once, two connections each.")
        var matches = 50

        @Option(help: ArgumentHelp("Seconds to play after every match sat down (default 10).", valueName: "seconds"))
        var duration: Double?

        @Option(help: ArgumentHelp("Instead of --duration: every match plays this many games.", valueName: "k"))
        var games: Int?

        @Option(help: ArgumentHelp("A running host to load, instead of starting one.", valueName: "host:port"))
        var target: String?

        @Option(
            help: ArgumentHelp(
                "With --target: the host's process id, to report its CPU time per move.", valueName: "pid"))
        var hostPid: Int32?

        @Option(help: "Where the bots' random choices start.")
        var seed: UInt64 = 1

        @Flag(help: "Start the host with --every-core (its connections on every core), not on one thread.")
        var everyCore = false

        @Flag(help: "Print one JSON object instead of a table.")
        var json = false

        func validate() throws {
            guard self.matches >= 1 else { throw ValidationError("--matches must be at least 1") }
            guard self.matches <= 20_000 else { throw ValidationError("--matches must be at most 20000") }
            if let duration, !(duration > 0 && duration <= 86_400) {
                throw ValidationError("--duration must be more than 0 and at most 86400 seconds")
            }
            if let games, games < 1 { throw ValidationError("--games must be at least 1") }
            if self.duration != nil, self.games != nil { throw ValidationError("pass --duration or --games, not both") }
            if self.hostPid != nil, self.target == nil {
                throw ValidationError("--host-pid goes with --target; the host this command starts is measured anyway")
            }
            if let hostPid, hostPid < 1 { throw ValidationError("--host-pid must be a process id (at least 1)") }
            try BenchNetHost.check(everyCore: self.everyCore, target: self.target)
            if let target, LoadTarget.parse(target) == nil {
                throw ValidationError(
                    "--target takes HOST:PORT with a port of 1 to 65535, like 127.0.0.1:7420, not \"\(target)\"")
            }
        }

        func run() async throws {
            try OpenFileLimit.raise(to: 2 * self.matches + 256)
            let stop: NetLoadPlan.Stop = self.games.map { .games($0) } ?? .after(.seconds(self.duration ?? 10))
            let namePrefix = "b" + String(UInt32.random(in: 0...UInt32.max), radix: 36)
            let (child, target) = try await BenchNetHost.target(
                self.target, maxConnections: 2 * self.matches + 16, everyCore: self.everyCore)
            do {
                try await Self.probe(target, namePrefix: namePrefix)
                let plan = NetLoadPlan(
                    host: target.host, port: target.port, matches: self.matches, stop: stop, seed: self.seed,
                    namePrefix: namePrefix)
                let hostProcess = child?.processIdentifier ?? self.hostPid
                let result = await NetLoad.run(plan, game: TaxCollectionGame.self) {
                    CPUSample.now(hostProcess: hostProcess)
                }
                let report = Self.report(result, matches: self.matches, hostPeakRssKiB: child?.peakResidentKiB)
                await child?.stop()
                print(self.json ? report.json : report.table)
                for sample in result.tally.errorSamples {
                    FileHandle.standardError.write(Data("tcnet bench net: \(sample)\n".utf8))
                }
                // NB: the figures are printed either way; a load that played nothing or saw a desync fails.
                if report.desyncs > 0 {
                    throw CommandFailure("\(report.desyncs) states did not match the client's own rules engine")
                }
                if report.moves == 0 {
                    throw CommandFailure("no move was answered; the errors above say why")
                }
            } catch {
                await child?.stop()
                throw error
            }
        }

        /// Says hello once, so that an unreachable host is one clear line before any load starts.
        private static func probe(_ target: LoadTarget, namePrefix: String) async throws {
            do {
                try await NetLoad.probe(target, name: "\(namePrefix)-probe")
            } catch {
                throw CommandFailure("cannot play against a tcnet host at \(target): \(error)")
            }
        }

        /// Folds the load's round trips into an HdrHistogram and builds the report.
        static func report(_ result: NetLoad.Result, matches: Int, hostPeakRssKiB: Int?) -> NetBenchReport {
            // NB: 1 µs to 60 s at three significant digits; a longer round trip counts as 60 s.
            let highest: UInt64 = 60_000_000
            var histogram = Histogram<UInt64>(highestTrackableValue: highest, numberOfSignificantValueDigits: .three)
            for sample in result.tally.latencies {
                _ = histogram.record(min(UInt64(sample), highest))
            }
            let empty = histogram.totalCount == 0
            return NetBenchReport(
                matches: matches, moves: result.tally.moves,
                movesPerSecond: NetBenchReport.rate(moves: result.tally.moves, elapsed: result.elapsed),
                latencyP50Us: empty ? 0 : histogram.valueAtPercentile(50),
                latencyP99Us: empty ? 0 : histogram.valueAtPercentile(99),
                latencyP999Us: empty ? 0 : histogram.valueAtPercentile(99.9),
                hostPeakRssKiB: hostPeakRssKiB,
                hostCpuMicrosPerMove: result.cpu?.hostMicrosPerMove(moves: result.tally.moves),
                clientCpuMicrosPerMove: result.cpu?.clientMicrosPerMove(moves: result.tally.moves),
                desyncs: result.tally.desyncs, errors: result.tally.errors)
        }
    }
}
