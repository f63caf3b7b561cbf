/// A game state that the rules could never reach, such as dollars missing or a phase that does not fit
/// the board. Decoding a ``GameState`` turns it into a `DecodingError.dataCorrupted` with the same message.
public struct InvalidStateError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, in a sentence.
    public let message: String

    /// Wraps a message.
    /// - Parameter message: what is wrong.
    public init(_ message: String) {
        self.message = message
    }

    /// `invalid state: ` and the message.
    public var description: String { "invalid state: \(message)" }
}
