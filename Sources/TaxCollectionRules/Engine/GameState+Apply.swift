// MARK: Applying moves

extension GameState {
    /// Applies a move by the seat that holds the turn and says what happened.
    ///
    /// A refused move changes nothing.
    /// - Parameter move: the move.
    /// - Returns: the events, in order (see docs/RULES.md).
    /// - Throws: ``RuleViolation`` if the move is not legal now.
    @discardableResult
    public mutating func apply(_ move: Move) throws(RuleViolation) -> [GameEvent] {
        var sink = EventList()
        try perform(move, into: &sink)
        return sink.events
    }

    /// Applies a move exactly as ``apply(_:)`` does, without building the events: for search and playouts.
    /// - Parameter move: the move.
    /// - Throws: ``RuleViolation`` if the move is not legal now; then nothing changed.
    public mutating func play(_ move: Move) throws(RuleViolation) {
        var sink = NoEvents()
        try perform(move, into: &sink)
    }

    /// The one implementation of the rules: checks the move, then carries it out.
    mutating func perform<Sink: GameEventSink>(_ move: Move, into sink: inout Sink) throws(RuleViolation) {
        switch (phase, move) {
        case (.over, _):
            throw RuleViolation.gameOver
        case (.refill, .sow):
            throw RuleViolation.refillRequired
        case (.sow, .refill):
            throw RuleViolation.refillNotAllowed
        case (.refill, .refill):
            refill(into: &sink)
        case (.sow, .sow(let bank, let direction)):
            guard (1...5).contains(bank) else { throw RuleViolation.noSuchBank }
            let start = turn == .a ? bank - 1 : 11 - bank
            guard ring[start] > 0 else { throw RuleViolation.emptyBank }
            sowTurn(from: start, direction: direction, into: &sink)
        }
    }

    /// A sowing turn from a legal start: sow, then end the game or pass the turn.
    mutating func sowTurn<Sink: GameEventSink>(from start: Int, direction: Direction, into sink: inout Sink) {
        // NB: "down" is toward the bottom treasury on both columns; the ring runs down the left column and
        // up the right one, so it is +1 on the ring for A and -1 for B.
        let step = (direction == .down) == (turn == .a) ? 1 : -1
        withUnsafeTemporaryAllocation(of: SIMD16<UInt8>.self, capacity: RelayHistory.capacity) { scratch in
            var history = RelayHistory(storage: scratch.baseAddress!)
            sow(from: start, step: step, history: &history, into: &sink)
        }
        turns += 1
        if ring[Square.topIndex] == 0 && ring[Square.bottomIndex] == 0 {
            end(.treasuriesEmpty, into: &sink)
        } else if turns >= rules.turnCap {
            end(.turnCap, into: &sink)
        } else {
            passTurn(into: &sink)
        }
    }

    /// Sows the hand taken from `start`, with relays and captures, until the sowing stops.
    mutating func sow<Sink: GameEventSink>(
        from start: Int, step: Int, history: inout RelayHistory, into sink: inout Sink
    ) {
        var position = start
        var hand = ring[position]
        ring[position] = 0
        sink.record(.pickedUp(square: Square(ringIndex: position), count: Int(hand)))
        while true {
            while hand > 0 {
                position = Self.next(position, step)
                ring[position] &+= 1
                hand &-= 1
                sink.record(.dropped(square: Square(ringIndex: position)))
                if Self.isTreasury(position) { history.newEpoch() }
            }
            let next = Self.next(position, step)
            if Self.isTreasury(next) {
                sink.record(.stopped(square: Square(ringIndex: next), reason: .treasury))
                return
            }
            if ring[next] > 0 {
                if history.repeats(ring, at: next) {
                    sink.record(.stopped(square: Square(ringIndex: next), reason: .repeated))
                    return
                }
                hand = ring[next]
                ring[next] = 0
                position = next
                sink.record(.relayed(square: Square(ringIndex: next), count: Int(hand)))
                continue
            }
            capture(after: next, step: step, into: &sink)
            return
        }
    }

    /// The hand is empty and `gap` is an empty bank: capture the square after it, then the chain.
    mutating func capture<Sink: GameEventSink>(after gap: Int, step: Int, into sink: inout Sink) {
        var gap = gap
        var chain = 0
        var lastCaptured = gap
        while true {
            let target = Self.next(gap, step)
            let count = Int(ring[target])
            let capturable = count > 0 && !(Self.isTreasury(target) && count < rules.youngTreasuryMinimum)
            if !capturable {
                // NB: the event names the square that stopped a capture-less sowing, or the last capture.
                if chain > 0 {
                    sink.record(.stopped(square: Square(ringIndex: lastCaptured), reason: .captured))
                } else {
                    sink.record(.stopped(square: Square(ringIndex: target), reason: count == 0 ? .empty : .youngTreasury))
                }
                return
            }
            ring[target] = 0
            collections[turn] += count
            chain += 1
            lastCaptured = target
            sink.record(.captured(seat: turn, square: Square(ringIndex: target), count: count, chain: chain))
            // NB: only an empty bank serves as the gap before the next capture, never a treasury.
            let after = Self.next(target, step)
            if Self.isTreasury(after) || ring[after] != 0 {
                sink.record(.stopped(square: Square(ringIndex: target), reason: .captured))
                return
            }
            gap = after
        }
    }

    /// The square after `position` going `step` (+1 or -1) around the ring.
    @inline(__always)
    static func next(_ position: Int, _ step: Int) -> Int {
        let next = position &+ step
        if next == Square.ringSize { return 0 }
        if next < 0 { return Square.ringSize - 1 }
        return next
    }

    /// Whether a ring position is a treasury.
    @inline(__always)
    static func isTreasury(_ position: Int) -> Bool {
        position == Square.bottomIndex || position == Square.topIndex
    }
}
