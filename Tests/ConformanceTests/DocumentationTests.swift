import Classroom
import Conformance
import Foundation
import TaxCollection
import Testing

@Suite("Conformance: docs and reports")
struct DocumentationTests {
    static let doc = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/CONFORMANCE.md")

    @Test("docs/CONFORMANCE.md lists exactly the cases of the code")
    func caseListMatches() throws {
        let text = try String(contentsOf: Self.doc, encoding: .utf8)
        let start = try #require(text.range(of: CaseListMarkdown.begin)).upperBound
        let end = try #require(text.range(of: CaseListMarkdown.end)).lowerBound
        let generated = CaseListMarkdown.render([
            ("tcnet conformance host", HostSuite.classroom.map(\.info)),
            ("tcnet conformance client", ClientSuite.classroom),
        ])
        #expect(
            text[start..<end].trimmingCharacters(in: .whitespacesAndNewlines)
                == generated.trimmingCharacters(in: .whitespacesAndNewlines),
            "regenerate with: tcnet conformance --list --markdown")
    }

    @Test("every statement a case cites is a statement of docs/PROTOCOL.md or of a game's rules doc")
    func citedStatementsExist() throws {
        let protocolDoc = try String(
            contentsOf: Self.doc.deletingLastPathComponent().appendingPathComponent("PROTOCOL.md"), encoding: .utf8)
        // NB: a game's own statements (the spelling games' S-1) are in its rules doc.
        let gameDocs = try ["SPELLING.md"].map {
            try String(contentsOf: Self.doc.deletingLastPathComponent().appendingPathComponent($0), encoding: .utf8)
        }
        let cited = Set(HostSuite.classroom.flatMap(\.statements) + ClientSuite.classroom.flatMap(\.statements))
        let missing = cited.filter { id in !([protocolDoc] + gameDocs).contains { $0.contains("**\(id)**") } }
        #expect(missing.isEmpty, "cited but not in docs/PROTOCOL.md or a game's doc: \(missing.sorted())")
        #expect(cited.contains("W-6"))
    }

    @Test("at least 60 host cases, unique ids, each citing statements")
    func caseData() {
        let ids = HostSuite.classroom.map(\.id) + ClientSuite.classroom.map(\.id)
        #expect(HostSuite.classroom.count >= 60)
        #expect(Set(ids).count == ids.count)
        #expect(HostSuite.classroom.allSatisfy { !$0.statements.isEmpty && !$0.summary.isEmpty })
    }

    @Test("selection by id, prefix and slow flag")
    func selection() {
        let info = CaseInfo(id: "match.resign", summary: "", statements: ["G-7"], accepts: [.ok], slow: false)
        let slow = CaseInfo(id: "liveness.idle-timeout", summary: "", statements: [], accepts: [.ok], slow: true)
        #expect(CaseSelection(parsing: "match").selects(info))
        #expect(CaseSelection(parsing: "match.resign").selects(info))
        #expect(!CaseSelection(parsing: "match.res").selects(info))
        #expect(CaseSelection(parsing: "match.res*").selects(info))
        #expect(!CaseSelection(parsing: "framing, hello").selects(info))
        #expect(CaseSelection().selects(slow) && !CaseSelection(skipSlow: true).selects(slow))
        #expect(CaseSelection(parsing: "nope,match").unmatched(in: [info]) == ["nope"])
    }

    @Test("reports: tally, exit status, JSON and JUnit")
    func reports() throws {
        let info = CaseInfo(id: "a.b", summary: "x <&>", statements: ["F-1"], accepts: [.ok], slow: false)
        let results = [
            CaseResult(info: info, verdict: .ok, seconds: 0.5),
            CaseResult(info: info, verdict: .failed(expected: "pong", seen: "\"close\""), seconds: 1),
            CaseResult(info: info, verdict: .nonStrict(reason: "SHOULD"), seconds: 0),
        ]
        #expect(SuiteTally(results).exitStatus == 1)
        #expect(SuiteTally([results[0], results[2]]).exitStatus == 0)
        #expect(SuiteTally(results).line == "3 cases: 1 OK, 1 NON-STRICT, 1 FAILED, 0 UNIMPLEMENTED")
        let json = try JSONSerialization.jsonObject(with: Data(JSONReport.render(results).utf8)) as? [[String: Any]]
        #expect(json?.count == 3)
        #expect(json?[1]["outcome"] as? String == "FAILED" && json?[1]["expected"] as? String == "pong")
        let xml = JUnitReport.render(results, suiteName: "s")
        #expect(xml.contains(#"failures="1""#) && xml.contains("&lt;&amp;&gt;") && xml.contains("<failure"))
        #expect(SummaryTable.render(results).contains("FAILED"))
        #expect(SummaryTable.progressLine(index: 2, total: 103, id: "x") == "[  3/103] x ...")
    }
}
