import GameKit
import WhichBillRules

/// What a set of rounds adds up to: how many, how many right at the first try, the times, the hints.
struct ProgressTally: Sendable, Equatable {
    var rounds = 0
    var firstTry = 0
    var hints = 0
    var times: [Int64] = []

    init<S: Sequence>(_ rounds: S) where S.Element == ProgressRound {
        for round in rounds {
            self.rounds += 1
            if round.record.firstTry { self.firstTry += 1 }
            if round.record.hintGuess != nil { self.hints += 1 }
            if let milliseconds = round.milliseconds { self.times.append(milliseconds) }
        }
        self.times.sort()
    }

    /// First-try accuracy in whole percent, rounded half up.
    var percent: Int { self.rounds == 0 ? 0 : (self.firstTry * 200 + self.rounds) / (self.rounds * 2) }

    /// The median time to answer, in milliseconds (the lower middle of an even count); `nil` with no times.
    var median: Int64? { self.times.isEmpty ? nil : self.times[(self.times.count - 1) / 2] }

    /// Milliseconds as seconds with one decimal: "12.4 s"; "-" when unknown.
    static func seconds(_ milliseconds: Int64?) -> String {
        guard let milliseconds else { return "-" }
        let tenths = (milliseconds + 50) / 100
        return "\(tenths / 10).\(tenths % 10) s"
    }
}
