/// How a roll decided the bets riding on it (the `"decision"` of a `"decided"` event).
public enum Decision: String, Sendable, Hashable, Codable, CaseIterable {
    /// A come-out 7 or 11: every rider wins.
    case natural
    /// A come-out 2, 3 or 12: every rider loses; the shooter keeps the dice.
    case craps
    /// The point rolled again before a 7: every rider wins.
    case pointMade = "point-made"
    /// A 7 before the point: every rider loses, and the dice pass.
    case sevenOut = "seven-out"

    /// Whether the riders win.
    public var wins: Bool { self == .natural || self == .pointMade }
}

/// What the last decision did to a seat's ante (the seed's `won` and `lost` flags).
public enum BetOutcome: String, Sendable, Hashable, Codable, CaseIterable {
    /// The seat's balance went up by its ante.
    case won
    /// The seat's balance went down by its ante.
    case lost
}
