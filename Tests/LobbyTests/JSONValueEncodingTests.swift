import Foundation
import GameKit
import TaxCollectionRules
import TestScheduling
import Testing

@testable import Protocol

/// `JSONValue.encoding` builds its tree directly; it must be the very tree that JSON text read back gives.
@Suite("JSONValue: the direct tree equals the text round trip", .offThePool)
struct JSONValueEncodingTests {
    @Test("every state, move and event of whole random games", arguments: [1, 2, 3, 4] as [UInt64])
    func wholeGames(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        var state = GameState()
        var checked = 0
        while !state.isOver {
            #expect(JSONValue.encoding(state) == JSONValue.textRoundTrip(state))
            let move = state.legalMoves[rng.nextIndex(below: state.legalMoves.count)]
            #expect(JSONValue.encoding(move) == JSONValue.textRoundTrip(move))
            for event in try state.apply(move) {
                #expect(JSONValue.encoding(event) == JSONValue.textRoundTrip(event))
            }
            checked += 1
        }
        #expect(JSONValue.encoding(state) == JSONValue.textRoundTrip(state))
        #expect(checked > 0)
    }

    struct Odd: Codable {
        var absent: Int? = nil
        var present: String? = "x"
        var big: Int64 = 9_007_199_254_740_993
        var unsigned: UInt8 = 255
        var fraction = 0.1
        var float: Float = 0.1
        var flags = [true, false]
        var nested = ["k": [1, 2], "": []]
        var byNumber = [3: "three"]
        var bytes = Data([1, 2, 3])
        var date = Date(timeIntervalSinceReferenceDate: 12.5)
        var url = URL(string: "https://example.org/a")!
        var text = "quote \" slash / é \u{1}"
    }

    @Test("optionals, big integers, fractions, floats, dictionaries and Foundation's special types")
    func oddShapes() {
        #expect(JSONValue.encoding(Odd()) == JSONValue.textRoundTrip(Odd()))
        #expect(JSONValue.encoding([Odd(), Odd()]) == JSONValue.textRoundTrip([Odd(), Odd()]))
        #expect(JSONValue.encoding(Optional<Int>.none) == .null)
        #expect(JSONValue.encoding(JSONValue.number(2.5)) == .number(2.5))
    }

    /// Containers filled in after their siblings: nested keyed and unkeyed ones, super encoders, and a
    /// key encoded twice.
    struct Nested: Encodable {
        enum Key: String, CodingKey { case a, b, c, d, e, twice }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            var inner = container.nestedContainer(keyedBy: Key.self, forKey: .a)
            var list = container.nestedUnkeyedContainer(forKey: .b)
            try container.encode(1, forKey: .twice)
            try container.encode("x", forKey: .c)
            try list.encode(1)
            var deep = list.nestedContainer(keyedBy: Key.self)
            try list.encode("after")
            var deeper = list.nestedUnkeyedContainer()
            try deep.encode(true, forKey: .d)
            try deeper.encode(2.5)
            try inner.encode([3, 4], forKey: .e)
            try inner.encodeNil(forKey: .c)
            let parent = container.superEncoder()
            var parentValue = parent.singleValueContainer()
            try parentValue.encode(["p": 1])
            var keyed = container.superEncoder(forKey: .d).unkeyedContainer()
            try container.encode("last", forKey: .twice)
            try keyed.encode(0)
            try keyed.encodeNil()
        }
    }

    @Test("containers filled after their siblings, super encoders, a key encoded twice")
    func nestedContainers() {
        #expect(JSONValue.encoding(Nested()) == JSONValue.textRoundTrip(Nested()))
        #expect(JSONValue.encoding([Nested()]) == JSONValue.textRoundTrip([Nested()]))
        #expect(
            JSONValue.encoding(Nested())
                == .object([
                    "a": .object(["e": .array([.number(3), .number(4)]), "c": .null]),
                    "b": .array([
                        .number(1), .object(["d": .bool(true)]), .string("after"), .array([.number(2.5)]),
                    ]),
                    "c": .string("x"), "twice": .string("last"), "super": .object(["p": .number(1)]),
                    "d": .array([.number(0), .null]),
                ]))
    }

    struct Outer: Encodable {
        struct Inner: Encodable {
            var list: [Double]
            var x: Double
        }
        var name = "n"
        var inner: Inner
    }

    @Test(
        "a non-finite number is refused with JSONEncoder's coding path",
        arguments: [[1, .nan], [.infinity]] as [[Double]])
    func nonFinite(list: [Double]) {
        let value = Outer(inner: Outer.Inner(list: [1], x: list.last!))
        func path(_ body: () throws -> Void) -> [String]? {
            do {
                try body()
            } catch EncodingError.invalidValue(_, let context) {
                return context.codingPath.map(\.stringValue)
            } catch {
                return nil
            }
            return nil
        }
        let ours = path { _ = try JSONValueEncoder.tree(of: value) }
        let foundation = path { _ = try JSONEncoder().encode(value) }
        #expect(ours == ["inner", "x"])
        #expect(ours == foundation)
    }

    @Test("an envelope that writes its type and its body into one object")
    func envelope() {
        let envelope = HostEnvelope(
            re: .number(7),
            .state(
                MatchUpdate(
                    table: "t1", match: 1, seq: 2, turn: "B", status: .playing, state: JSONValue.encoding(GameState()),
                    hash: "abc", last: PlayedMove(seat: "A", move: .object(["square": .number(3)])))))
        #expect(JSONValue.encoding(envelope) == JSONValue.textRoundTrip(envelope))
    }
}

/// Decoding tries the common kinds first; every kind must still come out as itself.
@Suite("JSONValue: decoding keeps every kind", .offThePool)
struct JSONValueDecodingTests {
    @Test("null, booleans, numbers, strings, arrays and objects, nested")
    func kinds() throws {
        let text = #"[null,true,false,0,1,-2.5,1e300,"1","true","",[],{},{"a":[1,"b",false,null,{"c":0}]}]"#
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        #expect(
            value
                == .array([
                    .null, .bool(true), .bool(false), .number(0), .number(1), .number(-2.5), .number(1e300),
                    .string("1"),
                    .string("true"), .string(""), .array([]), .object([:]),
                    .object(["a": .array([.number(1), .string("b"), .bool(false), .null, .object(["c": .number(0)])])]),
                ]))
        #expect(throws: (any Error).self) { try JSONDecoder().decode(JSONValue.self, from: Data("[1e400]".utf8)) }
    }
}
