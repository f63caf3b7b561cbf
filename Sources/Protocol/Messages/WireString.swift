/// A string with a meaning of its own on the wire (an id, a code, a token), coded as a bare JSON
/// string.
public protocol WireString: RawRepresentable, Hashable, Sendable, Codable where RawValue == String {
    init(rawValue: String)
}

extension WireString {
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(self.rawValue)
    }
}
