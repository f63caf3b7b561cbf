import Foundation
import TestScheduling
import Testing
import TaxCollectionRules

@Suite("First mover", .offThePool)
struct FirstMoverTests {
    @Test("a game may start with B to move; everything else is the starting position")
    func bStarts() throws {
        let state = GameState(firstToMove: .b)
        #expect(state.turn == .b)
        #expect(state.banks == GameState().banks)
        #expect(state.stateHash != GameState().stateHash, "the hash covers whose turn it is")
        var copy = state
        _ = try copy.apply(.sow(bank: 1, direction: .up))
        #expect(copy.turn == .a)
    }

    @Test("a state with B to move at turn 0 survives the wire")
    func roundTrip() throws {
        let state = GameState(rules: .smallTreasury, firstToMove: .b)
        let data = try JSONEncoder().encode(state)
        #expect(try JSONDecoder().decode(GameState.self, from: data) == state)
    }
}
