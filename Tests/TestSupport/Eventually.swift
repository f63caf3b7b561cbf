/// A condition that did not come to hold in time.
public struct NotWithin: Error, CustomStringConvertible {
    public let what: String
    public let seconds: Int
    /// What the test saw when it gave up.
    public let detail: String
    public init(what: String, seconds: Int, detail: String = "") {
        self.what = what
        self.seconds = seconds
        self.detail = detail
    }

    public var description: String {
        "not within \(self.seconds) s: \(self.what)" + (self.detail.isEmpty ? "" : " (\(self.detail))")
    }
}

/// Waits, within a generous deadline, until `done` holds, looking again every few milliseconds.
/// - Parameters:
///   - what: the condition, for the failure.
///   - seconds: the deadline (generous: the whole suite may load the machine).
///   - detail: what to say of the state of things at the deadline.
/// - Throws: ``NotWithin`` at the deadline.
public func eventually(
    _ what: String, seconds: Int = 30, detail: @Sendable () -> String = { "" }, _ done: @Sendable () async -> Bool
) async throws {
    try await eventually(what, seconds: seconds, detail: detail) { await done() ? () : nil }
}

/// Waits, within a generous deadline, until `value` gives a value, looking again every few milliseconds,
/// and returns the value it gave (not a second look, which could differ).
/// - Parameters:
///   - what: the condition, for the failure.
///   - seconds: the deadline (generous: the whole suite may load the machine).
///   - detail: what to say of the state of things at the deadline.
/// - Throws: ``NotWithin`` at the deadline.
public func eventually<Value>(
    _ what: String, seconds: Int = 30, detail: @Sendable () -> String = { "" },
    _ value: @Sendable () async -> Value?
) async throws -> Value {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while true {
        if let value = await value() { return value }
        guard ContinuousClock.now < deadline else { throw NotWithin(what: what, seconds: seconds, detail: detail()) }
        try await Task.sleep(for: .milliseconds(5))
    }
}
