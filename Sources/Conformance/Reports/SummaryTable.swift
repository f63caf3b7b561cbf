/// The terminal's view of a run: a progress line while it runs, a table at the end.
public enum SummaryTable {
    /// The progress line for a case about to run, e.g. `[ 12/64] match.stale-seq ...`.
    public static func progressLine(index: Int, total: Int, id: String) -> String {
        let width = String(total).count
        let number = String(index + 1)
        return "[" + String(repeating: " ", count: width - number.count) + number + "/\(total)] \(id) ..."
    }

    /// The table: one row per case (id, outcome, seconds, spec statements, detail), then the tally.
    /// - Parameters:
    ///   - results: the results, in run order.
    ///   - width: the most characters a detail may take before it is cut.
    public static func render(_ results: [CaseResult], detailWidth: Int = 100) -> String {
        let idWidth = max(4, results.map(\.info.id.count).max() ?? 0)
        let outcomeWidth = Outcome.allCases.map(\.rawValue.count).max() ?? 0
        func pad(_ text: String, _ width: Int) -> String {
            text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
        }
        var lines = [pad("case", idWidth) + "  " + pad("outcome", outcomeWidth) + "  time    spec"]
        lines.append(String(repeating: "-", count: idWidth + outcomeWidth + 24))
        for result in results {
            let seconds = String(format: "%5.2fs", result.seconds)
            var line = pad(result.info.id, idWidth) + "  " + pad(result.verdict.outcome.rawValue, outcomeWidth) + "  "
                + seconds + "  " + result.info.statements.joined(separator: " ")
            let detail = result.verdict.detail
            if !detail.isEmpty {
                let cut = detail.count > detailWidth ? String(detail.prefix(detailWidth - 1)) + "…" : detail
                line += "\n" + String(repeating: " ", count: idWidth + 2) + "└ " + cut
            }
            lines.append(line)
        }
        lines.append(String(repeating: "-", count: idWidth + outcomeWidth + 24))
        lines.append(SuiteTally(results).line)
        return lines.joined(separator: "\n") + "\n"
    }
}

import Foundation
