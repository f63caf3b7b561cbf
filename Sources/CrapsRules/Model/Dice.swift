/// The two dice of one roll, each showing 1 to 6.
///
/// On the wire a roll is the array `[first, second]`, e.g. `[3,4]`; decoding refuses anything else.
public struct Dice: Sendable, Hashable, CustomStringConvertible {
    /// The first die (the left one on a screen).
    public let first: Int
    /// The second die.
    public let second: Int

    /// Two dice.
    /// - Parameters:
    ///   - first: 1 to 6.
    ///   - second: 1 to 6.
    public init(_ first: Int, _ second: Int) {
        precondition(Self.faces.contains(first) && Self.faces.contains(second), "a die shows 1 to 6")
        self.first = first
        self.second = second
    }

    /// The faces of a die.
    public static let faces = 1...6

    /// The sum of the two dice, 2 to 12.
    public var total: Int { self.first + self.second }

    /// `3+4`.
    public var description: String { "\(self.first)+\(self.second)" }
}

extension Dice: Codable {
    /// Reads `[first, second]`, each 1 to 6.
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var faces: [Int] = []
        while !container.isAtEnd && faces.count < 3 {
            faces.append(try container.decode(Int.self))
        }
        guard faces.count == 2, faces.allSatisfy(Self.faces.contains) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "dice are [first, second], each 1 to 6"))
        }
        self.init(faces[0], faces[1])
    }

    /// Writes `[first, second]`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(self.first)
        try container.encode(self.second)
    }
}
