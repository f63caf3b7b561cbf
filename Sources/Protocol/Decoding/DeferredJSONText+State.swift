import GameKit

extension DeferredJSONText {
    /// The state a game reads itself from the text (``Game/readState(_:)``), or `nil`.
    ///
    /// NB: the parser checked the text as JSON when it kept it, as ``JSONTextReader`` requires.
    func state<G: Game>(of _: G.Type) -> G.State? {
        self.bytes.withUnsafeBufferPointer { text in JSONTextReader.read(text) { G.readState(&$0) } }
    }
}

extension Game {
    /// A state the game reads itself from a whole JSON text (``readState(_:)``); `nil` when the text is
    /// not JSON, the game does not read its states, or it leaves this text to `Decodable`.
    public static func readState(fromText text: [UInt8]) -> State? {
        text.withUnsafeBufferPointer { text in
            var parser = JSONParser(bytes: text)
            guard parser.document() != nil else { return nil }
            return JSONTextReader.read(text) { Self.readState(&$0) }
        }
    }
}
