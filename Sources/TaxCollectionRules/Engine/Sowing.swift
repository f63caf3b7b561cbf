/// One sowing, from the pick-up to the stop: drops, relays, the relay-repeat rule and captures.
///
/// NB: it works on the board through a raw byte pointer (see ``GameState/sowTurn(from:direction:into:)``)
/// so that the hot loop is plain byte loads and stores, as in the C yardstick.
struct Sowing {
    /// The twelve ring squares (and four unused bytes), see ``Square/ringIndex``.
    let squares: UnsafeMutablePointer<UInt8>
    /// +1 or -1 around the ring.
    let step: Int
    /// The mover, who captures.
    let seat: Seat
    /// A treasury holding fewer dollars cannot be captured.
    let youngTreasuryMinimum: Int
    /// Boards seen at relays in this turn.
    var history: RelayHistory
    /// Dollars captured so far, for the mover's collection.
    var captured = 0

    /// Sows the hand taken from `start`, with relays and captures, until the sowing stops.
    mutating func run<Sink: GameEventSink>(from start: Int, into sink: inout Sink) {
        var position = start
        var hand = squares[position]
        squares[position] = 0
        sink.record(.pickedUp(square: Square(ringIndex: position), count: Int(hand)))
        while true {
            while hand > 0 {
                position = GameState.next(position, step)
                squares[position] &+= 1
                hand &-= 1
                sink.record(.dropped(square: Square(ringIndex: position)))
                if GameState.isTreasury(position) { history.newEpoch() }
            }
            let next = GameState.next(position, step)
            if GameState.isTreasury(next) {
                sink.record(.stopped(square: Square(ringIndex: next), reason: .treasury))
                return
            }
            if squares[next] > 0 {
                let board = UnsafeRawPointer(squares).load(as: SIMD16<UInt8>.self)
                if history.repeats(board, at: next) {
                    sink.record(.stopped(square: Square(ringIndex: next), reason: .repeated))
                    return
                }
                hand = squares[next]
                squares[next] = 0
                position = next
                sink.record(.relayed(square: Square(ringIndex: next), count: Int(hand)))
                continue
            }
            capture(after: next, into: &sink)
            return
        }
    }

    /// The hand is empty and `gap` is an empty bank: capture the square after it, then the chain.
    mutating func capture<Sink: GameEventSink>(after gap: Int, into sink: inout Sink) {
        var gap = gap
        var chain = 0
        var lastCaptured = gap
        while true {
            let target = GameState.next(gap, step)
            let count = Int(squares[target])
            let young = count > 0 && GameState.isTreasury(target) && count < youngTreasuryMinimum
            if count == 0 || young {
                // NB: the event names the square that stopped a capture-less sowing, or the last capture.
                if chain > 0 {
                    sink.record(.stopped(square: Square(ringIndex: lastCaptured), reason: .captured))
                } else {
                    sink.record(.stopped(square: Square(ringIndex: target), reason: young ? .youngTreasury : .empty))
                }
                return
            }
            squares[target] = 0
            captured += count
            chain += 1
            lastCaptured = target
            sink.record(.captured(seat: seat, square: Square(ringIndex: target), count: count, chain: chain))
            // NB: only an empty bank serves as the gap before the next capture, never a treasury.
            let after = GameState.next(target, step)
            if GameState.isTreasury(after) || squares[after] != 0 {
                sink.record(.stopped(square: Square(ringIndex: target), reason: .captured))
                return
            }
            gap = after
        }
    }
}
