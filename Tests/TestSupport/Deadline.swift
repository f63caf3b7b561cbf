/// The work did not finish in time.
public struct DeadlineExceeded: Error, CustomStringConvertible {
    public let seconds: Int
    public var description: String { "did not finish within \(self.seconds) s" }
}

/// Runs `work`, failing with ``DeadlineExceeded`` if it takes longer than `seconds`, so a test that goes
/// wrong fails instead of hanging the whole run.
public func withDeadline<T: Sendable>(seconds: Int, _ work: @escaping @Sendable () async throws -> T) async throws -> T
{
    try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { try await work() }
        group.addTask {
            try await Task.sleep(for: .seconds(seconds))
            throw DeadlineExceeded(seconds: seconds)
        }
        defer { group.cancelAll() }
        guard let first = try await group.next() else { throw DeadlineExceeded(seconds: seconds) }
        return first
    }
}
