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
        // NB: the sowing works on a copy of the board in memory, byte by byte. Incrementing a lane of the
        // SIMD value in place made the compiler store, bump and reload the whole vector for every dollar.
        var board = ring
        let rules = rules
        let seat = turn
        let captured = withUnsafeTemporaryAllocation(of: SIMD16<UInt8>.self, capacity: RelayHistory.capacity) {
            scratch in
            withUnsafeMutableBytes(of: &board) { bytes in
                var sowing = Sowing(
                    squares: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), step: step, seat: seat,
                    youngTreasuryMinimum: rules.youngTreasuryMinimum,
                    history: RelayHistory(storage: scratch.baseAddress!))
                sowing.run(from: start, into: &sink)
                return sowing.captured
            }
        }
        ring = board
        collections[turn] += captured
        turns += 1
        if ring[Square.topIndex] == 0 && ring[Square.bottomIndex] == 0 {
            end(.treasuriesEmpty, into: &sink)
        } else if turns >= rules.turnCap {
            end(.turnCap, into: &sink)
        } else {
            passTurn(into: &sink)
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
