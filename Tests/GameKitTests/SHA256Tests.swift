import Foundation
import TestScheduling
import Testing

@testable import GameKit

@Suite("SHA-256 against the FIPS 180-4 examples", .offThePool)
struct SHA256Tests {
    @Test(arguments: [
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
    ])
    func vectors(message: String, digest: String) {
        #expect(SHA256.hex(of: Array(message.utf8)) == digest)
    }

    @Test func oneMillionA() {
        var digest = SHA256()
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 1000)
        for _ in 0..<1000 { digest.update(chunk) }
        let hex = digest.finalize().map { String($0, radix: 16) }.map { $0.count == 1 ? "0" + $0 : $0 }.joined()
        #expect(hex == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test(arguments: [55, 56, 63, 64, 65, 119, 120])
    func paddingBoundariesMatchOneShotAndSplitUpdates(length: Int) {
        let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        var split = SHA256()
        split.update(bytes.prefix(length / 3))
        split.update(bytes.dropFirst(length / 3))
        let oneShot = SHA256.hex(of: bytes)
        let splitHex = split.finalize().map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        #expect(oneShot == splitHex)
        #expect(oneShot.count == 64)
        var lazy = SHA256()
        lazy.update(bytes.lazy.map { $0 })
        #expect(Hex.string(of: lazy.finalize()) == oneShot, "a sequence without contiguous storage")
    }

    @Test("every length to five blocks, in one piece and in three: the textbook's digest")
    func asTheTextbookComputes() {
        var generator = SplitMix64(seed: 2026)
        for length in 0...330 {
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            let expected = TextbookSHA256.digest(of: bytes)
            #expect(SHA256.digest(of: bytes) == expected, "length \(length)")
            #expect(SHA256.hex(of: bytes) == Hex.string(of: expected), "length \(length)")
            let cuts = [Int(generator.next() % UInt64(length + 1)), Int(generator.next() % UInt64(length + 1))].sorted()
            for engine in Self.engines {
                var split = SHA256(engine: engine)
                split.update(bytes[..<cuts[0]])
                split.update(bytes[cuts[0]..<cuts[1]])
                split.update(bytes[cuts[1]...])
                #expect(split.finalize() == expected, "\(engine), length \(length), cut at \(cuts)")
                var whole = SHA256(engine: engine)
                whole.update(bytes)
                #expect(whole.finalize() == expected, "\(engine), length \(length)")
            }
        }
    }

    @Test("a million bytes in uneven pieces, by each engine: the textbook's digest")
    func longMessages() {
        var generator = SplitMix64(seed: 14)
        let bytes = (0..<1_000_003).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        let expected = TextbookSHA256.digest(of: bytes)
        for engine in Self.engines {
            var digest = SHA256(engine: engine)
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + 1 + Int(generator.next() % 700))
                digest.update(bytes[start..<end])
                start = end
            }
            #expect(digest.finalize() == expected, "\(engine)")
        }
    }

    @Test("the processor's SHA instructions are used where the processor has them")
    func fastestEngine() throws {
        #if arch(x86_64) && os(Linux)
            let cpuinfo = try String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)
            let flags = cpuinfo.split(separator: "\n").first { $0.hasPrefix("flags") }.map { $0.split(separator: " ") }
            let hasSHA = try #require(flags).contains("sha_ni")
            #expect(SHA256.processorHasSHA == hasSHA)
            #expect(SHA256.fastest == (hasSHA ? .processor : .portable))
        #elseif !arch(x86_64) && !arch(i386)
            #expect(!SHA256.processorHasSHA)
        #endif
    }

    /// The engines this processor can run: the portable rounds, and its SHA instructions if it has them.
    @Test("a digest compared with a hex text: only its own 64 lowercase digits are it")
    func comparedWithHex() {
        var generator = SplitMix64(seed: 23)
        for length in [0, 1, 55, 56, 64, 200] {
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            let hex = SHA256.hex(of: bytes)
            let matches = { (text: String) in bytes.withUnsafeBytes { SHA256.hex(of: $0, is: text) } }
            #expect(matches(hex), "length \(length)")
            // NB: each digit changed to every other hex digit and to its upper case; cut, lengthened, empty.
            let digits = Array(hex.utf8)
            for position in digits.indices {
                for other in Array("0123456789abcdefABCDEF".utf8) where other != digits[position] {
                    var changed = digits
                    changed[position] = other
                    #expect(!matches(String(decoding: changed, as: UTF8.self)), "position \(position) as \(other)")
                }
            }
            #expect(!matches(String(hex.dropLast())))
            #expect(!matches(hex + "0"))
            #expect(!matches(""))
            #expect(!matches(String(repeating: "é", count: 32)), "64 bytes, not hex")
        }
    }

    @Test("a word's eight hex digits at once are the digits of its four bytes, most significant first")
    func wordDigits() {
        var generator = SplitMix64(seed: 5)
        let words: [UInt32] =
            [0, 0x0123_4567, 0x89AB_CDEF, 0xFFFF_FFFF, 0x9A9A_0F0F]
            + (0..<500).map { _ in
                UInt32(truncatingIfNeeded: generator.next())
            }
        for word in words {
            let digits = withUnsafeBytes(of: Hex.digits(of: word).littleEndian) { String(decoding: $0, as: UTF8.self) }
            #expect(digits == Hex.string(of: withUnsafeBytes(of: word.bigEndian) { Array($0) }), "\(word)")
        }
    }

    static let engines: [SHA256.Engine] = SHA256.processorHasSHA ? [.portable, .processor] : [.portable]
}

/// FIPS 180-4 as written: the message padded whole, then each block's schedule and 64 rounds, the eight
/// working variables moved every round. Slow and plain, to hold the fast digest to.
enum TextbookSHA256 {
    /// The first primes: the constants are their roots' fractional parts (FIPS 180-4, 4.2.2 and 5.3.3),
    /// worked out here rather than copied, so that this reference shares no table with the code.
    static let primes = (2...311).filter { n in (2..<n).allSatisfy { n % $0 != 0 } }

    /// The first 32 bits of a root's fractional part.
    static func fraction(_ root: Double) -> UInt32 {
        UInt32((root - root.rounded(.down)) * 4_294_967_296)
    }

    static let k = primes.map { fraction(cbrt(Double($0))) }
    static let initial = primes.prefix(8).map { fraction(Double($0).squareRoot()) }

    static func digest(of message: [UInt8]) -> [UInt8] {
        var padded = message + [0x80]
        while padded.count % 64 != 56 { padded.append(0) }
        let bits = UInt64(message.count) * 8
        for shift in stride(from: 56, through: 0, by: -8) {
            padded.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift)))
        }
        var h = Self.initial
        func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { (x >> n) | (x << (32 - n)) }
        for start in stride(from: 0, to: padded.count, by: 64) {
            var w = (0..<16).map { i in
                padded[start + 4 * i..<start + 4 * i + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            }
            for t in 16..<64 {
                let s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >> 3)
                let s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >> 10)
                w.append(w[t - 16] &+ s0 &+ w[t - 7] &+ s1)
            }
            var (a, b, c, d, e, f, g, hh) = (h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7])
            for t in 0..<64 {
                let t1 = hh &+ (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) &+ ((e & f) ^ (~e & g)) &+ k[t] &+ w[t]
                let t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) &+ ((a & b) ^ (a & c) ^ (b & c))
                (hh, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
            }
            let v = [a, b, c, d, e, f, g, hh]
            h = zip(h, v).map { $0 &+ $1 }
        }
        return h.flatMap { word in [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: word >> UInt32($0)) } }
    }
}
