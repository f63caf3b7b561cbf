import ScreenKit
import TaxCollectionRules

/// The dollars a screen shows: every square, both collections and debts, and the hand of a move.
///
/// A move is animated by replaying the host's events on a copy of the board one at a time; when the
/// animation ends the screen adopts the host's (verified) state itself, so a view can never drift.
public struct BoardView: Sendable, Equatable {
    /// Each seat's banks, top to bottom.
    public var banks: BySeat<[Int]>
    /// The top treasury.
    public var top: Int
    /// The bottom treasury.
    public var bottom: Int
    /// Each seat's collection.
    public var collections: BySeat<Int>
    /// What each seat owes.
    public var debts: BySeat<Int>
    /// Dollars in the mover's hand during a move.
    public var hand = 0

    /// The view of a state.
    public init(_ state: GameState) {
        self.banks = state.banks
        self.top = state.top
        self.bottom = state.bottom
        self.collections = state.collections
        self.debts = state.debts
    }

    /// Dollars in a square.
    public subscript(square: Square) -> Int {
        get {
            switch square {
            case .top: self.top
            case .bottom: self.bottom
            case .bank(let seat, let number): (1...5).contains(number) ? self.banks[seat][number - 1] : 0
            }
        }
        set {
            switch square {
            case .top: self.top = newValue
            case .bottom: self.bottom = newValue
            case .bank(let seat, let number):
                if (1...5).contains(number) { self.banks[seat][number - 1] = newValue }
            }
        }
    }

    /// Applies one event as the screen shows it.
    /// - Parameter event: an event of the move being animated.
    public mutating func apply(_ event: GameEvent) {
        switch event {
        case .pickedUp(let square, let count), .relayed(let square, let count):
            self[square] = 0
            self.hand += count
        case .dropped(let square):
            self[square] += 1
            self.hand = max(0, self.hand - 1)
        case .captured(let seat, let square, let count, _):
            self[square] = 0
            self.collections[seat] += count
        case .refilled(let seat, let fromCollection):
            self.banks[seat] = self.banks[seat].map { $0 + 1 }
            self.collections[seat] -= fromCollection
        case .borrowed(let seat, let lender, let count):
            self.collections[lender] -= count
            self.debts[seat] += count
        case .swept(let seat, let count):
            self.banks[seat] = [0, 0, 0, 0, 0]
            self.collections[seat] += count
        case .stopped, .turnPassed, .gameOver:
            break
        }
    }
}
