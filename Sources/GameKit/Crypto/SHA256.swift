#if canImport(GameKitDigest)
    import GameKitDigest
#endif

/// SHA-256 (FIPS 180-4), small and dependency-free: state hashes, dice commitments, HMAC.
///
/// NB: GameKit and the rules modules build without Foundation or packages (they are also compiled for
/// fuzzing), so GameKit carries its own digest. Its blocks are compressed by the processor's SHA
/// instructions where it has them (x86-64's SHA extensions, through `GameKitDigest`'s C), else by the
/// rounds written here; the host hashes every state it sends and each client every state it checks. Tests
/// check both against the FIPS 180-4 example vectors and against a textbook implementation over every
/// length to five blocks.
public struct SHA256: Sendable {
    /// What compresses the blocks.
    enum Engine: Sendable, Equatable {
        /// The rounds in Swift, on any processor.
        case portable
        /// The processor's SHA instructions (`GameKitDigest`), when ``processorHasSHA``.
        case processor
    }

    /// Whether this processor has SHA instructions that this build can use.
    static let processorHasSHA: Bool = {
        #if canImport(GameKitDigest)
            gamekit_sha256_accelerated() != 0
        #else
            false
        #endif
    }()

    /// The processor's instructions when it has them, else the portable rounds: the same digest.
    static let fastest: Engine = processorHasSHA ? .processor : .portable

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

    /// The eight words of the digest so far.
    private typealias Words = (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32)

    private var h: Words = (
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19
    )
    /// The bytes of a block not yet full: the first `buffered` of these 64.
    private var block: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
    private var buffered = 0
    private var length: UInt64 = 0
    private let engine: Engine

    /// An empty digest.
    public init() {
        self.engine = Self.fastest
    }

    /// An empty digest whose blocks a given engine compresses (tests hold each to the other).
    /// - Parameter engine: `.processor` only when ``processorHasSHA``.
    init(engine: Engine) {
        precondition(engine == .portable || Self.processorHasSHA, "no SHA instructions on this processor")
        self.engine = engine
    }

    /// Adds bytes to the message.
    /// - Parameter bytes: the next bytes.
    public mutating func update(_ bytes: some Sequence<UInt8>) {
        // NB: whole runs of bytes at a time, not byte by byte: the Craps dice hash hundreds of thousands of
        // messages in the tests, which run as debug builds.
        let absorbed: Void? = bytes.withContiguousStorageIfAvailable { self.absorb(UnsafeRawBufferPointer($0)) }
        if absorbed == nil { Array(bytes).withUnsafeBytes { self.absorb($0) } }
    }

    // NB: whole blocks are compressed where they lie in the caller's bytes; only a tail shorter than a
    // block is copied, into `block`, to wait for more.
    private mutating func absorb(_ bytes: UnsafeRawBufferPointer) {
        guard var next = bytes.baseAddress, !bytes.isEmpty else { return }
        var remaining = bytes.count
        self.length &+= UInt64(remaining)
        if self.buffered > 0 {
            let take = Swift.min(64 - self.buffered, remaining)
            let buffered = self.buffered
            withUnsafeMutableBytes(of: &self.block) {
                ($0.baseAddress! + buffered).copyMemory(from: next, byteCount: take)
            }
            self.buffered += take
            next += take
            remaining -= take
            guard self.buffered == 64 else { return }
            let block = self.block
            withUnsafeBytes(of: block) { self.compress($0.baseAddress!, blocks: 1) }
            self.buffered = 0
        }
        if remaining >= 64 {
            let blocks = remaining / 64
            self.compress(next, blocks: blocks)
            next += 64 * blocks
            remaining -= 64 * blocks
        }
        if remaining > 0 {
            withUnsafeMutableBytes(of: &self.block) { $0.baseAddress!.copyMemory(from: next, byteCount: remaining) }
            self.buffered = remaining
        }
    }

    /// Pads the message and returns the digest.
    /// - Returns: the 32 bytes of the SHA-256 digest.
    public consuming func finalize() -> [UInt8] {
        let words = self.finalWords()
        return [UInt8](unsafeUninitializedCapacity: 32) { digest, count in
            let bytes = UnsafeMutableRawBufferPointer(digest)
            withUnsafeBytes(of: words) { words in
                for index in 0..<8 {
                    let word = words.load(fromByteOffset: 4 * index, as: UInt32.self)
                    bytes.storeBytes(of: word.bigEndian, toByteOffset: 4 * index, as: UInt32.self)
                }
            }
            count = 32
        }
    }

    /// Pads the message and compresses what is left: the digest's words.
    private consuming func finalWords() -> Words {
        let bitLength = self.length &* 8
        // NB: the tail, the 0x80 byte, zeros and the length take one block or two.
        var tail: (Words, Words, Words, Words) = (
            (0, 0, 0, 0, 0, 0, 0, 0), (0, 0, 0, 0, 0, 0, 0, 0), (0, 0, 0, 0, 0, 0, 0, 0), (0, 0, 0, 0, 0, 0, 0, 0)
        )
        let buffered = self.buffered
        let blocks = buffered < 56 ? 1 : 2
        withUnsafeMutableBytes(of: &tail) { tail in
            withUnsafeBytes(of: &self.block) {
                tail.baseAddress!.copyMemory(from: $0.baseAddress!, byteCount: buffered)
            }
            tail[buffered] = 0x80
            tail.storeBytes(of: bitLength.bigEndian, toByteOffset: 64 * blocks - 8, as: UInt64.self)
            self.compress(UnsafeRawPointer(tail.baseAddress!), blocks: blocks)
        }
        return self.h
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
        var digest = SHA256()
        digest.update(bytes)
        return Self.hexDigits(digest.finalWords())
    }

    /// A digest's words as 64 lowercase hex digits.
    private static func hexDigits(_ words: Words) -> String {
        // NB: the digits straight from the words, without the digest's bytes in between.
        return String(unsafeUninitializedCapacity: 64) { text in
            withUnsafeBytes(of: words) { words in
                let target = UnsafeMutableRawPointer(text.baseAddress!)
                for index in 0..<8 {
                    let digits = Hex.digits(of: words.load(fromByteOffset: 4 * index, as: UInt32.self))
                    target.storeBytes(of: digits.littleEndian, toByteOffset: 8 * index, as: UInt64.self)
                }
            }
            return 64
        }
    }

    /// The digest of bytes in memory, as 64 lowercase hex digits (``hex(of:)-(Sequence<UInt8>)`` without
    /// a generic sequence in between, for a caller in another module).
    /// - Parameter bytes: the whole message.
    /// - Returns: the hex digest.
    public static func hex(of bytes: UnsafeRawBufferPointer) -> String {
        var digest = SHA256()
        digest.absorb(bytes)
        return Self.hexDigits(digest.finalWords())
    }

    /// Whether the digest of bytes in memory, as 64 lowercase hex digits, is `hex`:
    /// ``hex(of:)-(UnsafeRawBufferPointer)`` compared with it, without making the digest's text.
    /// - Parameters:
    ///   - bytes: the whole message.
    ///   - hex: the hex digest to compare with (anything else, upper case digits too, is not it).
    public static func hex(of bytes: UnsafeRawBufferPointer, is hex: String) -> Bool {
        var digest = SHA256()
        digest.absorb(bytes)
        let words = digest.finalWords()
        var hex = hex
        return hex.withUTF8 { text in
            guard text.count == 64, let base = text.baseAddress else { return false }
            return withUnsafeBytes(of: words) { words in
                (0..<8).allSatisfy { index in
                    let written = UnsafeRawPointer(base).loadUnaligned(fromByteOffset: 8 * index, as: UInt64.self)
                    return UInt64(littleEndian: written)
                        == Hex.digits(of: words.load(fromByteOffset: 4 * index, as: UInt32.self))
                }
            }
        }
    }

    /// Compresses whole 64-byte blocks into the words, with the digest's engine.
    private mutating func compress(_ blocks: UnsafeRawPointer, blocks count: Int) {
        #if canImport(GameKitDigest)
            if self.engine == .processor {
                withUnsafeMutableBytes(of: &self.h) { words in
                    gamekit_sha256_blocks(
                        words.baseAddress!.assumingMemoryBound(to: UInt32.self),
                        blocks.assumingMemoryBound(to: UInt8.self), count)
                }
                return
            }
        #endif
        for index in 0..<count { Self.compress(&self.h, blocks + 64 * index) }
    }

    /// Compresses one 64-byte block into the words, in Swift.
    ///
    /// NB: eight rounds per turn of the loop, each naming the working variables in the order the round
    /// before left them, so no round moves all eight; a local copy of the constants and unsafe buffers
    /// keep debug builds within a few times the speed of release ones.
    private static func compress(_ state: inout Words, _ block: UnsafeRawPointer) {
        let k = Self.k
        // NB: the schedule's words, then each word plus its round's constant, in one allocation: the rounds
        // read one array through one pointer, which leaves the registers to the working variables.
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 128) { w in
            k.withUnsafeBufferPointer { k in
                for t in 0..<16 {
                    w[t] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: 4 * t, as: UInt32.self))
                }
                for t in 16..<64 {
                    let (x, y) = (w[t - 15], w[t - 2])
                    let s0 = x.rotatedRight(7) ^ x.rotatedRight(18) ^ (x >> 3)
                    let s1 = y.rotatedRight(17) ^ y.rotatedRight(19) ^ (y >> 10)
                    w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
                }
                for t in 0..<64 { w[64 + t] = k[t] &+ w[t] }
            }
            var (a, b, c, d, e, f, g, h) = state
            var t = 64
            while t < 128 {
                round(a, b, c, &d, e, f, g, &h, w[t])
                round(h, a, b, &c, d, e, f, &g, w[t + 1])
                round(g, h, a, &b, c, d, e, &f, w[t + 2])
                round(f, g, h, &a, b, c, d, &e, w[t + 3])
                round(e, f, g, &h, a, b, c, &d, w[t + 4])
                round(d, e, f, &g, h, a, b, &c, w[t + 5])
                round(c, d, e, &f, g, h, a, &b, w[t + 6])
                round(b, c, d, &e, f, g, h, &a, w[t + 7])
                t += 8
            }
            state = (
                state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e, state.5 &+ f,
                state.6 &+ g, state.7 &+ h
            )
        }
    }

    /// One round: `d` becomes the next round's `e`, and `h` its `a`.
    @inline(__always)
    private static func round(
        _ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: inout UInt32, _ e: UInt32, _ f: UInt32, _ g: UInt32,
        _ h: inout UInt32, _ constantAndWord: UInt32
    ) {
        // NB: Σ1 and Σ0 as rotations of rotations (the word copied once, not three times), Ch and Maj with
        // one operation less each: the same functions (FIPS 180-4, 4.1.2), in fewer instructions.
        let s1 = (e ^ (e ^ e.rotatedRight(14)).rotatedRight(5)).rotatedRight(6)
        let choice = g ^ (e & (f ^ g))
        let t1 = h &+ s1 &+ choice &+ constantAndWord
        let s0 = (a ^ (a ^ a.rotatedRight(9)).rotatedRight(11)).rotatedRight(2)
        let majority = (a & b) | (c & (a | b))
        d = d &+ t1
        h = t1 &+ s0 &+ majority
    }
}

extension UInt32 {
    @inline(__always)
    fileprivate func rotatedRight(_ count: UInt32) -> UInt32 {
        (self >> count) | (self << (32 - count))
    }
}
