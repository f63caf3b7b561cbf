import GameKit

/// The text `tcnet rules replay` prints for one record, kept here so that it is tested with the rules.
///
/// For a record that replays: with `trace`, one line per move,
/// `{"index":0,"move":{…},"events":[…]}`, then the final state on one line. For a refused move: one line
/// on standard error, `line 3: move 7 {"bank":2,"direction":"up"} is refused: empty-bank: This Bank is
/// empty; …`, and exit status 2.
public struct ReplayReport: Sendable, Hashable {
    /// Lines for standard output.
    public var output: [String] = []
    /// A line for standard error, if the record did not replay.
    public var error: String?

    /// The report of one record.
    /// - Parameters:
    ///   - record: the decoded record.
    ///   - line: its line number in the input (1-based), for the error line.
    ///   - trace: whether to print every move's events.
    public init(record: GameRecord, line: Int, trace: Bool) {
        switch record.replay() {
        case .finished(let state, let events):
            if trace {
                for (index, move) in record.moves.enumerated() {
                    output.append(Self.traceLine(index: index, move: move, events: events[index]))
                }
            }
            output.append(Self.json(state))
        case .refused(let index, let move, let violation, _):
            error = "line \(line): move \(index) \(Self.json(move)) is refused: \(violation.code): \(violation.message)"
        }
    }

    static func traceLine(index: Int, move: Move, events: [GameEvent]) -> String {
        "{\"index\":\(index),\"move\":\(json(move)),\"events\":[\(events.map(json).joined(separator: ","))]}"
    }

    static func json(_ value: some Encodable) -> String {
        // NB: every value here is one of the module's own types, whose encoding cannot fail.
        try! OrderedJSON.string(from: value)
    }
}
