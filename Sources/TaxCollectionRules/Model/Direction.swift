/// The direction of a sowing, as the player swipes it on the screen.
///
/// On the wire a direction is `"up"` or `"down"`. "Down" from any bank goes toward the bottom treasury,
/// "up" toward the top one; the hand then keeps turning the same way around the ring.
public enum Direction: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// Toward the top treasury.
    case up
    /// Toward the bottom treasury.
    case down

    /// `"up"` or `"down"`.
    public var description: String { rawValue }

    /// Reads `"up"` or `"down"`; anything else is a `DecodingError.dataCorrupted` that says so.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let direction = Direction(rawValue: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "direction must be \"up\" or \"down\", not \"\(text)\"")
        }
        self = direction
    }
}
