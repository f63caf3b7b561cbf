import Foundation
import Protocol

/// A message as the peer under test sent it: a JSON object, read leniently (the suite judges it,
/// it does not trust our own decoders to agree with another implementation).
public struct WireMessage: Sendable, CustomStringConvertible {
    /// The object's members.
    public let members: [String: JSONValue]
    /// The frame's payload, as the peer wrote it; empty for an object inside a message.
    public let payload: [UInt8]

    /// Parses a frame's payload; `nil` when it is not a JSON object.
    public init?(payload: [UInt8]) {
        guard case .object(let members)? = try? JSONDecoder().decode(JSONValue.self, from: Data(payload)) else {
            return nil
        }
        self.members = members
        self.payload = payload
    }

    public init(_ members: [String: JSONValue]) {
        self.members = members
        self.payload = []
    }

    /// A top-level member's value as the peer wrote it (`"re"`: `1`, `"a"`), for checks of bytes.
    public func rawText(_ key: String) -> String? {
        RawMember.text(of: key, in: self.payload)
    }

    public subscript(key: String) -> JSONValue? { self.members[key] }

    public var type: String? { self.string("type") }
    /// The error code, for `error`.
    public var code: String? { self.type == "error" ? self.string("code") : nil }
    public var re: JSONValue? { self.members["re"] }
    public var isError: Bool { self.type == "error" }

    public func string(_ key: String) -> String? {
        if case .string(let value)? = self.members[key] { return value }
        return nil
    }

    public func int(_ key: String) -> Int? {
        if case .number(let value)? = self.members[key], value == value.rounded() { return Int(value) }
        return nil
    }

    public func bool(_ key: String) -> Bool? {
        if case .bool(let value)? = self.members[key] { return value }
        return nil
    }

    public func object(_ key: String) -> WireMessage? {
        if case .object(let value)? = self.members[key] { return WireMessage(value) }
        return nil
    }

    public func array(_ key: String) -> [JSONValue]? {
        if case .array(let value)? = self.members[key] { return value }
        return nil
    }

    public var description: String {
        let text = JSONValue.object(self.members).description
        return text.count > 300 ? String(text.prefix(299)) + "…" : text
    }
}

extension JSONValue {
    /// The members of an object, or `nil`.
    public var objectValue: WireMessage? {
        if case .object(let members) = self { return WireMessage(members) }
        return nil
    }
}

/// Builds a JSON object text in member order, as the suite sends it.
public func json(_ members: KeyValuePairs<String, JSONValue>) -> String {
    "{"
        + members.map { key, value in JSONValue.string(key).description + ":" + value.description }.joined(
            separator: ",") + "}"
}

extension WireMessage? {
    /// A table description's seats, each as an object; none when absent.
    public var seats: [WireMessage] {
        (self?.array("seats") ?? []).compactMap(\.objectValue)
    }
}
