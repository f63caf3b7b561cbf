import CrapsRules

/// A roll shown tumbling for a few steps before the dice settle on the host's roll (`--speed` seconds a
/// step; none at `--speed 0`).
public struct RollAnimation: Sendable, Hashable {
    /// The tumbling steps before the dice settle.
    public static let steps = 4
    /// Where the dice settle.
    public let dice: Dice
    /// The step shown, from 0.
    public private(set) var step = 0

    /// Starts tumbling towards a roll.
    public init(settlingOn dice: Dice) {
        self.dice = dice
    }

    /// The faces shown at this step: turning over, never yet the final pair.
    public var faces: Dice {
        // NB: a fixed tumble (no randomness on the screen): each die turns by a different stride.
        Dice((self.dice.first + 2 * (self.step + 1)) % 6 + 1, (self.dice.second + 4 * (self.step + 1) + 1) % 6 + 1)
    }

    /// Goes to the next step; returns `false` once the dice have settled.
    public mutating func advance() -> Bool {
        self.step += 1
        return self.step < Self.steps
    }
}
