import GameKit
import Testing

@testable import TaxCollectionRules

/// The state hash the host sends after every move and each client checks: its bytes, written into memory
/// of their own, must stay docs/RULES.md's, field by field, in every state a game reaches.
@Suite("Tax Collection: the state hash over whole games")
struct StateHashTests {
    @Test("every rule set, random games to the end: the bytes as RULES.md lists them, and their digest")
    func randomGames() throws {
        var rng = SplitMix64(seed: 25)
        var states = 0
        for rules in RuleSet.all {
            for first in Seat.allCases {
                for _ in 0..<10 {
                    var state = GameState(rules: rules, firstToMove: first)
                    while true {
                        #expect(state.hashBytes == Self.listed(state), "\(state)")
                        #expect(state.stateHash == SHA256.hex(of: Self.listed(state)), "\(state)")
                        #expect(TaxCollectionGame.state(state, hashesTo: state.stateHash), "\(state)")
                        #expect(!TaxCollectionGame.state(state, hashesTo: String(state.stateHash.reversed())))
                        states += 1
                        if state.isOver { break }
                        try state.play(RandomBot().chooseMove(in: state, using: &rng))
                    }
                }
            }
        }
        #expect(states > 1000)
    }

    /// RULES.md's list, appended one field at a time: the tag and the rule set's name, each ending in a
    /// zero byte; the squares, collections, debts as 32-bit big-endian integers; the turn, the phase; the
    /// turns played; the winner.
    static func listed(_ state: GameState) -> [UInt8] {
        var bytes = Array("tcnet-tax-collection-state-1".utf8) + [0] + Array(state.rules.name.utf8) + [0]
        func word(_ value: Int) {
            bytes += withUnsafeBytes(of: UInt32(truncatingIfNeeded: value).bigEndian, Array.init)
        }
        word(state.top)
        word(state.bottom)
        for seat in Seat.allCases {
            for number in 1...5 { word(state[.bank(seat, number)]) }
        }
        for value in [state.collections.a, state.collections.b, state.debts.a, state.debts.b] { word(value) }
        bytes.append(UInt8(ascii: state.turn == .a ? "A" : "B"))
        bytes.append(UInt8(ascii: state.phase == .refill ? "r" : state.phase == .sow ? "s" : "o"))
        word(state.turns)
        switch state.winner {
        case nil: bytes.append(UInt8(ascii: "-"))
        case .won(let seat)?: bytes.append(UInt8(ascii: seat == .a ? "A" : "B"))
        case .draw?: bytes.append(UInt8(ascii: "D"))
        }
        return bytes
    }
}
