import GameKit
import TestScheduling
import Testing

@Suite("Seeded randomness", .offThePool)
struct SplitMix64Tests {
    /// The reference values of SplitMix64 for seed 0 (as in Vigna's splitmix64.c), which the C yardstick
    /// reproduces.
    @Test func referenceSequence() {
        var rng = SplitMix64(seed: 0)
        #expect(rng.next() == 0xe220_a839_7b1d_cdaf)
        #expect(rng.next() == 0x6e78_9e6a_a1b9_65f4)
        #expect(rng.next() == 0x06c4_5d18_8009_454f)
    }

    @Test func sameSeedSameSequenceDifferentSeedDifferent() {
        var first = SplitMix64(seed: 42)
        var second = SplitMix64(seed: 42)
        var other = SplitMix64(seed: 43)
        let a = (0..<8).map { _ in first.next() }
        #expect(a == (0..<8).map { _ in second.next() })
        #expect(a != (0..<8).map { _ in other.next() })
    }

    @Test func nextIndexStaysInRangeAndReachesEveryValue() {
        var rng = SplitMix64(seed: 7)
        var seen = Set<Int>()
        for _ in 0..<1000 {
            let index = rng.nextIndex(below: 10)
            #expect((0..<10).contains(index))
            seen.insert(index)
        }
        #expect(seen.count == 10)
    }
}
