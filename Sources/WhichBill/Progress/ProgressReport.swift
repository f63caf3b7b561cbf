import Foundation
import GameKit
import WhichBillRules

/// `tcnet progress`: a student's rounds over days as a terminal chart, the class as a table, every round as
/// CSV (docs/WHICHBILL.md, "Progress").
public struct ProgressReport: Sendable {
    /// The rounds, oldest first.
    public let rounds: [ProgressRound]
    /// The days are counted in this time zone.
    public let timeZone: TimeZone

    /// A report of rounds.
    public init(rounds: [ProgressRound], timeZone: TimeZone) {
        self.rounds = rounds.sorted {
            ($0.at, $0.table, $0.session, $0.record.round) < ($1.at, $1.table, $1.session, $1.record.round)
        }
        self.timeZone = timeZone
    }

    /// The students, each by the latest spelling of their name, in alphabetical order.
    public var students: [String] {
        var latest: [String: String] = [:]
        for round in self.rounds { latest[round.studentKey] = round.student }
        return latest.values.sorted { $0.lowercased() < $1.lowercased() }
    }

    /// The rounds of one student (their name in any case).
    public func rounds(of student: String) -> [ProgressRound] {
        self.rounds.filter { $0.studentKey == student.lowercased() }
    }

    /// A day, "2026-11-22", in the report's time zone.
    func day(_ time: GameTime) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = self.timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: Self.date(time))
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    /// A time of day, "14:05:09", in the report's time zone.
    func clock(_ time: GameTime) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = self.timeZone
        let parts = calendar.dateComponents([.hour, .minute, .second], from: Self.date(time))
        return String(format: "%02d:%02d:%02d", parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
    }

    static func date(_ time: GameTime) -> Date {
        Date(timeIntervalSince1970: Double(time.milliseconds) / 1000)
    }

    /// The rounds grouped by day, days in order.
    func byDay(_ rounds: [ProgressRound]) -> [(day: String, rounds: [ProgressRound])] {
        var order: [String] = []
        var groups: [String: [ProgressRound]] = [:]
        for round in rounds {
            let day = self.day(round.at)
            if groups[day] == nil { order.append(day) }
            groups[day, default: []].append(round)
        }
        return order.sorted().map { ($0, groups[$0] ?? []) }
    }
}
