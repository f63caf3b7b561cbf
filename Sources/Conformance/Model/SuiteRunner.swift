import Foundation
import Protocol
import Synchronization

/// Runs selected cases one after another, each with a deadline, and reports progress.
public struct SuiteRunner<Context: Sendable>: Sendable {
    /// Progress, for the terminal's progress line.
    public enum Event: Sendable {
        case started(index: Int, total: Int, CaseInfo)
        case finished(index: Int, total: Int, CaseResult)
    }

    /// Every case of the suite, in order.
    public let cases: [ConformanceCase<Context>]
    /// The longest a case may run before it is FAILED for hanging.
    public let caseTimeout: Duration

    /// Creates a runner.
    public init(cases: [ConformanceCase<Context>], caseTimeout: Duration) {
        self.cases = cases
        self.caseTimeout = caseTimeout
    }

    /// The selected cases, in suite order.
    public func selected(_ selection: CaseSelection) -> [ConformanceCase<Context>] {
        self.cases.filter { selection.selects($0.info) }
    }

    /// Runs the selected cases.
    /// - Parameters:
    ///   - selection: which cases.
    ///   - makeContext: a fresh context per case.
    ///   - progress: told before and after each case.
    /// - Returns: one result per selected case.
    public func run(
        _ selection: CaseSelection, makeContext: @Sendable (CaseInfo) -> Context,
        progress: @Sendable (Event) -> Void = { _ in }
    ) async -> [CaseResult] {
        let chosen = self.selected(selection)
        var results: [CaseResult] = []
        for (index, testCase) in chosen.enumerated() {
            progress(.started(index: index, total: chosen.count, testCase.info))
            let started = ContinuousClock.now
            let verdict = await Self.verdict(
                of: testCase, context: makeContext(testCase.info), timeout: self.caseTimeout)
            let elapsed = started.duration(to: .now)
            let seconds = elapsed.inSeconds
            let result = CaseResult(info: testCase.info, verdict: verdict, seconds: seconds)
            results.append(result)
            progress(.finished(index: index, total: chosen.count, result))
        }
        return results
    }

    /// Runs one case to a verdict: a thrown ``CaseFailure`` is FAILED; any other error (the connection
    /// broke, a read timed out) is FAILED with that error as what was seen; an outcome the case does
    /// not accept is a defect of the case, reported as FAILED.
    static func verdict(of testCase: ConformanceCase<Context>, context: Context, timeout: Duration) async -> Verdict {
        // NB: a case blocked in a socket read cannot be cancelled; the race returns at the deadline and
        // leaves it to end on its own read timeout.
        let outcome: Result<Verdict, any Error> = await withCheckedContinuation { continuation in
            let once = Once(continuation)
            Task {
                do { once.resume(.success(try await testCase.run(context))) } catch { once.resume(.failure(error)) }
            }
            Task {
                try? await Task.sleep(for: timeout)
                once.resume(.failure(CaseFailure(expected: "the case to finish", seen: "no verdict within \(timeout)")))
            }
        }
        switch outcome {
        case .success(let verdict):
            guard verdict == .ok || testCase.accepts.contains(verdict.outcome) else {
                return .failed(
                    expected: "one of \(testCase.accepts.map(\.rawValue))",
                    seen: "\(verdict.outcome.rawValue): \(verdict.detail)")
            }
            return verdict
        case .failure(let failure as CaseFailure):
            return .failed(expected: failure.expected, seen: failure.seen)
        case .failure(let error):
            return .failed(expected: "the exchange to complete", seen: "\(error)")
        }
    }
}

/// Resumes a continuation with the first of several racing results.
final class Once<Value: Sendable>: Sendable {
    private let continuation: Mutex<CheckedContinuation<Value, Never>?>

    init(_ continuation: CheckedContinuation<Value, Never>) {
        self.continuation = Mutex(continuation)
    }

    func resume(_ value: Value) {
        self.continuation.withLock { pending in
            pending?.resume(returning: value)
            pending = nil
        }
    }
}
