/// A non-negative whole number of up to 2,048 bits, for the weights of the Dutch system's matchings.
///
/// Each quality criterion of a bracket takes a field of bits in a weight, the most important highest,
/// so that comparing two sums of weights compares the criteria in their order. Brackets of 40 players
/// after 9 rounds need up to about 1,900 bits in the worst case, a few hundred usually.
///
/// NB: the words live inline (no heap allocation per value): the matching computes millions of sums and
/// differences, and an array per value made it an order of magnitude slower.
public struct WideWeight: Sendable, Comparable, CustomStringConvertible {
    /// The most 64-bit words a weight can have.
    public static let maxWords = 32

    typealias Storage = (
        UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
        UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
        UInt64, UInt64, UInt64, UInt64, UInt64, UInt64
    )

    private var storage: Storage = (
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
    )
    /// The words in use, least significant first; every weight of one computation has the same count.
    public private(set) var words: Int

    /// Zero, with room for `bits` bits.
    /// - Parameter bits: the widest value the computation holds (at most 2,048).
    public init(zeroWithBits bits: Int) {
        precondition(bits <= Self.maxWords * 64, "a weight of \(bits) bits is wider than \(Self.maxWords * 64)")
        self.words = max(1, (bits + 63) / 64)
    }

    /// A small value, as wide as `template`.
    public init(_ value: UInt64, like template: WideWeight) {
        self.words = template.words
        self[0] = value
    }

    subscript(index: Int) -> UInt64 {
        get {
            withUnsafeBytes(of: self.storage) { $0.load(fromByteOffset: index * 8, as: UInt64.self) }
        }
        set {
            withUnsafeMutableBytes(of: &self.storage) {
                $0.storeBytes(of: newValue, toByteOffset: index * 8, as: UInt64.self)
            }
        }
    }

    /// Whether the value is zero.
    public var isZero: Bool {
        for index in 0..<self.words where self[index] != 0 { return false }
        return true
    }

    /// The same value with every bit moved up by `bits`; bits moved past the top are lost.
    public func shiftedLeft(_ bits: Int) -> WideWeight {
        guard bits > 0 else { return self }
        var result = WideWeight(0, like: self)
        let (wordShift, bitShift) = (bits / 64, bits % 64)
        for index in stride(from: self.words - 1, through: wordShift, by: -1) {
            var word = self[index - wordShift] << UInt64(bitShift)
            if bitShift > 0, index - wordShift - 1 >= 0 {
                word |= self[index - wordShift - 1] >> UInt64(64 - bitShift)
            }
            result[index] = word
        }
        return result
    }

    /// One bit set, at position `bit`, as wide as `template`.
    public static func bit(_ bit: Int, like template: WideWeight) -> WideWeight {
        var result = WideWeight(0, like: template)
        result[bit / 64] = 1 << UInt64(bit % 64)
        return result
    }

    /// The largest value with `bits` bits: all ones.
    public static func ones(_ bits: Int, like template: WideWeight) -> WideWeight {
        var result = WideWeight(0, like: template)
        for index in 0..<template.words {
            let low = index * 64
            if bits >= low + 64 {
                result[index] = .max
            } else if bits > low {
                result[index] = (1 << UInt64(bits - low)) - 1
            }
        }
        return result
    }

    public static func + (lhs: WideWeight, rhs: WideWeight) -> WideWeight {
        var result = lhs
        result += rhs
        return result
    }

    public static func += (lhs: inout WideWeight, rhs: WideWeight) {
        var carry: UInt64 = 0
        for index in 0..<lhs.words {
            let (partial, overflow1) = lhs[index].addingReportingOverflow(rhs[index])
            let (sum, overflow2) = partial.addingReportingOverflow(carry)
            lhs[index] = sum
            carry = (overflow1 ? 1 : 0) + (overflow2 ? 1 : 0)
        }
        precondition(carry == 0, "a weight overflowed its \(lhs.words) words")
    }

    public static func - (lhs: WideWeight, rhs: WideWeight) -> WideWeight {
        var result = lhs
        result -= rhs
        return result
    }

    public static func -= (lhs: inout WideWeight, rhs: WideWeight) {
        var borrow: UInt64 = 0
        for index in 0..<lhs.words {
            let (partial, underflow1) = lhs[index].subtractingReportingOverflow(rhs[index])
            let (difference, underflow2) = partial.subtractingReportingOverflow(borrow)
            lhs[index] = difference
            borrow = (underflow1 ? 1 : 0) + (underflow2 ? 1 : 0)
        }
        precondition(borrow == 0, "a weight went below zero")
    }

    /// Half the value (rounded down).
    public var halved: WideWeight {
        var result = self
        for index in 0..<self.words {
            let high = index + 1 < self.words ? self[index + 1] << 63 : 0
            result[index] = (self[index] >> 1) | high
        }
        return result
    }

    /// Whether the lowest bit is clear.
    public var isEven: Bool { self[0] & 1 == 0 }

    public static func < (lhs: WideWeight, rhs: WideWeight) -> Bool {
        for index in stride(from: max(lhs.words, rhs.words) - 1, through: 0, by: -1) where lhs[index] != rhs[index] {
            return lhs[index] < rhs[index]
        }
        return false
    }

    public static func == (lhs: WideWeight, rhs: WideWeight) -> Bool {
        for index in 0..<max(lhs.words, rhs.words) where lhs[index] != rhs[index] { return false }
        return true
    }

    /// The value in hexadecimal, most significant word first (for failure messages).
    public var description: String {
        (0..<self.words).reversed().map { String(self[$0], radix: 16) }.joined(separator: ":")
    }
}
