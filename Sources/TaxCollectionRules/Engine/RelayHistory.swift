/// The boards seen at each relay of one sowing turn, to enforce the rule that a relay coming back to a
/// board (and hand position) it already had in the same turn ends the turn.
///
/// NB: a repeat needs equal treasuries, and treasuries never lose dollars while the hand moves, so only
/// the relays since the last drop into a treasury (one "epoch") can repeat; ``newEpoch()`` forgets the
/// older ones. The hand cannot pass a treasury without dropping into it, so an epoch spans at most one
/// column of five banks and never needs more than five entries (docs/RULES.md proves that the repeat
/// itself cannot happen under the current rule sets; the check stays as the guarantee of
/// termination). The storage is caller-provided scratch memory, so a turn allocates nothing.
struct RelayHistory {
    /// Entries that fit in the scratch memory.
    static let capacity = 12

    private let boards: UnsafeMutablePointer<SIMD16<UInt8>>
    private var count = 0

    /// Uses `storage` (room for ``capacity`` boards, initialised or not) as the history.
    init(storage: UnsafeMutablePointer<SIMD16<UInt8>>) {
        boards = storage
    }

    /// Forgets every entry: a treasury received a dollar, so no earlier board can come back.
    @inline(__always)
    mutating func newEpoch() {
        count = 0
    }

    /// Whether this relay repeats an earlier one of the epoch; if not, remembers it.
    /// - Parameters:
    ///   - ring: the board at the relay, before the pick-up.
    ///   - position: the ring index of the square about to be picked up.
    /// - Returns: `true` if the same board with the same position was already recorded.
    @inline(__always)
    mutating func repeats(_ ring: SIMD16<UInt8>, at position: Int) -> Bool {
        // NB: the position travels in the unused lane 15, so one vector compare checks both.
        var key = ring
        key[15] = UInt8(truncatingIfNeeded: position)
        for index in 0..<count where boards[index] == key {
            return true
        }
        precondition(count < Self.capacity, "Relay history overflow: more relays in one epoch than squares")
        boards[count] = key
        count += 1
        return false
    }
}
