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
}
