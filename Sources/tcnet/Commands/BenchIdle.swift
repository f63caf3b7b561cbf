import ArgumentParser
import Foundation
import Histogram
import Peer

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

        @Flag(help: "Print one JSON object instead of a table.")
        var json = false

        func validate() throws {
            guard self.connections >= 1 else { throw ValidationError("--connections must be at least 1") }
            guard self.connections <= 60_000 else { throw ValidationError("--connections must be at most 60000") }
            guard self.probes >= 1 else { throw ValidationError("--probes must be at least 1") }
            if let target, LoadTarget.parse(target) == nil {
                throw ValidationError(
                    "--target takes HOST:PORT with a port of 1 to 65535, like 127.0.0.1:7420, not \"\(target)\"")
            }
        }

        func run() async throws {
            // NB: this process holds every client socket, and the host it starts inherits the limit.
            try OpenFileLimit.raise(to: self.connections + self.probes + 512)
            let (child, target) = try await BenchNetHost.target(self.target, maxConnections: self.connections + 64)
            let namePrefix = "i" + String(UInt32.random(in: 0...UInt32.max), radix: 36)
            do {
                try await self.probeOnce(target, namePrefix: namePrefix)
                let report = try await self.measure(target, child: child, namePrefix: namePrefix)
                await child?.stop()
                print(self.json ? report.json : report.table)
                if report.errors > 0 {
                    throw CommandFailure("\(report.errors) clients were not greeted; the errors above say why")
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
            let before = child?.residentKiB
            let start = ContinuousClock.now
            let setup = await load.open(self.connections)
            let setupTime = start.duration(to: .now)
            let after = child?.residentKiB
            let probes = await load.probe(self.probes)
            let peak = child?.peakResidentKiB
            let connected = load.connected
            await load.close()
            for sample in setup.errorSamples + probes.errorSamples {
                FileHandle.standardError.write(Data("tcnet bench idle: \(sample)\n".utf8))
            }
            var perConnection: Double?
            if let before, let after, connected > 0 {
                perConnection = (Double(after - before) / Double(connected) * 10).rounded() / 10
            }
            return IdleBenchReport(
                connections: connected, hostPeakRssKiB: peak, hostKiBPerConnection: perConnection,
                greetingP50Us: Self.percentile(50, of: probes.latencies),
                greetingP99Us: Self.percentile(99, of: probes.latencies),
                setupGreetingP99Us: Self.percentile(99, of: setup.latencies),
                setupSeconds: (setupTime.inSeconds * 10).rounded() / 10, errors: setup.errors + probes.errors)
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
