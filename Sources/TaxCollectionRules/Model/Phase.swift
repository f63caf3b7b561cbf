/// The state of play: whether the mover must refill, may sow, or the game has ended.
///
/// On the wire a phase is `"refill"`, `"sow"` or `"over"`.
public enum Phase: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// All the mover's banks are empty: the only legal move is ``Move/refill``.
    case refill
    /// The mover picks a non-empty bank of theirs and a direction.
    case sow
    /// The game has ended; no move is legal.
    case over

    /// The wire name.
    public var description: String { rawValue }
}
