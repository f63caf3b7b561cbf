import Foundation

// libFuzzer target: move application on random states. The first byte chooses how the state is made:
// even, from a rule set and moves the input names (legal or not); odd, by decoding the rest of the
// input as a state (hostile JSON, validated) and then applying every move to it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRules(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let mode = bytes.first else { return 0 }
    if mode & 1 == 0 {
        let names = RuleSet.allNames
        guard bytes.count > 1, let rules = RuleSet.named(names[Int(bytes[1]) % names.count]) else { return 0 }
        var state = GameState(rules: rules, firstToMove: mode & 2 == 0 ? .a : .b)
        for byte in bytes.dropFirst(2) {
            let move = Move.all[Int(byte) % Move.all.count]
            let legal = state.legalMoves.contains(move)
            do {
                _ = try state.apply(move)
                precondition(legal, "an illegal move was applied")
            } catch {
                precondition(!legal, "a legal move was refused")
            }
            _ = state.stateHash
        }
    } else if let state = try? JSONDecoder().decode(GameState.self, from: Data(bytes.dropFirst())) {
        for move in Move.all {
            var copy = state
            _ = try? copy.apply(move)
            _ = copy.stateHash
        }
    }
    return 0
}
