import Foundation

/// A benchmark's report (`tcnet bench net`, `tcnet bench idle`): its figures as `--json` prints them.
public protocol BenchReport: Encodable {}

extension BenchReport {
    /// One JSON object with every key, sorted; a figure that is not known is `null`.
    public var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // NB: encoding a struct of numbers cannot fail.
        return String(decoding: try! encoder.encode(self), as: UTF8.self)
    }

    /// Rows of a name and a figure, the figures lined up after the longest name: the short table
    /// each report prints without `--json`.
    static func table(_ rows: [(String, String)]) -> String {
        let width = rows.map(\.0.count).max() ?? 0
        return rows.map { $0.0.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.1 }
            .joined(separator: "\n")
    }
}
