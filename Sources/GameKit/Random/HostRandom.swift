/// The host's randomness for one step of one match: what a game draws when the host asks it to
/// prepare a move (dice, the next word, a fresh secret), and when a match starts.
///
/// Every value is `HMAC-SHA256(key: matchSecret, "tcnet-random" ‖ step ‖ counter)`, step and counter
/// as 8-byte big-endian integers. The match secret comes from the host (drawn for each match and kept
/// in its journal), so a host that restarts and replays its journal draws the same values again, and
/// nobody without the secret can predict them. A game never keeps a `HostRandom` in its state: it
/// writes what it drew into the prepared move, and the move is what the journal and clients see.
public struct HostRandom: RandomNumberGenerator, Sendable {
    private static let label = Array("tcnet-random".utf8)

    private let secret: [UInt8]
    private let step: UInt64
    private var counter: UInt64 = 0
    private var buffer: [UInt8] = []

    /// The randomness of one step.
    /// - Parameters:
    ///   - secret: the match's secret (at least 16 bytes).
    ///   - step: which step of the match: 0 for the start, then the `seq` of the move being prepared.
    public init(secret: [UInt8], step: UInt64) {
        precondition(secret.count >= 16, "a match secret has at least 16 bytes")
        self.secret = secret
        self.step = step
    }

    /// The next random bytes.
    /// - Parameter count: how many.
    /// - Returns: `count` unpredictable bytes.
    public mutating func bytes(_ count: Int) -> [UInt8] {
        while self.buffer.count < count {
            var message = Self.label
            message.append(contentsOf: Self.bigEndian(self.step))
            message.append(contentsOf: Self.bigEndian(self.counter))
            self.counter += 1
            self.buffer.append(contentsOf: HMACSHA256.code(of: message, key: self.secret))
        }
        let drawn = Array(self.buffer.prefix(count))
        self.buffer.removeFirst(count)
        return drawn
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        self.bytes(8).reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// A fresh secret for a game to commit to (32 bytes, as hex).
    public mutating func secretHex() -> String {
        Hex.string(of: self.bytes(32))
    }

    static func bigEndian(_ value: UInt64) -> [UInt8] {
        (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> (UInt64($0) * 8)) }
    }
}

extension RandomNumberGenerator {
    /// A uniform value in `0..<count` with no bias at all: values of the generator that would favour
    /// some results are drawn again (rejection sampling).
    /// - Parameter count: how many choices, at least 1.
    /// - Returns: a value in `0..<count`.
    public mutating func nextUnbiased(below count: Int) -> Int {
        precondition(count > 0, "nextUnbiased(below:) needs at least one choice")
        let bound = UInt64(count)
        // NB: 2^64 mod bound values at the bottom of the range are refused, so every result has the same
        // number of generator values behind it.
        let threshold = (0 &- bound) % bound
        while true {
            let value = self.next()
            if value >= threshold { return Int(value % bound) }
        }
    }
}
