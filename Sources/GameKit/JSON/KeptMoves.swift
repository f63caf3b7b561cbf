/// A game's moves kept with their texts, for a game with few moves: each text written once and shared,
/// and each move found again by its exact bytes (``Game/keptMoves``).
///
/// NB: the texts are the moves' sorted JSON, as `Encodable` writes it: the host shares a move's text
/// for the journal and the `state` messages after every move, and reads each client's move, as each
/// client reads the move of each `state`, by finding its bytes here before listing any member. A text
/// that differs by a byte (a space, keys in another order) is not found, and is read from its members.
///
/// NB: any game's move may be kept (a game's `Move` need not be `Equatable`), so the equality it is
/// kept with is held here.
public struct KeptMoves<Move: Sendable>: Sendable {
    private let moves: [Move]
    private let texts: [[UInt8]]
    private let same: @Sendable (Move, Move) -> Bool

    /// The kept text of a move, or `nil` for a move not kept.
    public func text(of move: Move) -> [UInt8]? {
        self.moves.firstIndex { self.same($0, move) }.map { self.texts[$0] }
    }

    /// The move whose kept text is exactly `text`, or `nil`.
    public func move(of text: UnsafeRawBufferPointer) -> Move? {
        self.texts.firstIndex { $0.count == text.count && $0.elementsEqual(text) }.map { self.moves[$0] }
    }
}

extension KeptMoves where Move: Equatable {
    /// Keeps `moves` with the texts `text` writes for them: each must be exactly the move's sorted JSON.
    public init(_ moves: [Move], text: (Move) -> [UInt8]) {
        self.moves = moves
        self.texts = moves.map(text)
        self.same = { $0 == $1 }
    }
}

extension KeptMoves where Move: FlatJSONObject & Equatable {
    /// Keeps `moves` with the texts their members write (``FlatJSONObject/jsonMembers``).
    public init(_ moves: [Move]) {
        self.init(moves) { move in
            var json = JSONTextWriter(capacity: 32)
            json.beginObject()
            for (key, value) in move.jsonMembers { json.member(key, value) }
            json.endObject()
            return json.bytes
        }
    }
}
