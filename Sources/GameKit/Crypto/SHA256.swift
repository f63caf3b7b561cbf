/// SHA-256 (FIPS 180-4), small and dependency-free: state hashes, dice commitments, HMAC.
///
/// NB: GameKit and the rules modules build without Foundation or packages (they are also compiled for
/// fuzzing), so GameKit carries its own digest. Tests check it against the FIPS 180-4 example vectors.
public struct SHA256: Sendable {
    private static let k: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    private var h: [UInt32] = [
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
    ]
    private var block: [UInt8] = []
    private var length: UInt64 = 0

    /// An empty digest.
    public init() {
        block.reserveCapacity(64)
    }

    /// Adds bytes to the message.
    /// - Parameter bytes: the next bytes.
    public mutating func update(_ bytes: some Sequence<UInt8>) {
        // NB: whole runs of bytes at a time, not byte by byte: the Craps dice hash hundreds of thousands of
        // messages in the tests, which run as debug builds.
        let absorbed: Void? = bytes.withContiguousStorageIfAvailable { self.absorb($0) }
        if absorbed == nil { Array(bytes).withUnsafeBufferPointer { self.absorb($0) } }
    }

    private mutating func absorb(_ bytes: UnsafeBufferPointer<UInt8>) {
        length &+= UInt64(bytes.count)
        var index = 0
        while index < bytes.count {
            let take = Swift.min(64 - block.count, bytes.count - index)
            block.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<(index + take)]))
            index += take
            if block.count == 64 {
                compress()
                block.removeAll(keepingCapacity: true)
            }
        }
    }

    /// Pads the message and returns the digest.
    /// - Returns: the 32 bytes of the SHA-256 digest.
    public consuming func finalize() -> [UInt8] {
        let bitLength = length &* 8
        block.append(0x80)
        if block.count > 56 {
            block.append(contentsOf: repeatElement(0, count: 64 - block.count))
            compress()
            block.removeAll(keepingCapacity: true)
        }
        block.append(contentsOf: repeatElement(0, count: 56 - block.count))
        // NB: a stride, not an array literal, which would be allocated on every digest.
        for shift in stride(from: UInt64(56), through: 0, by: -8) {
            block.append(UInt8(truncatingIfNeeded: bitLength >> shift))
        }
        compress()
        var digest: [UInt8] = []
        digest.reserveCapacity(32)
        for word in h {
            digest.append(UInt8(truncatingIfNeeded: word >> 24))
            digest.append(UInt8(truncatingIfNeeded: word >> 16))
            digest.append(UInt8(truncatingIfNeeded: word >> 8))
            digest.append(UInt8(truncatingIfNeeded: word))
        }
        return digest
    }

    /// The digest of some bytes.
    /// - Parameter bytes: the whole message.
    /// - Returns: the 32 bytes of the digest.
    public static func digest(of bytes: some Sequence<UInt8>) -> [UInt8] {
        var digest = SHA256()
        digest.update(bytes)
        return digest.finalize()
    }

    /// The digest of some bytes, as 64 lowercase hex digits.
    /// - Parameter bytes: the whole message.
    /// - Returns: the hex digest.
    public static func hex(of bytes: some Sequence<UInt8>) -> String {
        Hex.string(of: Self.digest(of: bytes))
    }

    private mutating func compress() {
        // NB: unsafe buffers and a local copy of the constants keep debug builds within a few times the
        // speed of release ones (array subscripts and the global's accessor dominate otherwise).
        let k = Self.k
        var state = (h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7])
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
            block.withUnsafeBufferPointer { block in
                k.withUnsafeBufferPointer { k in
                    for t in 0..<16 {
                        w[t] =
                            UInt32(block[4 * t]) << 24 | UInt32(block[4 * t + 1]) << 16
                            | UInt32(block[4 * t + 2]) << 8 | UInt32(block[4 * t + 3])
                    }
                    for t in 16..<64 {
                        let (x, y) = (w[t - 15], w[t - 2])
                        let s0 = x.rotatedRight(7) ^ x.rotatedRight(18) ^ (x >> 3)
                        let s1 = y.rotatedRight(17) ^ y.rotatedRight(19) ^ (y >> 10)
                        w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
                    }
                    var (a, b, c, d, e, f, g, hh) = state
                    for t in 0..<64 {
                        let s1 = e.rotatedRight(6) ^ e.rotatedRight(11) ^ e.rotatedRight(25)
                        let choice = (e & f) ^ (~e & g)
                        let t1 = hh &+ s1 &+ choice &+ k[t] &+ w[t]
                        let s0 = a.rotatedRight(2) ^ a.rotatedRight(13) ^ a.rotatedRight(22)
                        let majority = (a & b) ^ (a & c) ^ (b & c)
                        let t2 = s0 &+ majority
                        (hh, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
                    }
                    state = (
                        state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e, state.5 &+ f,
                        state.6 &+ g, state.7 &+ hh
                    )
                }
            }
        }
        h.withUnsafeMutableBufferPointer { h in
            (h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7]) = state
        }
    }
}

extension UInt32 {
    @inline(__always)
    fileprivate func rotatedRight(_ count: UInt32) -> UInt32 {
        (self >> count) | (self << (32 - count))
    }
}
