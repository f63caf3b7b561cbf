/// The whole state of a game of Tax Collection: the board, the collections and debts, whose turn it is.
///
/// A plain value: copy it freely. Moves go through ``apply(_:)`` (which returns the events) or
/// ``play(_:)`` (the same rules, no events, for search and playouts). On the wire a state is the JSON
/// object of docs/RULES.md; decoding one validates it.
public struct GameState: Sendable, Hashable {
    /// The rule set in force.
    public internal(set) var rules: RuleSet
    // NB: the twelve squares of the ring (``Square/ringIndex``) in one 16-byte vector: no heap, cheap to
    // copy and to compare whole (the relay-repeat rule compares boards). Lanes 12…15 stay 0. No square
    // can hold more than the dollars in play (at most 70), so a byte is enough.
    var ring: SIMD16<UInt8>
    /// Each player's collection.
    public internal(set) var collections: BySeat<Int>
    /// What each player owes the other from borrowing.
    public internal(set) var debts: BySeat<Int>
    /// The seat to move. In a finished game: the last seat that held the turn.
    public internal(set) var turn: Seat
    /// Whether the mover must refill, may sow, or the game is over.
    public internal(set) var phase: Phase
    /// Sowing turns played so far (refills do not count).
    public internal(set) var turns: Int
    /// The result once the game is over; `nil` while it is being played.
    public internal(set) var winner: Outcome?

    /// The starting position: 5 dollars in every bank, the rule set's treasury start in each treasury,
    /// empty collections, no debts, A to sow.
    /// - Parameter rules: the rule set; classic unless given.
    public init(rules: RuleSet = .classic) {
        self.rules = rules
        var ring = SIMD16<UInt8>(repeating: 0)
        for index in 0..<Square.ringSize {
            ring[index] = UInt8(RuleSet.bankStart)
        }
        ring[Square.topIndex] = UInt8(rules.treasuryStart)
        ring[Square.bottomIndex] = UInt8(rules.treasuryStart)
        self.ring = ring
        collections = BySeat(a: 0, b: 0)
        debts = BySeat(a: 0, b: 0)
        turn = .a
        phase = .sow
        turns = 0
        winner = nil
    }

    // MARK: Reading the board

    /// Dollars in the top treasury.
    public var top: Int { Int(ring[Square.topIndex]) }

    /// Dollars in the bottom treasury.
    public var bottom: Int { Int(ring[Square.bottomIndex]) }

    /// Dollars in a square.
    /// - Parameter square: a bank (numbered 1…5) or a treasury.
    /// - Returns: its count, or 0 for a bank number outside 1…5.
    public subscript(square: Square) -> Int {
        guard let index = square.ringIndex else { return 0 }
        return Int(ring[index])
    }

    /// Each player's five banks, top to bottom.
    public var banks: BySeat<[Int]> {
        BySeat(a: (1...5).map { self[.bank(.a, $0)] }, b: (1...5).map { self[.bank(.b, $0)] })
    }

    /// Collection − debt owed + debt lent, for each player. Final once the game is over.
    public var scores: BySeat<Int> {
        BySeat(
            a: collections.a - debts.a + debts.b,
            b: collections.b - debts.b + debts.a)
    }

    /// Whether the game has ended.
    public var isOver: Bool { phase == .over }

    /// Dollars in all five banks of a seat.
    @inline(__always)
    func bankTotal(of seat: Seat) -> Int {
        // NB: one vector multiply and horizontal add; no square holds more than 70, so no byte overflows.
        let lanes =
            seat == .a
            ? SIMD16<UInt8>(1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            : SIMD16<UInt8>(0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0)
        return Int((ring &* lanes).wrappedSum())
    }

    /// Every dollar in the game: board and both collections (debts are records, not dollars).
    var dollarsInPlay: Int {
        Int(ring.wrappedSum()) + collections.a + collections.b
    }

    // MARK: Legal moves

    /// Whether a move would be accepted now, without trying it.
    /// - Parameter move: any move.
    /// - Returns: `true` exactly when ``apply(_:)`` would not throw.
    public func isLegal(_ move: Move) -> Bool {
        switch (phase, move) {
        case (.refill, .refill): return true
        case (.sow, .sow(let bank, _)): return (1...5).contains(bank) && self[.bank(turn, bank)] > 0
        default: return false
        }
    }

    /// The moves the mover may make now, in the order of ``Move/all``: every (non-empty bank, direction)
    /// in the sowing phase, only ``Move/refill`` in the refill phase, none once the game is over.
    public var legalMoves: [Move] {
        switch phase {
        case .over: return []
        case .refill: return [.refill]
        case .sow:
            var moves: [Move] = []
            moves.reserveCapacity(10)
            for bank in 1...5 where self[.bank(turn, bank)] > 0 {
                moves.append(.sow(bank: bank, direction: .up))
                moves.append(.sow(bank: bank, direction: .down))
            }
            return moves
        }
    }
}
