import CrapsRules
import GameKit

/// The seed's ante slider: $0 to $500 in $5 steps. It holds what the player points at, which the rules
/// may refuse; after a refusal the screen moves it back to what the rules accept, as the seed's
/// controller moves its `UISlider` back to the model's ante.
public struct AnteSlider: Sendable, Hashable {
    /// The slider's lowest value.
    public static let minimum = Money.zero
    /// The slider's highest value (the seed's `UISlider` maximum).
    public static let maximum = Money(dollars: 500)
    /// One step: Left and Right.
    public static let step = CrapsTable.anteStep
    /// Ten steps: Page Up and Page Down (Up and Down).
    public static let bigStep = Money(dollars: 50)

    /// Where the slider stands, a multiple of $5 from $0 to $500.
    public private(set) var value: Money

    /// A slider at a value (clamped and rounded down to $5).
    public init(_ value: Money = CrapsTable.startingAnte) {
        self.value = Self.minimum
        self.set(value)
    }

    /// Moves the slider by whole steps of $5 (negative: down), stopping at its ends.
    public mutating func move(by steps: Int) {
        self.set(Money(cents: self.value.cents + Int64(steps) * Self.step.cents))
    }

    /// Puts the slider at a value: rounded down to a multiple of $5, clamped to $0 … $500.
    public mutating func set(_ value: Money) {
        let step = Self.step.cents
        let clamped = min(max(value.cents, Self.minimum.cents), Self.maximum.cents)
        self.value = Money(cents: clamped / step * step)
    }

    /// The slider as a track of `width` columns with a knob `o` at its value: `[=====o.......]`.
    /// - Parameter width: the columns, brackets included (at least 3).
    public func track(width: Int) -> String {
        let inner = max(1, width - 2)
        let position = Int(
            (Double(self.value.cents) / Double(Self.maximum.cents) * Double(inner - 1)).rounded())
        let left = String(repeating: "=", count: position)
        let right = String(repeating: ".", count: max(0, inner - position - 1))
        return "[" + left + "o" + right + "]"
    }
}
