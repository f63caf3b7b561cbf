/// One value for each seat, such as the two collections or the two debts.
///
/// On the wire it is an object with the keys `"A"` and `"B"`, in that order: `{"A": 3, "B": 0}`.
public struct BySeat<Value> {
    /// Player A's value.
    public var a: Value
    /// Player B's value.
    public var b: Value

    /// Makes a pair from both values.
    /// - Parameters:
    ///   - a: player A's value.
    ///   - b: player B's value.
    @inlinable
    public init(a: Value, b: Value) {
        self.a = a
        self.b = b
    }

    /// The value of one seat.
    @inlinable
    public subscript(seat: Seat) -> Value {
        get { seat == .a ? a : b }
        set {
            if seat == .a { a = newValue } else { b = newValue }
        }
    }
}

extension BySeat: Sendable where Value: Sendable {}
extension BySeat: Equatable where Value: Equatable {}
extension BySeat: Hashable where Value: Hashable {}

extension BySeat: Codable where Value: Codable {
    enum CodingKeys: String, CodingKey {
        case a = "A"
        case b = "B"
    }

    /// Reads `{"A": ..., "B": ...}`; both keys are required.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        a = try container.decode(Value.self, forKey: .a)
        b = try container.decode(Value.self, forKey: .b)
    }

    /// Writes `{"A": ..., "B": ...}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(a, forKey: .a)
        try container.encode(b, forKey: .b)
    }
}

extension BySeat: CustomStringConvertible {
    /// `A: x, B: y`.
    public var description: String { "A: \(a), B: \(b)" }
}
