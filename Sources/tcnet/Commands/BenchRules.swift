import ArgumentParser
import GameKit
import Protocol
import TaxCollectionRules

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension TCNet.Bench {
    /// `tcnet bench rules`: random playouts on one core.
    struct BenchRules: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rules",
            abstract: "Random playouts of the rules engine on one core: games, sowing moves per second, allocations.",
            discussion: """
                Plays whole games of uniformly random legal moves (the policy of RandomPlayouts, shared with \
                the C yardstick in Benchmarks/yardstick/) and prints the counts, a digest of the final states \
                (equal digests mean identical games), the speed, and allocations per move.

                Allocations are counted only when the malloc counter of Benchmarks/yardstick/ is preloaded \
                (Benchmarks/yardstick/run.sh does it): \
                LD_PRELOAD=Benchmarks/yardstick/build/libmalloccount.so
                """
        )

        @Option(help: "Games to play.")
        var games = 200_000

        @Option(help: "Seed of the SplitMix64 generator.")
        var seed: UInt64 = 1

        @Option(help: "Rule set: \(RuleSet.allNames.joined(separator: ", ")).")
        var rules = "classic"

        func validate() throws {
            guard RuleSet.named(rules) != nil else { throw ValidationError("unknown rules \"\(rules)\"") }
            guard games > 0 else { throw ValidationError("--games must be positive") }
        }

        func run() throws {
            let playouts = RandomPlayouts(rules: RuleSet.named(rules)!)
            var warmUp = SplitMix64(seed: seed ^ 0x5eed)
            _ = playouts.run(games: min(games, 1000), using: &warmUp)

            var rng = SplitMix64(seed: seed)
            let counter = MallocCounter()
            let mallocsBefore = counter?.count()
            let clock = ContinuousClock()
            var summary = RandomPlayouts.Summary()
            let elapsed = clock.measure { summary = playouts.run(games: games, using: &rng) }
            let mallocsAfter = counter?.count()

            let seconds = elapsed.inSeconds
            let perSecond = Double(summary.sowingMoves) / seconds
            print("rules=\(rules) seed=\(seed) \(summary)")
            print(
                "time=\(format(seconds, 3))s sowing-moves/s=\(format(perSecond / 1e6, 2))M "
                    + "ns/move=\(format(seconds * 1e9 / Double(summary.sowingMoves), 1))")
            if let before = mallocsBefore, let after = mallocsAfter {
                let moves = summary.sowingMoves + summary.refills
                let perMove = format(Double(after - before) / Double(moves), 6)
                print("allocations=\(after - before) allocations/move=\(perMove)")
            } else {
                print("allocations/move=not counted (preload Benchmarks/yardstick/build/libmalloccount.so to count)")
            }
        }

        private func format(_ value: Double, _ decimals: Int) -> String {
            var scale = 1.0
            for _ in 0..<decimals { scale *= 10 }
            let scaled = (value * scale).rounded()
            let whole = Int(scaled / scale)
            let fraction = Int(abs(scaled).truncatingRemainder(dividingBy: scale))
            guard decimals > 0 else { return String(whole) }
            let digits = String(fraction)
            return "\(whole)." + String(repeating: "0", count: decimals - digits.count) + digits
        }
    }
}

/// The process-wide malloc count of Benchmarks/yardstick/malloccount.c, when it is preloaded.
///
/// NB: counting allocations needs malloc interposition, which only works from outside the process (an
/// LD_PRELOAD library). The counter looks the library's `tcnet_malloc_count` up at run time, so the
/// ordinary binary carries no interposer and just reports "not counted".
struct MallocCounter {
    private let read: @convention(c) () -> UInt64

    init?() {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "tcnet_malloc_count") else { return nil }
        read = unsafeBitCast(symbol, to: (@convention(c) () -> UInt64).self)
    }

    func count() -> UInt64 { read() }
}
