/// Why a word list file is refused: the line, and what is wrong with it.
public struct WordListError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The 1-based line of the file; 0 when the problem is the whole file.
    public var line: Int
    /// What is wrong, and what to do, for people.
    public var reason: String

    /// A refusal.
    public init(line: Int, reason: String) {
        self.line = line
        self.reason = reason
    }

    /// `line N: reason`, or the reason alone for the whole file.
    public var description: String { self.line == 0 ? self.reason : "line \(self.line): \(self.reason)" }
}
