import Foundation
import GameKit
import WhichBillRules

extension ProgressReport {
    /// The CSV columns, in order.
    public static let csvHeader = [
        "date", "time", "student", "table", "session", "round", "item", "category", "cost", "bills", "right_bill",
        "wrong_bills", "first_try", "hint_before_guess", "number_line", "seconds",
    ]

    /// Every round (of one student, when given) as CSV for a spreadsheet: a header line, then one line a
    /// round, oldest first; amounts in dollars with two decimals, lists separated by spaces.
    /// - Parameter student: only this student's rounds, when given.
    public func csv(of student: String? = nil) -> String {
        let rounds = student.map { self.rounds(of: $0) } ?? self.rounds
        var lines = [Self.csvHeader.joined(separator: ",")]
        for round in rounds {
            let record = round.record
            let fields = [
                self.day(round.at), self.clock(round.at), round.student, round.table, "\(round.session)",
                "\(record.round)", record.item.name, record.item.category.rawValue, Self.dollars(record.cost),
                record.bills.map(Self.dollars).joined(separator: " "), Self.dollars(record.answer),
                record.wrong.map(Self.dollars).joined(separator: " "), record.firstTry ? "yes" : "no",
                record.hintGuess.map(String.init) ?? "", record.numberLine ? "on" : "off",
                round.milliseconds.map { ProgressTally.seconds($0).replacingSuffix(" s") } ?? "",
            ]
            lines.append(fields.map(Self.quoted).joined(separator: ","))
        }
        return lines.joined(separator: "\n")
    }

    static func dollars(_ money: Money) -> String { String(money.description.dropFirst()) }

    /// A CSV field, quoted when it holds a comma, a quote or a line break (RFC 4180).
    static func quoted(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

extension String {
    fileprivate func replacingSuffix(_ suffix: String) -> String {
        self.hasSuffix(suffix) ? String(self.dropLast(suffix.count)) : self
    }
}
