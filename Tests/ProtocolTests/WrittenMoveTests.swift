import GameKit
import TestScheduling
import Testing

@testable import Protocol

/// A game's move written once from its own members (`EncodedJSON.move`): the bytes the wire writes for
/// the move's tree, or none, when only the tree can say.
@Suite("A move written from its members, as the wire writes its tree", .offThePool)
struct WrittenMoveTests {
    /// The tree `JSONValue.encodingMove` builds from the members (the last of a repeated name counts).
    static func tree(_ members: [(key: String, value: JSONScalar)]) -> JSONValue {
        var object: [String: JSONValue] = [:]
        for (key, scalar) in members {
            switch scalar {
            case .integer(let number): object[key] = .number(Double(number))
            case .string(let text): object[key] = .string(text)
            case .bool(let flag): object[key] = .bool(flag)
            }
        }
        return .object(object)
    }

    @Test("members in any order, of every kind, with names and strings to escape: the tree's bytes")
    func sameBytes() {
        let cases: [[(key: String, value: JSONScalar)]] = [
            [],
            [("bank", .integer(5)), ("direction", .string("down"))],
            [("direction", .string("up")), ("bank", .integer(1))],
            [("refill", .bool(true))],
            [("z", .bool(false)), ("a", .integer(-7)), ("m", .string("é \"q\" \\ \u{1} /"))],
            [("Z", .integer(0)), ("a", .integer(1)), ("é", .integer(2)), ("b\"", .integer(3))],
            [("n", .integer(9_007_199_254_740_991)), ("m", .integer(-9_007_199_254_740_991))],
        ]
        for members in cases {
            let written = EncodedJSON.object(members)
            #expect(written == SortedJSONWriter.bytes(Self.tree(members)), "\(members)")
            #expect(
                written.map { WireCodec.payload(EncodedJSON(written: $0)) } == WireCodec.payload(Self.tree(members)))
        }
    }

    @Test("a name given twice, or an integer a Double cannot hold, is left to the tree")
    func leftToTheTree() {
        #expect(EncodedJSON.object([("a", .integer(1)), ("a", .integer(2))]) == nil)
        #expect(EncodedJSON.object([("b", .bool(true)), ("a", .integer(1)), ("b", .bool(false))]) == nil)
        #expect(EncodedJSON.object([("n", .integer(9_007_199_254_740_993))]) == nil)
        #expect(EncodedJSON.object([("n", .integer(Int.min))]) == nil)
    }
}
