import GameKit
import WhichBillRules

/// A session replayed from what the host keeps (its starting state, its moves and their times) with
/// the rules, into its rounds with their times.
///
/// NB: the host stores nothing of WhichBill's own: the rounds are the rules' `roundOver` events, and the
/// times are the host's clock when it took each move, so the record cannot disagree with the game.
public enum SessionReplay {
    /// A move as the host's journal keeps it.
    public struct Step: Sendable {
        /// The prepared move, as the host applied it.
        public var move: WhichBillMove
        /// Who moved.
        public var mover: Mover
        /// When the host took it; `nil` in journals without times.
        public var at: GameTime?

        /// Describes a step.
        public init(move: WhichBillMove, mover: Mover, at: GameTime?) {
            self.move = move
            self.mover = mover
            self.at = at
        }
    }

    /// A round and its times.
    public struct TimedRound: Sendable, Equatable {
        /// The round, as the rules told it.
        public var record: RoundRecord
        /// When its item was shown (the session's start, or the Play Again move's time).
        public var shownAt: GameTime?
        /// When the right bill was chosen.
        public var answeredAt: GameTime?

        /// Milliseconds from shown to answered (0 if the host's clock went back), when both are known.
        public var milliseconds: Int64? {
            guard let shownAt, let answeredAt else { return nil }
            return max(0, answeredAt.milliseconds - shownAt.milliseconds)
        }
    }

    /// A move of the journal that the rules refuse: the journal is not this game's, or is damaged.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// The move's number (1: the first).
        public var seq: Int
        /// Why.
        public var reason: String

        public var description: String { "move \(self.seq) does not apply: \(self.reason)" }
    }

    /// Replays a session.
    /// - Parameters:
    ///   - start: the host's starting state.
    ///   - startedAt: when the session started (the first item was shown).
    ///   - steps: its moves, in order.
    /// - Returns: every round that ended, in order.
    /// - Throws: ``Failure`` at the first move the rules refuse.
    public static func rounds(
        from start: WhichBillState, startedAt: GameTime?, steps: [Step]
    ) throws(Failure) -> [TimedRound] {
        var state = start
        var shownAt = startedAt
        var rounds: [TimedRound] = []
        for (index, step) in steps.enumerated() {
            switch WhichBillGame.apply(step.move, by: step.mover, to: &state) {
            case .failure(let violation):
                throw Failure(seq: index + 1, reason: violation.description)
            case .success(let events):
                for event in events {
                    switch event {
                    case .roundOver(let record):
                        rounds.append(TimedRound(record: record, shownAt: shownAt, answeredAt: step.at))
                    case .next:
                        shownAt = step.at
                    case .guessed, .sessionOver:
                        break
                    }
                }
            }
        }
        return rounds
    }
}
