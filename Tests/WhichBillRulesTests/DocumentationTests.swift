import Foundation
import GameKit
import TestScheduling
import Testing
import WhichBillRules

/// docs/WHICHBILL.md held equal to the code: the refusal codes, the store, the option refusals and the
/// JSON examples.
@Suite("WhichBill: docs/WHICHBILL.md", .offThePool)
struct DocumentationTests {
    static let text: String = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/WHICHBILL.md")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    /// The rows of the table that follows a heading, as cells.
    static func table(after heading: String) -> [[String]] {
        guard let start = Self.text.range(of: heading) else { return [] }
        var rows: [[String]] = []
        var started = false
        for line in Self.text[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("|") {
                started = true
                let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                rows.append(cells.map { $0.trimmingCharacters(in: .whitespaces) })
            } else if started {
                break
            }
        }
        return Array(rows.dropFirst(2))
    }

    @Test("the table of refusals lists exactly the codes, in order")
    func codes() {
        let documented = Self.table(after: "## Rules refused").map { $0[0].trimmingCharacters(in: ["`"]) }
        #expect(documented == WhichBillRefusal.codes)
    }

    @Test("the store's table is the store")
    func store() {
        let rows = Self.table(after: "## The store")
        #expect(rows.count == Groceries.shelf.count)
        for (row, shelf) in zip(rows, Groceries.shelf) {
            #expect(
                row == [
                    "`\(shelf.item.id)`", shelf.item.name, shelf.item.emoji, shelf.item.category.rawValue,
                    shelf.prices.lowerBound.description, shelf.prices.upperBound.description,
                ])
        }
    }

    @Test("each documented option refusal is the code's, word for word")
    func optionRefusals() throws {
        let rows = Self.table(after: "Refused with `invalid-option`")
        #expect(rows.count == 6)
        for row in rows {
            let json = row[0].trimmingCharacters(in: ["`"])
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            var given: [String: OptionValue] = [:]
            for (name, value) in object {
                if let list = value as? [String] {
                    given[name] = .subset(list)
                } else if let number = value as? Int {
                    given[name] = .integer(number)
                }
            }
            let refusal = try #require(OptionTests.refusal(given))
            #expect(refusal.option == row[1].trimmingCharacters(in: ["`"]))
            #expect(refusal.message == row[2], "\(json)")
        }
    }

    @Test("the JSON examples are what the code writes")
    func examples() throws {
        var session = TestSession()
        session.state.item = JSONTests.apple
        session.setCost(125)
        for line in [try OrderedJSON.string(from: session.state), try OrderedJSON.string(from: session.state.viewed)] {
            #expect(Self.text.contains("\n" + line + "\n"), "\(line)")
        }
        let record = try OrderedJSON.string(from: JSONTests.record)
        #expect(Self.text.contains("\n" + record + "\n"))
        let moves: [WhichBillMove] = [
            .choose(Money(dollars: 5), hint: false, verdict: nil),
            .choose(Money(dollars: 10), hint: true, verdict: nil),
            .choose(Money(dollars: 5), hint: false, verdict: .tooSmall),
            .next(nil),
            .next(
                NextItem(
                    item: "apple", cost: Money(cents: 125), answer: Money(dollars: 5))),
        ]
        for move in moves {
            #expect(Self.text.contains("`" + (try OrderedJSON.string(from: move)) + "`"), "\(move)")
        }
        let events: [WhichBillEvent] = [
            .guessed(Money(dollars: 5), .tooSmall), .next(round: 2), .sessionOver(items: 10, firstTry: 7),
        ]
        for event in events {
            #expect(Self.text.contains("`" + (try OrderedJSON.string(from: event)) + "`"), "\(event)")
        }
    }
}
