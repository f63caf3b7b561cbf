import GameKit

/// The bots that play a WhichBill session (for `tcnet join --bot`, the host's bots and tests).
public enum WhichBillBot: String, Sendable, CaseIterable {
    /// Knows the rule: the right bill at the first try, every time.
    case careful
    /// Tries a bill it has not tried at random; after a wrong one, it uses the number line (when the table
    /// shows one) and chooses the bill it points at, reporting the hint.
    case guesser

    /// The bot's move in a state as the seat sees it; Play Again once the round is over.
    /// - Parameters:
    ///   - state: the seat's view.
    ///   - seed: the bot's randomness.
    /// - Returns: the move, or `nil` when the session is over.
    public func move(in state: WhichBillState, seed: UInt64) -> WhichBillMove? {
        guard !state.isOver else { return nil }
        guard !state.isAnswered else { return .next(nil) }
        let right = Bills.right(for: state.cost, among: state.options.bills)
        switch self {
        case .careful:
            return right.map { .choose($0, hint: false, verdict: nil) }
        case .guesser:
            if !state.wrong.isEmpty, state.options.numberLine, let right {
                return .choose(right, hint: true, verdict: nil)
            }
            let open = state.open
            guard !open.isEmpty else { return nil }
            var generator = SplitMix64(seed: seed)
            return .choose(open[generator.nextUnbiased(below: open.count)], hint: false, verdict: nil)
        }
    }
}
