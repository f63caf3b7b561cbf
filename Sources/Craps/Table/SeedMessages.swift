import CrapsRules
import GameKit

/// The seed's alerts (shared/seeds/craps.txt: "communicating to the user that they've won, lost or gone
/// bankrupt"), worded for the terminal with the key that answers them.
public enum SeedMessages {
    /// A win: the balance went up by the ante.
    public static func won(_ amount: Money, balance: Money) -> String {
        "You won \(amount)! Your balance is \(balance)."
    }

    /// A loss: the balance went down by the ante.
    public static func lost(_ amount: Money, balance: Money) -> String {
        "You lost \(amount). Your balance is \(balance)."
    }

    /// Bankrupt, with the reset offered.
    public static func bankrupt() -> String {
        "You're bankrupt! Press x to start again with \(CrapsTable.startingBalance)."
    }
}
