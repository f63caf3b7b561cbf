import GameKit

/// Why a match of Craps ended (the state's `"over"` and the `"match-over"` event's `"reason"`).
public enum MatchEnd: String, Sendable, Hashable, Codable, CaseIterable {
    /// The table's limit of decisions was reached: seats rank by balance.
    case finished
    /// The last seat in the match resigned (or left the table).
    case resigned
    /// The last seat in the match forfeited.
    case forfeit

    /// How a match ends when its last seat leaves for this reason.
    init(_ reason: LeaveReason) {
        self = reason == .resigned ? .resigned : .forfeit
    }
}
