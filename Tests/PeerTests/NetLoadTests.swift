import Foundation
import Peer
import Protocol
import Testing

/// The pure parts of `tcnet bench net`: its target syntax, its counts and its report.
@Suite("Bench: load target, tally and report")
struct NetLoadTests {
    @Test(
        "HOST:PORT is read, IPv6 in brackets",
        arguments: [
            ("127.0.0.1:7420", LoadTarget(host: "127.0.0.1", port: 7420)),
            ("localhost:1", LoadTarget(host: "localhost", port: 1)),
            ("[::1]:65535", LoadTarget(host: "::1", port: 65_535)),
        ])
    func targetParses(text: String, expected: LoadTarget) {
        #expect(LoadTarget.parse(text) == expected)
        #expect(LoadTarget.parse(text)?.description == text)
    }

    @Test(
        "anything else is refused",
        arguments: [
            "", "7420", "127.0.0.1", "127.0.0.1:", ":7420", "127.0.0.1:0", "127.0.0.1:65536", "127.0.0.1:x", "::1:7420",
            "a b:7420", "127.0.0.1:-5",
        ])
    func targetRefused(text: String) {
        #expect(LoadTarget.parse(text) == nil)
    }

    @Test("a tally counts moves in whole microseconds and keeps a few distinct errors")
    func tally() {
        var first = NetLoadTally()
        first.noteMove(roundTrip: .microseconds(1500))
        first.noteMove(roundTrip: .nanoseconds(999))
        for _ in 0..<3 { first.noteError("same") }
        var second = NetLoadTally()
        second.games = 2
        second.desyncs = 1
        for index in 0..<10 { second.noteError("error \(index)") }
        first.absorb(second)
        #expect(first.moves == 2)
        #expect(first.latencies == [1500, 0])
        #expect(first.games == 2)
        #expect(first.desyncs == 1)
        #expect(first.errors == 13)
        #expect(first.errorSamples == ["same", "error 0", "error 1", "error 2", "error 3"])
    }

    @Test("moves per second to one decimal; none when no time passed")
    func rate() {
        #expect(NetBenchReport.rate(moves: 1000, elapsed: .seconds(3)) == 333.3)
        #expect(NetBenchReport.rate(moves: 5, elapsed: .milliseconds(500)) == 10)
        #expect(NetBenchReport.rate(moves: 5, elapsed: .zero) == 0)
    }

    static let report = NetBenchReport(
        matches: 50, moves: 123_456, movesPerSecond: 12_345.6, latencyP50Us: 800, latencyP99Us: 2100,
        latencyP999Us: 3500, hostPeakRssKiB: 46_285, hostCpuMicrosPerMove: 257.3, clientCpuMicrosPerMove: 31.2,
        desyncs: 0, errors: 0)

    @Test("--json is one object with exactly the documented keys; an unknown RSS is null")
    func json() throws {
        let text = Self.report.json
        #expect(!text.contains("\n"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(Set(object.keys) == Set(NetBenchReport.keys))
        #expect(try JSONDecoder().decode(NetBenchReport.self, from: Data(text.utf8)) == Self.report)

        var remote = Self.report
        remote.hostPeakRssKiB = nil
        remote.hostCpuMicrosPerMove = nil
        #expect(remote.json.contains(#""hostPeakRssKiB":null"#))
        #expect(remote.json.contains(#""hostCpuMicrosPerMove":null"#))
        #expect(try JSONDecoder().decode(NetBenchReport.self, from: Data(remote.json.utf8)) == remote)
    }

    @Test("the table shows every figure, and n/a for a host the load did not start")
    func table() {
        #expect(
            Self.report.table == """
                matches          50
                moves            123456
                moves/s          12345.6
                latency p50      800 µs
                latency p99      2100 µs
                latency p99.9    3500 µs
                host peak RSS    45.2 MiB
                host CPU/move    257.3 µs
                client CPU/move  31.2 µs
                desyncs          0
                errors           0
                """)
        var remote = Self.report
        remote.hostPeakRssKiB = nil
        remote.hostCpuMicrosPerMove = nil
        #expect(remote.table.contains("host peak RSS    n/a"))
        #expect(remote.table.contains("host CPU/move    n/a"))
    }

    @Test("player names are distinct, and valid under the host's name rules")
    func names() {
        let plan = NetLoadPlan(host: "127.0.0.1", port: 1, matches: 20_000, stop: .games(1), namePrefix: "b1z141z3")
        let names = [
            plan.playerName(match: 0, seat: "A"), plan.playerName(match: 0, seat: "B"),
            plan.playerName(match: 19_999, seat: "B"),
        ]
        #expect(Set(names).count == 3)
        for name in names {
            #expect((try? PlayerName.validate(name).get()) == name)
        }
    }
}
