/// The case list of docs/CONFORMANCE.md, generated from the code (`tcnet conformance --list --markdown`).
public enum CaseListMarkdown {
    /// Markers around the generated part of docs/CONFORMANCE.md.
    public static let begin = "<!-- BEGIN GENERATED CASE LIST: tcnet conformance --list --markdown -->"
    public static let end = "<!-- END GENERATED CASE LIST -->"

    /// One table per suite side: id, what it checks, spec statements, accepted outcomes.
    /// - Parameter sections: a heading and the cases under it.
    public static func render(_ sections: [(heading: String, cases: [CaseInfo])]) -> String {
        var lines: [String] = []
        for (heading, cases) in sections {
            lines.append("### \(heading) (\(cases.count) cases)")
            lines.append("")
            lines.append("| case | checks | spec | accepts |")
            lines.append("|---|---|---|---|")
            for info in cases {
                let accepts = ([Outcome.ok] + info.accepts.filter { $0 != .ok }).map(\.rawValue).joined(separator: ", ")
                let only =
                    info.transport == .tcp ? " *(TCP only)*" : info.transport == .webSocket ? " *(WebSocket only)*" : ""
                let summary =
                    info.summary.replacingOccurrences(of: "|", with: "\\|") + (info.slow ? " *(slow)*" : "") + only
                lines.append("| `\(info.id)` | \(summary) | \(info.statements.joined(separator: ", ")) | \(accepts) |")
            }
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    /// The plain list for `--list`: `id  [spec]  summary`.
    public static func plain(_ cases: [CaseInfo]) -> String {
        let width = cases.map(\.id.count).max() ?? 0
        return cases.map { info in
            info.id + String(repeating: " ", count: width - info.id.count) + "  "
                + "[\(info.statements.joined(separator: " "))] " + info.summary + (info.slow ? " (slow)" : "")
                + (info.transport == .tcp ? " (TCP only)" : info.transport == .webSocket ? " (WebSocket only)" : "")
        }.joined(separator: "\n") + "\n"
    }
}

import Foundation
