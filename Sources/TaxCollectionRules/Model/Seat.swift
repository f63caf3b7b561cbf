/// One of the two players. Player A owns the left column of banks, player B the right one.
///
/// On the wire a seat is the string `"A"` or `"B"`.
public enum Seat: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// The player on the left, who moves first.
    case a = "A"
    /// The player on the right.
    case b = "B"

    /// The other player.
    @inlinable
    public var opponent: Seat { self == .a ? .b : .a }

    /// `"A"` or `"B"`.
    public var description: String { rawValue }

    /// 0 for A, 1 for B: the seat's slot in per-seat storage.
    var index: Int { self == .a ? 0 : 1 }
}
