/// SplitMix64 (Steele, Lea and Flood, 2014): a tiny, fast, seeded random number generator.
///
/// Everything random in a rules module (bots, playouts) draws from a generator passed in, usually this
/// one, so a seed replays the same games in Swift and in the C yardstick.
public struct SplitMix64: RandomNumberGenerator, Sendable, Hashable {
    /// The generator's whole state.
    public var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    /// - Parameter seed: any value; 0 is fine.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    /// - Returns: a uniformly distributed value.
    @inlinable
    public mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
}

extension RandomNumberGenerator {
    /// A random index below `count`: the high 64 bits of `next() × count` (Lemire's method, without the
    /// rejection step: the bias is below count / 2⁶⁴). Simple to reproduce in any language.
    /// - Parameter count: how many choices, at least 1.
    /// - Returns: a value in `0..<count`.
    @inlinable
    public mutating func nextIndex(below count: Int) -> Int {
        precondition(count > 0, "nextIndex(below:) needs at least one choice")
        return Int(truncatingIfNeeded: next().multipliedFullWidth(by: UInt64(count)).high)
    }
}
