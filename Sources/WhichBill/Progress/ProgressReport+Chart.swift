import GameKit
import WhichBillRules

extension ProgressReport {
    /// Columns of a bar.
    static let barWidth = 20

    /// One student's chart: first-try accuracy and median time to answer by day, then first tries and
    /// median times by day and cost band, then the hints.
    /// - Parameter student: the student's name, in any case.
    /// - Returns: the chart's lines, or `nil` when the student has no rounds.
    public func chart(of student: String) -> String? {
        let rounds = self.rounds(of: student)
        guard let name = rounds.last?.student else { return nil }
        let days = self.byDay(rounds)
        let all = ProgressTally(rounds)
        var lines: [String] = []
        let span = days.count == 1 ? days[0].day : "\(days[0].day) to \(days[days.count - 1].day)"
        lines.append(
            "WhichBill progress of \(name): \(all.rounds) round\(all.rounds == 1 ? "" : "s") on \(days.count) "
                + "day\(days.count == 1 ? "" : "s") (\(span))")
        lines.append("")
        lines.append("Right at the first try, by day")
        for (day, rounds) in days {
            let tally = ProgressTally(rounds)
            lines.append(
                "  \(day)  \(Self.pad("\(tally.rounds)", 4)) rounds  \(Self.bar(tally.firstTry, of: tally.rounds))  "
                    + Self.pad("\(tally.percent)%", 4))
        }
        lines.append("")
        lines.append("Time to answer (median), by day")
        let slowest = days.compactMap { ProgressTally($0.rounds).median }.max() ?? 0
        for (day, rounds) in days {
            let median = ProgressTally(rounds).median
            lines.append(
                "  \(day)  \(Self.bar(Int(median ?? 0), of: Int(max(1, slowest))))  "
                    + Self.pad(ProgressTally.seconds(median), 7)
            )
        }
        lines.append("")
        lines.append("By cost band: right at the first try / rounds, median time")
        let bands = CostBand.allCases.filter { band in rounds.contains { CostBand($0.record.cost) == band } }
        lines.append("  " + Self.pad("", 10) + bands.map { "  " + Self.pad($0.label, 16, left: true) }.joined())
        for (label, group) in days.map({ ($0.day, $0.rounds) }) + [("all days", rounds)] {
            let cells = bands.map { band -> String in
                let tally = ProgressTally(group.filter { CostBand($0.record.cost) == band })
                let cell =
                    tally.rounds == 0 ? "-" : "\(tally.firstTry)/\(tally.rounds) \(ProgressTally.seconds(tally.median))"
                return "  " + Self.pad(cell, 16, left: true)
            }
            lines.append("  " + Self.pad(label, 10, left: true) + cells.joined())
        }
        lines.append("")
        let lineRounds = rounds.filter(\.record.numberLine).count
        lines.append(
            "Number line hint used in \(all.hints) of \(lineRounds) round\(lineRounds == 1 ? "" : "s") "
                + "with the number line."
        )
        return lines.joined(separator: "\n")
    }

    /// The class as a table: one row a student.
    public var classTable: String {
        var lines = [
            "WhichBill progress of the class: \(self.students.count) students, \(self.rounds.count) rounds", "",
        ]
        let width = max(7, self.students.map(\.count).max() ?? 0)
        lines.append(
            "  " + Self.pad("student", width, left: true) + "  days  rounds  first try  median time  hints  last played"
        )
        for student in self.students {
            let rounds = self.rounds(of: student)
            let tally = ProgressTally(rounds)
            let days = self.byDay(rounds).count
            lines.append(
                "  " + Self.pad(student, width, left: true) + Self.pad("\(days)", 6) + Self.pad("\(tally.rounds)", 8)
                    + Self.pad("\(tally.percent)%", 11) + Self.pad(ProgressTally.seconds(tally.median), 13)
                    + Self.pad("\(tally.hints)", 7) + "  " + self.day(rounds.last!.at))
        }
        return lines.joined(separator: "\n")
    }

    /// A bar of `part` out of `whole`, in eighths of a block.
    static func bar(_ part: Int, of whole: Int) -> String {
        guard whole > 0 else { return String(repeating: "░", count: Self.barWidth) }
        let filled = (part * Self.barWidth * 2 + whole) / (whole * 2)
        return String(repeating: "█", count: filled) + String(repeating: "░", count: Self.barWidth - filled)
    }

    static func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
        let fill = String(repeating: " ", count: max(0, width - text.count))
        return left ? text + fill : fill + text
    }
}
