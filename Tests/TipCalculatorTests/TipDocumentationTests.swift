import Foundation
import GameKit
import TestScheduling
import Testing
import TipCalculator

/// docs/TIP.md held equal to the code: the error messages of each field and the command's examples.
@Suite("Tip calculator: docs/TIP.md", .offThePool)
struct TipDocumentationTests {
    static let text: String = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/TIP.md")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    /// The rows of the table after a heading (without its header and rule), as cells.
    static func table(after heading: String) -> [[String]] {
        guard let start = Self.text.range(of: heading) else { return [] }
        let lines = Self.text[start.upperBound...].split(separator: "\n").drop { !$0.hasPrefix("|") }
        return lines.prefix { $0.hasPrefix("|") }.dropFirst(2).map { line in
            line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast().map {
                $0.trimmingCharacters(in: .whitespaces)
            }
        }
    }

    /// The errors in the order of the table's rows, and for each field a text it does not refuse with
    /// that error when the table says "(...)" instead of a message.
    static let rows: [(TipInputError, check: String, percentage: String)] = [
        (.empty, "", ""), (.notANumber, "4x", "1x"), (.twoDecimalPoints, "1.2.3", "1.2.3"), (.negative, "-1", "-1"),
        (.misplacedComma, "1,23", "1,000"), (.tooManyDecimals, "1.23456", "1.23456"),
        (.tooLarge, "1000000000000000.01", "1000.0001"),
    ]

    @Test("the table of error messages is what each field shows, and a field without a message never refuses so")
    func errorMessages() throws {
        let table = Self.table(after: "### The error messages")
        try #require(table.count == Self.rows.count, "\(table)")
        for (cells, row) in zip(table, Self.rows) {
            let fields = [(TipField.check, cells[1], row.check), (.percentage, cells[2], row.percentage)]
            for (field, cell, typed) in fields {
                if cell.hasPrefix("(") {
                    #expect(Self.read(typed, as: field) != .failure(row.0), "\(field): \(typed) is \(cell)")
                } else {
                    #expect(cell == row.0.message(for: field), "\(row.0) in \(field)")
                    #expect(Self.read(typed, as: field) == .failure(row.0), "\(field): \(typed)")
                }
            }
        }
    }

    /// A field's text read as that field reads it, as a whole number (cents, ten-thousandths).
    static func read(_ typed: String, as field: TipField) -> Result<Int64, TipInputError> {
        switch field {
        case .check: TipInput.amount(typed).map(\.cents)
        case .percentage: TipInput.percentage(typed).map(\.tenThousandths)
        }
    }

    @Test("the examples at the top are what tcnet tip prints")
    func examples() throws {
        let tip = Tip(check: Money(cents: 4250), percentage: Percentage(percent: 18))
        let lines = Self.text.split(separator: "\n").map(String.init)
        let first = try #require(lines.firstIndex { $0.hasPrefix("tcnet tip 42.50 18%  ") })
        let column = try #require(lines[first].range(of: "Check amount")).lowerBound.utf16Offset(in: lines[first])
        let shown = lines[first..<first + 3].map { String($0.dropFirst(column)) }
        #expect(shown == TipReport.text(tip).split(separator: "\n").map(String.init))
        let split = try #require(lines.first { $0.hasPrefix("tcnet tip 42.50 18% --split 4") })
        let sentence = try #require(TipReport.text(tip, split: 4).split(separator: "\n").last)
        #expect(split.hasSuffix("... and: " + sentence))
        let json = try #require(lines.first { $0.hasPrefix("tcnet tip 42.50 18% --json") })
        #expect(json.hasSuffix(" " + TipReport.json(tip)))
    }
}
