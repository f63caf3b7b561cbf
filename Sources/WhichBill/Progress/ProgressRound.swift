import Foundation
import GameKit
import WhichBillRules

/// One round of one student, as `tcnet progress` reads it back from the host: who, when, at which table
/// and session, how long the answer took, and the round itself.
public struct ProgressRound: Sendable, Equatable {
    /// The name the student gave.
    public var student: String
    /// The table.
    public var table: String
    /// The session (the match's number at the table).
    public var session: Int
    /// When the round ended (the right choice), on the host's clock.
    public var at: GameTime
    /// Milliseconds from the item shown to the right choice, by the host's clock; `nil` when the host's
    /// journal has no times.
    public var milliseconds: Int64?
    /// The round.
    public var record: RoundRecord

    /// Describes a round.
    public init(student: String, table: String, session: Int, at: GameTime, milliseconds: Int64?, record: RoundRecord) {
        self.student = student
        self.table = table
        self.session = session
        self.at = at
        self.milliseconds = milliseconds
        self.record = record
    }

    /// The student as the same person on any day: names that differ only in case are one student.
    var studentKey: String { self.student.lowercased() }
}

/// The cost bands of the progress chart.
public enum CostBand: Int, Sendable, CaseIterable, Comparable {
    case toOne, toFive, toTen, toTwenty, toFifty, above

    /// The band of a cost.
    public init(_ cost: Money) {
        let limits: [Int64] = [100, 500, 1000, 2000, 5000]
        self = CostBand(rawValue: limits.firstIndex { cost.cents <= $0 } ?? limits.count) ?? .above
    }

    /// Its label: "up to $1", "$1.01-$5", ..., "over $50".
    public var label: String {
        switch self {
        case .toOne: "up to $1"
        case .toFive: "$1.01-$5"
        case .toTen: "$5.01-$10"
        case .toTwenty: "$10.01-$20"
        case .toFifty: "$20.01-$50"
        case .above: "over $50"
        }
    }

    public static func < (lhs: CostBand, rhs: CostBand) -> Bool { lhs.rawValue < rhs.rawValue }
}
