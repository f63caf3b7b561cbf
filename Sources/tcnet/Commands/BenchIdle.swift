import ArgumentParser
import Foundation
import Histogram
import Peer
import TaxCollectionRules

extension TCNet.Bench {
    /// `tcnet bench idle`: a class of quiet students connected to one host: memory and greeting latency.
    struct BenchIdle: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "idle",
            abstract: "Connect many quiet clients to a host: its memory per connection and how fast it greets.",
            discussion: """
                Connects --connections clients (at most 128 greetings under way at once); each says hello and \
                then only pings, as a student waiting in the lobby. Then --probes new clients connect one after \
                another while the others stay: their greeting, from the TCP connect to welcome, is the latency \
                reported.

                Without --target, a host is started as a child process on 127.0.0.1 with a temporary data \
                folder, and its peak memory and memory per connection are reported. The limit on open files \
                is raised as far as the connections need.
                """)

        @Option(help: "Clients connected and greeted, then kept quiet.")
        var connections = 10_000

        @Option(help: "New clients greeted one after another once every connection is up.")
        var probes = 200

        @Option(help: ArgumentHelp("A running host to connect to, instead of starting one.", valueName: "host:port"))
        var target: String?

        @Option(
            help: """
                Also play this many matches (as bench net does) before the quiet clients connect and again \
                while they are connected, and report both rates.
                """)
        var matches = 0

        @Option(help: "Seconds each round of --matches plays.")
        var duration = 10

        @Flag(help: "Start the host with --every-core (its connections on every core), not on one thread.")
        var everyCore = false

        @Flag(help: "Print one JSON object instead of a table.")
        var json = false

        func validate() throws {
            guard self.connections >= 1 else { throw ValidationError("--connections must be at least 1") }
            guard self.connections <= 60_000 else { throw ValidationError("--connections must be at most 60000") }
            guard self.probes >= 1 else { throw ValidationError("--probes must be at least 1") }
            guard (0...5_000).contains(self.matches) else { throw ValidationError("--matches takes 0 to 5000") }
            guard (1...3_600).contains(self.duration) else { throw ValidationError("--duration takes 1 to 3600") }
            try BenchNetHost.check(everyCore: self.everyCore, target: self.target)
            if let target, LoadTarget.parse(target) == nil {
                throw ValidationError(
                    "--target takes HOST:PORT with a port of 1 to 65535, like 127.0.0.1:7420, not \"\(target)\"")
            }
        }

        func run() async throws {
            // NB: this process holds every client socket, and the host it starts inherits the limit.
            try OpenFileLimit.raise(to: self.connections + self.probes + 2 * self.matches + 512)
            let (child, target) = try await BenchNetHost.target(
                self.target, maxConnections: self.connections + 2 * self.matches + 64, everyCore: self.everyCore)
            let namePrefix = "i" + String(UInt32.random(in: 0...UInt32.max), radix: 36)
            do {
                try await self.probeOnce(target, namePrefix: namePrefix)
                let report = try await self.measure(target, child: child, namePrefix: namePrefix)
                await child?.stop()
                print(self.json ? report.json : report.table)
                if report.errors > 0 {
                    throw CommandFailure(
                        "\(report.errors) clients were not greeted or matches went wrong; the errors above say why")
                }
            } catch {
                await child?.stop()
                throw error
            }
        }

        private func measure(_ target: LoadTarget, child: BenchNetHost?, namePrefix: String) async throws
            -> IdleBenchReport
        {
            let load = IdleLoad(target: target, namePrefix: namePrefix)
            let alone = await self.playMatches(target, namePrefix: namePrefix + "a")
            let before = child?.residentKiB
            let start = ContinuousClock.now
            let setup = await load.open(self.connections)
            let setupTime = start.duration(to: .now)
            let after = child?.residentKiB
            let probes = await load.probe(self.probes)
            let peak = child?.peakResidentKiB
            let connected = load.connected
            let besideIdle = await self.playMatches(target, namePrefix: namePrefix + "b")
            await load.close()
            for sample in setup.errorSamples + probes.errorSamples {
                FileHandle.standardError.write(Data("tcnet bench idle: \(sample)\n".utf8))
            }
            var perConnection: Double?
            if let before, let after, connected > 0 {
                perConnection = (Double(after - before) / Double(connected) * 10).rounded() / 10
            }
            var report = IdleBenchReport(
                connections: connected, hostPeakRssKiB: peak, hostKiBPerConnection: perConnection,
                greetingP50Us: Self.percentile(50, of: probes.latencies),
                greetingP99Us: Self.percentile(99, of: probes.latencies),
                setupGreetingP99Us: Self.percentile(99, of: setup.latencies),
                setupSeconds: (setupTime.inSeconds * 10).rounded() / 10, errors: setup.errors + probes.errors)
            report.matches = self.matches
            for result in [alone, besideIdle].compactMap({ $0 }) {
                report.errors += result.tally.errors + result.tally.desyncs
                for sample in result.tally.errorSamples {
                    FileHandle.standardError.write(Data("tcnet bench idle: matches: \(sample)\n".utf8))
                }
            }
            report.movesPerSecondAlone = alone.map { NetBenchReport.rate(moves: $0.tally.moves, elapsed: $0.elapsed) }
            report.movesPerSecondBesideIdle = besideIdle.map {
                NetBenchReport.rate(moves: $0.tally.moves, elapsed: $0.elapsed)
            }
            return report
        }

        /// Plays `--matches` matches of Tax Collection for `--duration` seconds, as `bench net` does.
        private func playMatches(_ target: LoadTarget, namePrefix: String) async -> NetLoad.Result? {
            guard self.matches > 0 else { return nil }
            let plan = NetLoadPlan(
                host: target.host, port: target.port, matches: self.matches, stop: .after(.seconds(self.duration)),
                seed: 1, namePrefix: namePrefix)
            return await NetLoad.run(plan, game: TaxCollectionGame.self)
        }

        /// Says hello once, so that an unreachable host is one clear line before any load starts.
        private func probeOnce(_ target: LoadTarget, namePrefix: String) async throws {
            do {
                try await NetLoad.probe(target, name: "\(namePrefix)-probe")
            } catch {
                throw CommandFailure("cannot connect to a tcnet host at \(target): \(error)")
            }
        }

        /// A percentile of latencies in µs, from an HdrHistogram (1 µs to 60 s, three significant digits).
        static func percentile(_ percent: Double, of samples: [UInt32]) -> UInt64 {
            let highest: UInt64 = 60_000_000
            var histogram = Histogram<UInt64>(highestTrackableValue: highest, numberOfSignificantValueDigits: .three)
            for sample in samples {
                _ = histogram.record(min(UInt64(sample), highest))
            }
            return histogram.totalCount == 0 ? 0 : histogram.valueAtPercentile(percent)
        }
    }
}
