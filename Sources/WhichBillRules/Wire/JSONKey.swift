/// A JSON member name, for the hand-written coders that keep docs/WHICHBILL.md's key order.
struct JSONKey: CodingKey, Hashable {
    var stringValue: String
    var intValue: Int? { nil }

    init(_ name: String) { self.stringValue = name }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension KeyedDecodingContainer where K == JSONKey {
    /// The member names present, as a set.
    var names: Set<String> { Set(self.allKeys.map(\.stringValue)) }

    /// Refuses the container unless its members are among `allowed` and include `required`.
    func expect(_ required: Set<String>, allowed: Set<String>, shape: String) throws {
        let names = self.names
        guard required.isSubset(of: names), names.isSubset(of: allowed) else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: self.codingPath,
                    debugDescription: "expected \(shape); got keys [\(names.sorted().joined(separator: ", "))]"))
        }
    }
}
