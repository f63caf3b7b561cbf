import Conformance
import GameKit
import Protocol
import TaxCollectionRules

/// The suite's own copy of a match, to check every state the host reports.
struct LocalMatch: Sendable {
    var state: GameState
    var seq = 0

    /// Adopts a state message after checking its hash against its own state (G-11).
    init(adopting message: WireMessage) throws {
        guard let json = message["state"], let state = try? json.decode(as: GameState.self) else {
            throw CaseFailure(expected: "a Tax Collection state in state.state (G-2, RULES.md)", seen: "\(message)")
        }
        try require(
            state.stateHash == message.string("hash"), "hash to be the state hash of state (G-2)",
            seen: "hash \(message.string("hash") ?? "none"), computed \(state.stateHash)")
        self.state = state
        self.seq = message.int("seq") ?? 0
    }

    /// Moves available in the current state, in canonical order.
    var legal: [Move] { self.state.legalMoves }

    /// Applies a move locally and checks the host's report of it.
    mutating func check(_ move: Move, against message: WireMessage) throws {
        try require(message.type == "state", "state answering an accepted move (G-5)", seen: "\(message)")
        _ = try? self.state.apply(move)
        self.seq += 1
        try require(
            message.int("seq") == self.seq, "seq \(self.seq)", seen: "\(message.int("seq").map(String.init) ?? "none")")
        try require(
            message.string("hash") == self.state.stateHash,
            "hash \(self.state.stateHash) after move \(self.seq) (G-5, G-11)",
            seen: message.string("hash") ?? "none")
    }

    static func text(_ move: Move) -> String { JSONValue.encoding(move).description }
}
