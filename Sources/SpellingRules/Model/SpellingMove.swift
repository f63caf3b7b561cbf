/// A student's answer, or the host's move when time is up.
///
/// The student sends the answer alone; the host's ``SpellingGame/prepare(_:by:in:random:)`` adds its
/// ``HostVerdict``, which the journal keeps and the client applies (the client cannot judge: it has no answer).
public enum SpellingMove: Sendable, Hashable {
    /// Pick: the index of the chosen spelling (0, 1 or 2).
    case pick(Int, HostVerdict?)
    /// Unscramble: the tiles' indices in the order the student put them.
    case arrange([Int], HostVerdict?)
    /// Hear: the typed spelling.
    case spell(String, HostVerdict?)
    /// The host's move at the deadline.
    case timeUp

    /// The host's verdict, if the move has one.
    public var verdict: HostVerdict? {
        switch self {
        case .pick(_, let verdict), .arrange(_, let verdict), .spell(_, let verdict): verdict
        case .timeUp: nil
        }
    }

    /// The same answer with another verdict.
    func with(_ verdict: HostVerdict?) -> SpellingMove {
        switch self {
        case .pick(let index, _): .pick(index, verdict)
        case .arrange(let order, _): .arrange(order, verdict)
        case .spell(let text, _): .spell(text, verdict)
        case .timeUp: .timeUp
        }
    }

    /// What every viewer sees: the next challenge without its word.
    public var viewed: SpellingMove {
        guard var verdict = self.verdict else { return self }
        verdict.next = verdict.next?.viewed
        return self.with(verdict)
    }
}

/// The host's judgement of an answer.
public struct HostVerdict: Sendable, Hashable, Codable {
    /// Whether the answer is right.
    public var right: Bool
    /// After a right answer that does not end the game: the next word (its word for the host only).
    public var next: Challenge?

    /// A verdict.
    public init(right: Bool, next: Challenge? = nil) {
        self.right = right
        self.next = next
    }
}
