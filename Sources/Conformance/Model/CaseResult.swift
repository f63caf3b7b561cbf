/// A case's verdict, with its data and how long it took.
public struct CaseResult: Sendable, Equatable {
    /// The case.
    public var info: CaseInfo
    /// What it concluded.
    public var verdict: Verdict
    /// Wall time, in seconds.
    public var seconds: Double

    /// Creates a result.
    public init(info: CaseInfo, verdict: Verdict, seconds: Double) {
        self.info = info
        self.verdict = verdict
        self.seconds = seconds
    }
}

/// Counts of each outcome, and the exit status they give.
public struct SuiteTally: Sendable, Equatable {
    public var counts: [Outcome: Int]

    /// Tallies results.
    public init(_ results: [CaseResult]) {
        var counts: [Outcome: Int] = [:]
        for result in results { counts[result.verdict.outcome, default: 0] += 1 }
        self.counts = counts
    }

    /// The count of an outcome.
    public subscript(outcome: Outcome) -> Int { self.counts[outcome] ?? 0 }

    /// 0 only when nothing FAILED.
    public var exitStatus: Int32 { self[.failed] == 0 ? 0 : 1 }

    /// One line: `62 cases: 60 OK, 2 NON-STRICT, 0 FAILED, 0 UNIMPLEMENTED`.
    public var line: String {
        let total = self.counts.values.reduce(0, +)
        let parts = Outcome.allCases.map { "\(self[$0]) \($0.rawValue)" }
        return "\(total) cases: " + parts.joined(separator: ", ")
    }
}
