import Foundation
import GameKit
import Protocol

/// Holds a ``FlatJSONObject`` to its contract: read and written as `Codable` reads and writes it.
///
/// It writes each value both ways, then reads back each value's object and many objects near it (a
/// member dropped, one added, each member replaced by every kind of JSON value, numbers moved by one)
/// both ways: a value the fast reader returns must be the one `Decodable` reads; an object it leaves
/// must be one `Decodable` refuses, unless `complete` is `false`. Each object is read from its text
/// too (`JSONTextObjectReader`, as a client reads a `state`'s move), which must read what its tree reads.
public struct FlatJSONObjectCheck<T: FlatJSONObject & Equatable> {
    /// What the check found wrong, one line each.
    public private(set) var problems: [String] = []
    /// The objects read, and how many of them the fast reader took.
    public private(set) var objects = 0
    public private(set) var readFast = 0

    /// Checks values and the objects near them.
    /// - Parameters:
    ///   - values: values of the type, each shape at least once.
    ///   - complete: whether the fast reader must take every object `Decodable` takes.
    public init(_ values: [T], complete: Bool = true) {
        for value in values {
            let fast = JSONValue.encoding(value)
            let reference = Self.encoderTree(value)
            if fast != reference { self.problems.append("\(value) written as \(fast), not \(reference)") }
            guard case .object(let members) = reference else {
                self.problems.append("\(value) is not written as an object: \(reference)")
                continue
            }
            for object in Self.near(members) { self.read(object, complete: complete) }
        }
    }

    private mutating func read(_ object: [String: JSONValue], complete: Bool) {
        self.objects += 1
        let fast = T(readingObject: JSONValueObjectReader(object))
        // NB: a client reads a `state`'s move from its text (`PlayedMove.decodeMove(of:)`), falling back
        // to the tree when the text reader makes nothing: what it makes must be what the tree gives.
        let text = WireCodec.payload(JSONValue.object(object))
        if let fromText = JSONTextObjectReader(text).flatMap({ T(readingObject: $0) }), fromText != fast {
            let tree = fast.map { "\($0)" } ?? "nothing"
            self.problems.append(
                "\(String(decoding: text, as: UTF8.self)) read from its text as \(fromText), from its tree as \(tree)")
        }
        let reference = try? JSONDecoder().decode(T.self, from: Data(WireCodec.payload(JSONValue.object(object))))
        if fast != nil { self.readFast += 1 }
        switch (fast, reference) {
        case (let fast?, let reference) where fast != reference:
            let decoded = reference.map { "\($0)" } ?? "nothing"
            self.problems.append("\(JSONValue.object(object)) read as \(fast), Decodable reads \(decoded)")
        case (nil, let reference?) where complete:
            self.problems.append("\(JSONValue.object(object)) left to Decodable, which reads \(reference)")
        default:
            break
        }
    }

    private static func encoderTree(_ value: T) -> JSONValue {
        guard let data = try? JSONEncoder().encode(value) else { return .null }
        return (try? JSONDecoder().decode(JSONValue.self, from: data)) ?? .null
    }

    /// The object, and objects one change away from it.
    private static func near(_ members: [String: JSONValue]) -> [[String: JSONValue]] {
        let kinds: [JSONValue] = [
            .null, .bool(true), .bool(false), .number(0), .number(1), .number(-1), .number(1.5),
            .number(9_007_199_254_740_992), .number(-9_007_199_254_740_992), .string(""), .string("x"),
            .array([]), .object([:]),
        ]
        var objects: [[String: JSONValue]] = [members, [:]]
        objects.append(members.merging(["extra": .number(1)]) { $1 })
        for (key, value) in members {
            var without = members
            without[key] = nil
            objects.append(without)
            for kind in kinds + Self.neighbours(of: value) {
                var changed = members
                changed[key] = kind
                objects.append(changed)
            }
        }
        return objects
    }

    private static func neighbours(of value: JSONValue) -> [JSONValue] {
        switch value {
        case .number(let number):
            [.number(number - 1), .number(number + 1), .number(number + 0.5), .string("\(number)")]
        case .string(let text): [.string(text.uppercased()), .string(text + " "), .string(String(text.dropLast()))]
        case .bool(let flag): [.bool(!flag), .number(flag ? 1 : 0), .string("\(flag)")]
        default: []
        }
    }
}
