// MARK: Building and checking arbitrary positions

extension GameState {
    /// Builds a position, for examples, tests and decoding, and checks that the rules allow it.
    ///
    /// The winner of a finished game follows from the scores.
    /// - Parameters:
    ///   - rules: the rule set.
    ///   - top: dollars in the top treasury.
    ///   - bottom: dollars in the bottom treasury.
    ///   - banks: each player's five banks, top to bottom.
    ///   - collections: each player's collection.
    ///   - debts: what each player owes.
    ///   - turn: the seat to move.
    ///   - phase: `.refill`, `.sow` or `.over`; it must fit the board.
    ///   - turns: sowing turns played so far.
    /// - Throws: ``InvalidStateError`` naming the first broken invariant.
    public init(
        rules: RuleSet, top: Int, bottom: Int, banks: BySeat<[Int]>, collections: BySeat<Int>,
        debts: BySeat<Int> = BySeat(a: 0, b: 0), turn: Seat, phase: Phase, turns: Int
    ) throws(InvalidStateError) {
        guard banks.a.count == 5, banks.b.count == 5 else {
            throw InvalidStateError("each player has exactly 5 banks")
        }
        let dollars = [top, bottom] + banks.a + banks.b + [collections.a, collections.b]
        guard (dollars + [debts.a, debts.b, turns]).allSatisfy({ $0 >= 0 }) else {
            throw InvalidStateError("counts cannot be negative")
        }
        // NB: bound every count before any arithmetic, so that no input can overflow (the decoder is fuzzed).
        guard turns <= rules.turnCap else {
            throw InvalidStateError("\(turns) turns played, but the \(rules.name) rules stop at \(rules.turnCap)")
        }
        guard dollars.allSatisfy({ $0 <= rules.total }) else {
            throw InvalidStateError("no count can exceed the \(rules.total) dollars in play")
        }
        // NB: a refill borrows at most 5 and a player refills at most once per turn; this also keeps every
        // count within the 32 bits of the state hash.
        guard debts.a <= 5 * (turns + 1), debts.b <= 5 * (turns + 1) else {
            throw InvalidStateError(
                "a debt cannot exceed 5 dollars per refill: at most \(5 * (turns + 1)) after \(turns) turns")
        }
        let total = dollars.reduce(0, +)
        guard total == rules.total else {
            throw InvalidStateError(
                "the \(rules.name) rules have \(rules.total) dollars in play, this state has \(total)")
        }
        self.init(rules: rules)
        ring[Square.topIndex] = UInt8(top)
        ring[Square.bottomIndex] = UInt8(bottom)
        for number in 1...5 {
            ring[Square.bank(.a, number).ringIndex!] = UInt8(banks.a[number - 1])
            ring[Square.bank(.b, number).ringIndex!] = UInt8(banks.b[number - 1])
        }
        self.collections = collections
        self.debts = debts
        self.turn = turn
        self.phase = phase
        self.turns = turns
        self.winner = phase == .over ? Self.outcome(of: scores) : nil
        try checkPhase()
    }

    /// Checks that the phase is the one the rules would have put this board in.
    func checkPhase() throws(InvalidStateError) {
        switch phase {
        case .over:
            guard bankTotal(of: .a) == 0, bankTotal(of: .b) == 0 else {
                throw InvalidStateError("a finished game has every bank swept into the collections")
            }
        case .sow, .refill:
            guard turns < rules.turnCap else {
                throw InvalidStateError("the game should be over after \(turns) turns")
            }
            guard top > 0 || bottom > 0 else {
                throw InvalidStateError("the game should be over: both treasuries are empty")
            }
            let needsRefill = bankTotal(of: turn) == 0
            if needsRefill && !canRefill(turn) {
                throw InvalidStateError("the game should be over: \(turn) must refill and cannot")
            }
            if needsRefill && phase == .sow {
                throw InvalidStateError("\(turn)'s banks are all empty, so the phase is refill")
            }
            if !needsRefill && phase == .refill {
                throw InvalidStateError("\(turn) still has dollars in a bank, so the phase is sow")
            }
        }
    }
}
