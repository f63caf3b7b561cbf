import Foundation

/// `--report DIR`'s `conformance.json`: one object per case.
public enum JSONReport {
    struct Entry: Encodable {
        var id: String
        var summary: String
        var statements: [String]
        var outcome: String
        var reason: String?
        var expected: String?
        var seen: String?
        var seconds: Double
    }

    /// The report's text: a JSON array of `{id, summary, statements, outcome, reason?, expected?, seen?, seconds}`.
    public static func render(_ results: [CaseResult]) -> String {
        let entries = results.map { result -> Entry in
            var entry = Entry(
                id: result.info.id, summary: result.info.summary, statements: result.info.statements,
                outcome: result.verdict.outcome.rawValue, seconds: (result.seconds * 1000).rounded() / 1000)
            switch result.verdict {
            case .ok: break
            case .nonStrict(let reason), .unimplemented(let reason): entry.reason = reason
            case .failed(let expected, let seen):
                entry.expected = expected
                entry.seen = seen
            }
            return entry
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(entries)) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
