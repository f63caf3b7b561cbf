import GameKit
import TestScheduling
import Testing

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
            var split = SHA256()
            split.update(bytes[..<cuts[0]])
            split.update(bytes[cuts[0]..<cuts[1]])
            split.update(bytes[cuts[1]...])
            #expect(split.finalize() == expected, "length \(length), cut at \(cuts)")
        }
    }
}

/// FIPS 180-4 as written: the message padded whole, then each block's schedule and 64 rounds, the eight
/// working variables moved every round. Slow and plain, to hold the fast digest to.
enum TextbookSHA256 {
    static let k: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    static func digest(of message: [UInt8]) -> [UInt8] {
        var padded = message + [0x80]
        while padded.count % 64 != 56 { padded.append(0) }
        let bits = UInt64(message.count) * 8
        for shift in stride(from: 56, through: 0, by: -8) {
            padded.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift)))
        }
        var h: [UInt32] = [
            0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
        ]
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
            var v = h
            for t in 0..<64 {
                let t1 =
                    v[7] &+ (rotr(v[4], 6) ^ rotr(v[4], 11) ^ rotr(v[4], 25)) &+ ((v[4] & v[5]) ^ (~v[4] & v[6]))
                    &+ k[t] &+ w[t]
                let t2 =
                    (rotr(v[0], 2) ^ rotr(v[0], 13) ^ rotr(v[0], 22)) &+ ((v[0] & v[1]) ^ (v[0] & v[2]) ^ (v[1] & v[2]))
                v = [t1 &+ t2, v[0], v[1], v[2], v[3] &+ t1, v[4], v[5], v[6]]
            }
            h = zip(h, v).map { $0 &+ $1 }
        }
        return h.flatMap { word in [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: word >> UInt32($0)) } }
    }
}
