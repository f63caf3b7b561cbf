/// What a case concluded about the implementation under test.
public enum Verdict: Sendable, Equatable {
    /// The implementation did what the spec says.
    case ok
    /// A second behaviour the suite accepts, with the reason it is accepted.
    case nonStrict(reason: String)
    /// The implementation broke the spec: what was expected, and what was seen.
    case failed(expected: String, seen: String)
    /// An optional feature the implementation does not offer.
    case unimplemented(reason: String)

    /// The outcome's name, as the terminal, the JSON report and docs/CONFORMANCE.md write it.
    public var outcome: Outcome {
        switch self {
        case .ok: .ok
        case .nonStrict: .nonStrict
        case .failed: .failed
        case .unimplemented: .unimplemented
        }
    }

    /// The reason, or expected and seen, in one line.
    public var detail: String {
        switch self {
        case .ok: ""
        case .nonStrict(let reason), .unimplemented(let reason): reason
        case .failed(let expected, let seen): "expected \(expected); saw \(seen)"
        }
    }
}

/// The four outcomes of a case.
public enum Outcome: String, Sendable, CaseIterable, Codable {
    case ok = "OK"
    case nonStrict = "NON-STRICT"
    case failed = "FAILED"
    case unimplemented = "UNIMPLEMENTED"
}

/// Thrown by a case's run function when the implementation broke the spec.
public struct CaseFailure: Error, Sendable, CustomStringConvertible {
    /// What the spec asks for.
    public var expected: String
    /// What the implementation did.
    public var seen: String

    /// Creates a failure.
    public init(expected: String, seen: String) {
        self.expected = expected
        self.seen = seen
    }

    public var description: String { "expected \(self.expected); saw \(self.seen)" }
}

/// Fails the case unless `condition` holds.
/// - Parameters:
///   - condition: what the spec requires.
///   - expected: the requirement, for people.
///   - seen: what was observed, evaluated only on failure.
/// - Throws: ``CaseFailure`` when the condition is false.
public func require(_ condition: Bool, _ expected: @autoclosure () -> String, seen: @autoclosure () -> String) throws {
    if !condition {
        throw CaseFailure(expected: expected(), seen: seen())
    }
}
