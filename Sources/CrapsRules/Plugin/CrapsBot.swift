import GameKit

/// The bots that can fill a seat at a Craps table.
public enum CrapsBot: String, Sendable, CaseIterable {
    /// Bets the $5 minimum, rolls when it holds the dice, resets when bankrupt.
    case steady
    /// Bets a quarter of its balance (rounded down to $5, at least $5), rolls when it holds the dice,
    /// resets when bankrupt.
    case bold

    /// The ante the bot wants at a balance.
    /// - Parameter balance: its balance (at least $5).
    /// - Returns: an acceptable ante.
    public func ante(at balance: Money) -> Money {
        switch self {
        case .steady: CrapsTable.startingAnte
        case .bold: CrapsState.allowedAnte(for: Money(cents: balance.cents / 4), balance: balance)
        }
    }

    /// The bot's move for its seat.
    /// - Parameters:
    ///   - seat: the seat it plays.
    ///   - state: the state as that seat sees it.
    /// - Returns: a reset when bankrupt and the point is off; its ante when the point is off and the ante
    ///   differs; a roll when it holds the dice; otherwise `nil` (nothing to do).
    public func move(for seat: SeatName, in state: CrapsState) -> CrapsMove? {
        guard state.over == nil, let player = state.player(seat), player.isIn else { return nil }
        if player.isBankrupt { return state.point == nil ? .reset : nil }
        if state.point == nil, player.ante != self.ante(at: player.balance) {
            return .ante(self.ante(at: player.balance))
        }
        return state.shooter == seat ? .roll(nil) : nil
    }
}
