import Foundation
import GameKit
import SpellingRules
import TestScheduling
import Testing

/// The JSON examples of docs/SPELLING.md, made by the code: a pick game of a three-word list with its own
/// wrong spellings, from a fixed secret. Each ```json block whose first line is `// example: NAME` must
/// be the code's JSON for NAME, byte for byte.
@Suite("docs/SPELLING.md: the worked example is the code's", .offThePool)
struct WorkedExampleTests {
    static let doc = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/SPELLING.md")

    static func examples() throws -> [String: String] {
        var table = SpellingTable(
            mode: .pick, rows: [["cat", "kat", "catt"], ["dog", "dogg", "dug"], ["sun", "son", "sunn"]], seed: 7)
        var out: [String: String] = [:]
        out["host-state"] = try OrderedJSON.string(from: table.host)
        out["student-state"] = try OrderedJSON.string(from: table.client)
        out["student-hash"] = "\"" + SpellingGame.hash(of: table.client) + "\""
        let right = table.rightMove
        out["student-move"] = try OrderedJSON.string(from: right)
        var random = HostRandom(secret: table.secret, step: 1)
        let prepared = SpellingGame.prepare(right, by: .seat("S"), in: table.host, random: &random)
        out["prepared-move"] = try OrderedJSON.string(from: prepared)
        out["viewed-move"] = try OrderedJSON.string(from: SpellingGame.view(of: prepared, for: .seat("S")))
        let events = try table.play(right).get().compactMap { SpellingGame.view(of: $0, for: .seat("S")) }
        out["events"] = try OrderedJSON.string(from: events)
        let wrong = table.wrongMove
        var random2 = HostRandom(secret: table.secret, step: 2)
        out["wrong-move"] = try OrderedJSON.string(
            from: SpellingGame.prepare(wrong, by: .seat("S"), in: table.host, random: &random2))
        out["wrong-events"] = try OrderedJSON.string(from: try table.play(wrong).get())
        out["time-up"] = try OrderedJSON.string(from: SpellingGame.hostMove(.deadline, in: table.host)!)
        return out
    }

    @Test("every example block of the document is the code's JSON")
    func examplesMatch() throws {
        let text = try String(contentsOf: Self.doc, encoding: .utf8)
        let examples = try Self.examples()
        var seen: Set<String> = []
        for block in text.components(separatedBy: "```json\n").dropFirst() {
            let body = block.components(separatedBy: "\n```").first ?? ""
            let lines = body.split(separator: "\n", maxSplits: 1).map(String.init)
            guard let first = lines.first, first.hasPrefix("// example: "), lines.count == 2 else { continue }
            let name = String(first.dropFirst("// example: ".count))
            #expect(examples[name] == lines[1], "\(name): the code says \(examples[name] ?? "nothing")")
            seen.insert(name)
        }
        #expect(
            seen == Set(examples.keys), "examples missing from the document: \(Set(examples.keys).subtracting(seen))")
    }

    @Test(
        "print the examples (for the document)",
        .disabled(if: ProcessInfo.processInfo.environment["TCNET_PRINT_EXAMPLES"] == nil))
    func printExamples() throws {
        for (name, json) in try Self.examples().sorted(by: { $0.key < $1.key }) {
            print("// example: \(name)\n\(json)\n")
        }
    }
}
