import Foundation
import TestScheduling
import Testing

@testable import Protocol

/// docs/PROTOCOL.md and the code say the same things.
@Suite("docs/PROTOCOL.md", .offThePool)
struct SpecificationTests {
    static let specification: String = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return (try? String(contentsOf: root.appendingPathComponent("docs/PROTOCOL.md"), encoding: .utf8)) ?? ""
    }()

    /// The rows of the error table: code and whether it closes.
    static var errorTable: [String: Bool] {
        var rows: [String: Bool] = [:]
        let section =
            self.specification.components(separatedBy: "## 6. Errors").last?
            .components(separatedBy: "## 7.").first ?? ""
        for line in section.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 3, cells[0].hasPrefix("`") else { continue }
            rows[String(cells[0].dropFirst().dropLast())] = cells.last == "yes"
        }
        return rows
    }

    @Test("the error table lists exactly the codes the code sends, with the same closing behaviour")
    func errorCodes() {
        let documented = Self.errorTable
        let implemented = Dictionary(
            uniqueKeysWithValues: ErrorCode.catalogue.map { ($0.code.rawValue, $0.closesConnection) })
        #expect(!documented.isEmpty)
        #expect(documented == implemented)
    }

    @Test("the limits table states the JSON nesting limit the parser applies")
    func nestingLimit() {
        let row =
            "| JSON nesting: arrays and objects inside one another, the message counted"
            + " | \(JSONParser.maxNesting) levels |"
        #expect(Self.specification.contains(row))
        #expect(Self.specification.contains("nested deeper than \(JSONParser.maxNesting) levels"))
    }

    @Test("normative statement ids are unique")
    func statementIDs() throws {
        let regex = try Regex(#"\*\*([A-Z]-\d+)\*\*"#)
        let ids = Self.specification.matches(of: regex).map { String(Self.specification[$0.range]) }
        #expect(ids.count >= 30)
        #expect(Set(ids).count == ids.count)
    }

    @Test("the catalogue shows every golden fixture, and nothing that does not decode")
    func examplesAreTheFixtures() throws {
        let section = try #require(
            Self.specification.components(separatedBy: "## 7. Message catalogue").last?
                .components(separatedBy: "## 8.").first)
        let blocks = section.components(separatedBy: "```json\n").dropFirst().map {
            $0.components(separatedBy: "```").first ?? ""
        }
        var examples: [NSDictionary] = []
        for block in blocks {
            let texts = block.hasPrefix("{\n") ? [block] : block.split(separator: "\n").map(String.init)
            for text in texts where !text.isEmpty {
                let bytes = Array(text.utf8)
                let decodes =
                    (try? WireCodec.decodeClient(bytes).get()) != nil || (try? WireCodec.decodeHost(bytes).get()) != nil
                #expect(decodes, "\(text)")
                if let object = try JSONSerialization.jsonObject(with: Data(bytes)) as? NSDictionary {
                    examples.append(object)
                }
            }
        }
        let fixtures =
            (GoldenFixtureTests.clientFixtures + GoldenFixtureTests.tournamentClientFixtures).map(\.0)
            + (GoldenFixtureTests.hostFixtures + GoldenFixtureTests.tournamentHostFixtures).map(\.0)
        for name in fixtures {
            let fixture = try JSONSerialization.jsonObject(with: Data(try Fixtures.bytes(name))) as? NSDictionary
            #expect(examples.contains { $0 == fixture }, "docs/PROTOCOL.md does not show \(name)")
        }
        #expect(examples.count == fixtures.count)
    }
}
