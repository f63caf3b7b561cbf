import GameKit
import Foundation
import TaxCollectionRules

/// Builds a validated position from plain lists: banks top to bottom, collections and debts as (A, B).
func position(
    _ rules: RuleSet = .classic, top: Int, bottom: Int, a: [Int], b: [Int], collections: (Int, Int),
    debts: (Int, Int) = (0, 0), turn: Seat = .a, phase: Phase = .sow, turns: Int = 0
) throws -> GameState {
    try GameState(
        rules: rules, top: top, bottom: bottom, banks: BySeat(a: a, b: b),
        collections: BySeat(a: collections.0, b: collections.1), debts: BySeat(a: debts.0, b: debts.1),
        turn: turn, phase: phase, turns: turns)
}

/// The JSON text of a value in the documented key order.
func json(_ value: some Encodable) throws -> String {
    try OrderedJSON.string(from: value)
}

/// Decodes JSON text with Foundation's decoder, as a client would.
func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
    try JSONDecoder().decode(type, from: Data(text.utf8))
}

/// The message a decoding error carries, for checking that it explains itself.
func decodingMessage(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return "\(error)" }
    switch error {
    case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context),
        .valueNotFound(_, let context):
        return context.debugDescription
    @unknown default:
        return "\(error)"
    }
}

/// A random game: each legal move drawn with `nextIndex(below:)` from a SplitMix64 seeded with `seed`.
/// Calls `body` with the state before each move, the move, and the state after.
func randomGame(
    seed: UInt64, rules: RuleSet = .classic, _ body: (GameState, Move, GameState) -> Void = { _, _, _ in }
) -> (final: GameState, moves: [Move]) {
    var rng = SplitMix64(seed: seed)
    var state = GameState(rules: rules)
    var moves: [Move] = []
    while !state.isOver {
        let legal = state.legalMoves
        let move = legal[rng.nextIndex(below: legal.count)]
        let before = state
        try! state.play(move)
        moves.append(move)
        body(before, move, state)
    }
    return (state, moves)
}
