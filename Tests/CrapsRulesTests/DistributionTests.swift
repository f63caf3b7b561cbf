import CrapsRules
import Foundation
import GameKit
import TestSupport
import Testing

/// The dice are uniform: 600,000 rolls of the real derivation, judged by chi-square tests whose thresholds
/// a fair generator exceeds less than once in a million runs (all three tests together).
@Suite("The distribution of the dice", .offThePool)
struct DistributionTests {
    static let rolls = 600_000
    /// Each of the three tests may fail a fair generator with probability 1/3 × 10⁻⁶, so that all three
    /// together stay below 10⁻⁶ (a union bound).
    static let falseAlarm = 1e-6 / 3
    /// Chi-square critical values at `falseAlarm`: 35 degrees of freedom (36 ordered outcomes) and 5
    /// (6 faces). SciPy gives 93.3218 and 38.2679 (`chi2.isf(1e-6 / 3, df)`), rounded up here and
    /// checked below by our own evaluation of the chi-square tail.
    static let outcomeThreshold = 93.33
    static let faceThreshold = 38.27

    /// The counts of 600,000 rolls: each roll's dice by the real rule, and, for contrast, by the plain
    /// `byte % 6` of the first two bytes of the same HMAC block (the mapping with modulo bias).
    struct Counts: Sendable {
        var outcomes = [Int](repeating: 0, count: 36)
        var first = [Int](repeating: 0, count: 6)
        var second = [Int](repeating: 0, count: 6)
        var biasedOutcomes = [Int](repeating: 0, count: 36)
        var biasedFirst = [Int](repeating: 0, count: 6)
        var biasedSecond = [Int](repeating: 0, count: 6)

        mutating func add(_ other: Counts) {
            for index in 0..<36 {
                self.outcomes[index] += other.outcomes[index]
                self.biasedOutcomes[index] += other.biasedOutcomes[index]
            }
            for index in 0..<6 {
                self.first[index] += other.first[index]
                self.second[index] += other.second[index]
                self.biasedFirst[index] += other.biasedFirst[index]
                self.biasedSecond[index] += other.biasedSecond[index]
            }
        }
    }

    /// Computed once for the tests that read them, in two halves on two threads of their own
    /// (``offThePool(_:)``); the counts do not depend on the split.
    static let counts = Task {
        async let odd = offThePool { Self.count(half: 0) }
        async let even = offThePool { Self.count(half: 1) }
        var total = await odd
        total.add(await even)
        return total
    }

    static func count(half: Int) -> Counts {
        let secret = SHA256.digest(of: Array("tcnet craps distribution test".utf8))
        let key = HMACSHA256.Key(secret)
        var counts = Counts()
        for roll in stride(from: half + 1, through: Self.rolls, by: 2) {
            Self.count(roll: roll, key: key, seeds: ["alice", "", "bob"], into: &counts)
        }
        return counts
    }

    static func count(roll: Int, key: HMACSHA256.Key, seeds: [String], into counts: inout Counts) {
        var firstBlock: [UInt8] = []
        let dice = DiceDerivation.dice { block in
            let bytes = key.code(of: DiceDerivation.message(seeds: seeds, roll: roll, block: block))
            if block == 0 { firstBlock = bytes }
            return bytes
        }
        counts.outcomes[(dice.first - 1) * 6 + dice.second - 1] += 1
        counts.first[dice.first - 1] += 1
        counts.second[dice.second - 1] += 1
        let (biasedFirst, biasedSecond) = (Int(firstBlock[0] % 6), Int(firstBlock[1] % 6))
        counts.biasedOutcomes[biasedFirst * 6 + biasedSecond] += 1
        counts.biasedFirst[biasedFirst] += 1
        counts.biasedSecond[biasedSecond] += 1
    }

    /// Pearson's chi-square statistic of counts against a uniform expectation.
    static func chiSquare(_ counts: [Int]) -> Double {
        let expected = Double(counts.reduce(0, +)) / Double(counts.count)
        return counts.reduce(0) { $0 + (Double($1) - expected) * (Double($1) - expected) / expected }
    }

    /// P(X ≥ x) for X chi-square with `df` degrees of freedom: the regularized upper incomplete gamma
    /// Q(df/2, x/2), by its continued fraction (Lentz's method; valid for x/2 > df/2 + 1).
    static func survival(_ x: Double, degreesOfFreedom df: Int) -> Double {
        let (a, z) = (Double(df) / 2, x / 2)
        precondition(z > a + 1, "the continued fraction converges fast only here")
        let tiny = 1e-300
        var b = z + 1 - a
        var c = 1 / tiny
        var d = 1 / b
        var h = d
        for i in 1...10_000 {
            let an = -Double(i) * (Double(i) - a)
            b += 2
            d = an * d + b
            if abs(d) < tiny { d = tiny }
            c = b + an / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            let delta = d * c
            h *= delta
            if abs(delta - 1) < 1e-15 { break }
        }
        return exp(-z + a * log(z) - lgamma(a)) * h
    }

    @Test("the thresholds are the chi-square quantiles at 1/3 × 10⁻⁶, and not looser")
    func thresholds() {
        #expect(Self.survival(Self.outcomeThreshold, degreesOfFreedom: 35) <= Self.falseAlarm)
        #expect(Self.survival(Self.outcomeThreshold - 0.5, degreesOfFreedom: 35) > Self.falseAlarm)
        #expect(Self.survival(Self.faceThreshold, degreesOfFreedom: 5) <= Self.falseAlarm)
        #expect(Self.survival(Self.faceThreshold - 0.5, degreesOfFreedom: 5) > Self.falseAlarm)
        // NB: a known value: P(X ≥ 11.0705) = 0.05 for 5 degrees of freedom.
        #expect(abs(Self.survival(11.0705, degreesOfFreedom: 5) - 0.05) < 1e-5)
    }

    @Test("600,000 rolls: the 36 ordered outcomes and each die's faces are uniform")
    func uniform() async {
        let counts = await Self.counts.value
        #expect(counts.outcomes.reduce(0, +) == Self.rolls)
        let outcomes = Self.chiSquare(counts.outcomes)
        let first = Self.chiSquare(counts.first)
        let second = Self.chiSquare(counts.second)
        #expect(outcomes < Self.outcomeThreshold, "36 outcomes: chi-square \(outcomes)")
        #expect(first < Self.faceThreshold, "first die: chi-square \(first)")
        #expect(second < Self.faceThreshold, "second die: chi-square \(second)")
        print("dice chi-square over \(Self.rolls) rolls: outcomes \(outcomes), first \(first), second \(second)")
    }

    @Test("the same test fails the plain `byte % 6` mapping, whose faces 1-4 come up 43 times in 256, 5-6 only 42")
    func biasedMappingFails() async {
        let counts = await Self.counts.value
        let outcomes = Self.chiSquare(counts.biasedOutcomes)
        let first = Self.chiSquare(counts.biasedFirst)
        let second = Self.chiSquare(counts.biasedSecond)
        #expect(outcomes > Self.outcomeThreshold, "36 outcomes: chi-square \(outcomes)")
        #expect(first > Self.faceThreshold, "first die: chi-square \(first)")
        #expect(second > Self.faceThreshold, "second die: chi-square \(second)")
        print("byte % 6 chi-square over \(Self.rolls) rolls: outcomes \(outcomes), first \(first), second \(second)")
    }

    @Test("rejection: exactly 42 byte values give each face; 252 to 255 are skipped")
    func rejection() {
        var faces = [Int](repeating: 0, count: 7)
        for byte in 0...255 {
            if let face = DiceDerivation.face(of: UInt8(byte)) { faces[face] += 1 }
        }
        #expect(faces[1...] == [42, 42, 42, 42, 42, 42])
        #expect((252...255).allSatisfy { DiceDerivation.face(of: UInt8($0)) == nil })
    }

    @Test("skipped bytes are passed over, into the next block when a block runs out")
    func nextBlock() {
        let blocks: [[UInt8]] = [
            [UInt8](repeating: 255, count: 31) + [9],
            [252, 253, 254, 200] + [UInt8](repeating: 0, count: 28),
        ]
        var read: [Int] = []
        let dice = DiceDerivation.dice { block in
            read.append(block)
            return blocks[block]
        }
        #expect(dice == Dice(4, 3), "9 % 6 + 1 = 4, then 200 % 6 + 1 = 3")
        #expect(read == [0, 1])
    }
}
