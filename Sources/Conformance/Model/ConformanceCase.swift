/// One conformance case: data (id, description, spec statements, accepted outcomes) plus a run function.
public struct ConformanceCase<Context: Sendable>: Sendable, Identifiable {
    /// A stable id, `group.name`; `--cases` selects by id or by prefix.
    public let id: String
    /// One line for people.
    public let summary: String
    /// The statements of docs/PROTOCOL.md the case checks (e.g. "F-5").
    public let statements: [String]
    /// The outcomes this case can conclude besides FAILED, in order of preference.
    public let accepts: [Outcome]
    /// Whether the case waits for one of the host's timeouts (seconds, or a minute for the idle timeout).
    public let slow: Bool
    /// The transports the case applies to (PROTOCOL.md section 1 is TCP's, section 16 WebSocket's).
    public let transport: CaseTransport
    /// Runs the case; returns OK, NON-STRICT or UNIMPLEMENTED, or throws ``CaseFailure``.
    public let run: @Sendable (Context) async throws -> Verdict

    /// Creates a case.
    public init(
        _ id: String, _ summary: String, statements: [String], accepts: [Outcome] = [.ok], slow: Bool = false,
        transport: CaseTransport = .any, run: @escaping @Sendable (Context) async throws -> Verdict
    ) {
        self.id = id
        self.summary = summary
        self.statements = statements
        self.accepts = accepts
        self.slow = slow
        self.transport = transport
        self.run = run
    }

    /// The group: the id up to its first dot.
    public var group: String { String(self.id.prefix { $0 != "." }) }

    /// The case's description, without its run function.
    public var info: CaseInfo {
        CaseInfo(
            id: self.id, summary: self.summary, statements: self.statements, accepts: self.accepts, slow: self.slow,
            transport: self.transport)
    }
}

/// Which transports a case applies to.
public enum CaseTransport: String, Sendable, Codable, Equatable {
    /// Both: framed TCP and WebSocket.
    case any
    /// Framed TCP only (the length prefix, HTTP on the tcnet port).
    case tcp
    /// WebSocket only (fragments, the Origin check).
    case webSocket = "websocket"
}

/// A case's data, for lists and reports.
public struct CaseInfo: Sendable, Equatable, Codable {
    public var id: String
    public var summary: String
    public var statements: [String]
    public var accepts: [Outcome]
    public var slow: Bool
    public var transport: CaseTransport

    /// Creates the data of a case.
    public init(
        id: String, summary: String, statements: [String], accepts: [Outcome], slow: Bool,
        transport: CaseTransport = .any
    ) {
        self.id = id
        self.summary = summary
        self.statements = statements
        self.accepts = accepts
        self.slow = slow
        self.transport = transport
    }

    /// The group: the id up to its first dot.
    public var group: String { String(self.id.prefix { $0 != "." }) }
}

/// Which cases to run: `--cases` (ids or prefixes, comma-separated) and `--skip-slow`.
public struct CaseSelection: Sendable, Equatable {
    /// Ids or prefixes; empty selects every case.
    public var patterns: [String]
    /// Leaves out the cases that wait for a timeout.
    public var skipSlow: Bool

    /// Creates a selection.
    public init(patterns: [String] = [], skipSlow: Bool = false) {
        self.patterns = patterns
        self.skipSlow = skipSlow
    }

    /// Parses `--cases` text: `framing,hello.twice`.
    public init(parsing text: String?, skipSlow: Bool = false) {
        self.patterns = (text ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        self.skipSlow = skipSlow
    }

    /// Whether a case is selected: its id equals a pattern or starts with `pattern.`; a pattern
    /// ending in `*` or `.` matches as a plain prefix.
    public func selects(_ info: CaseInfo) -> Bool {
        if self.skipSlow && info.slow { return false }
        guard !self.patterns.isEmpty else { return true }
        return self.patterns.contains { pattern in
            if pattern.hasSuffix("*") { return info.id.hasPrefix(pattern.dropLast()) }
            if pattern.hasSuffix(".") { return info.id.hasPrefix(pattern) }
            return info.id == pattern || info.id.hasPrefix(pattern + ".")
        }
    }

    /// The patterns that select no case at all (a typo in `--cases`).
    public func unmatched(in infos: [CaseInfo]) -> [String] {
        self.patterns.filter { pattern in
            !infos.contains { CaseSelection(patterns: [pattern]).selects($0) }
        }
    }
}

import Foundation
