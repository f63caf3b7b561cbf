import Foundation
import GameKit
import Protocol

/// Holds a game's state reader (``Game/readState(_:)``, a ``JSONTextReadable`` state) to its contract:
/// what it reads from a text is what `Decodable` reads from it, and it reads each state's own text.
///
/// It writes each state as the host does, then reads that text and many texts near it (each member of
/// each object dropped or replaced by every kind of JSON value, numbers moved by one, an item of each
/// array dropped or added, a member added; and, as text, a member written twice, a name written with an
/// escape, a whole number written `5.0`, white space) the way a client reads a `state` message's state
/// (`MatchUpdate.decodeState(of:)`), which must give what `Decodable` gives (`decodeState(as:)`): the
/// same state, or an error for both.
public struct JSONTextReadableCheck<G: Game> where G.State: Equatable {
    /// What the check found wrong, one line each.
    public private(set) var problems: [String] = []
    /// The texts read, and how many of them the game's reader took.
    public private(set) var texts = 0
    public private(set) var readFast = 0

    /// Checks states and the texts near them.
    /// - Parameter states: states of the game, each shape at least once.
    public init(_ states: [G.State], of _: G.Type) {
        for state in states {
            let tree = JSONValue.encoding(state)
            let own = WireCodec.payload(tree)
            if G.readState(fromText: own) != state {
                self.problems.append(
                    "\(String(decoding: own, as: UTF8.self)) is not read as the state it was written from")
            }
            for text in Self.near(tree).map(WireCodec.payload) + Self.spelledNear(own) { self.read(text) }
        }
    }

    private mutating func read(_ text: [UInt8]) {
        let placeholder = WireCodec.payload(JSONValue.string("@state@"))
        let update = MatchUpdate(
            table: "t1", match: 1, seq: 0, turn: nil, status: .playing, state: .string("@state@"), hash: "h")
        let payload = Self.replacing(placeholder, with: text, in: WireCodec.payload(HostEnvelope(.state(update))))
        // NB: a text that is not JSON does not make a message; no reader sees it.
        guard case .success(let envelope) = WireCodec.decodeHost(payload), case .state(let read) = envelope.message
        else { return }
        self.texts += 1
        if G.readState(fromText: text) != nil { self.readFast += 1 }
        let fast = Result { try read.decodeState(of: G.self) }
        let reference = Result { try read.decodeState(as: G.State.self) }
        switch (fast, reference) {
        case (.success(let fast), .success(let reference)) where fast == reference: break
        case (.failure, .failure): break
        default:
            self.problems.append(
                "\(String(decoding: text, as: UTF8.self)) read as \(fast), Decodable reads \(reference)")
        }
    }

    /// The value, and values one change away from it anywhere inside.
    private static func near(_ value: JSONValue) -> [JSONValue] {
        let kinds: [JSONValue] = [
            .null, .bool(true), .bool(false), .number(0), .number(1), .number(-1), .number(1.5),
            .number(9_007_199_254_740_992), .string(""), .string("x"), .array([]), .object([:]),
        ]
        var values: [JSONValue] = [value]
        switch value {
        case .object(let members):
            values.append(.object(members.merging(["extra": .number(1)]) { $1 }))
            for (key, member) in members {
                var without = members
                without[key] = nil
                values.append(.object(without))
                for changed in kinds + Self.near(member).dropFirst() {
                    var with = members
                    with[key] = changed
                    values.append(.object(with))
                }
            }
        case .array(let items):
            values.append(.array(items + [items.last ?? .number(0)]))
            for index in items.indices {
                var without = items
                without.remove(at: index)
                values.append(.array(without))
                for changed in kinds + Self.near(items[index]).dropFirst() {
                    var with = items
                    with[index] = changed
                    values.append(.array(with))
                }
            }
        case .number(let number):
            values += [.number(number - 1), .number(number + 1), .string("\(Int(number))")]
        case .string(let text):
            values += [.string(text.lowercased()), .string(text.uppercased()), .string(text + " ")]
        default:
            break
        }
        return values
    }

    /// The text spelled in ways a tree does not show: each member written twice, each name with an
    /// escape, each whole number written `.0`, white space around everything.
    private static func spelledNear(_ text: [UInt8]) -> [[UInt8]] {
        let source = String(decoding: text, as: UTF8.self)
        var texts: [String] = [" \n" + source + " ", source.replacingOccurrences(of: ",", with: " ,\t"), source + "x"]
        var index = source.startIndex
        while let quote = source[index...].firstIndex(of: "\"") {
            guard let close = source[source.index(after: quote)...].firstIndex(of: "\"") else { break }
            let name = source[source.index(after: quote)..<close]
            let after = source.index(after: close)
            if after < source.endIndex, source[after] == ":", let first = name.unicodeScalars.first {
                let escaped =
                    "\\u" + String(format: "%04x", first.value)
                    + name.unicodeScalars.dropFirst().map(String.init).joined()
                texts.append(String(source[..<quote]) + "\"" + escaped + String(source[close...]))
                // NB: the member again, with another value, before itself.
                texts.append(String(source[..<quote]) + "\"\(name)\":0," + String(source[quote...]))
            }
            index = source.index(after: close)
        }
        var digits = source.startIndex
        while let digit = source[digits...].firstIndex(where: \.isNumber) {
            let end = source[digit...].firstIndex { !$0.isNumber } ?? source.endIndex
            texts.append(String(source[..<end]) + ".0" + String(source[end...]))
            digits = end
        }
        return texts.map { Array($0.utf8) }
    }

    private static func replacing(_ target: [UInt8], with replacement: [UInt8], in bytes: [UInt8]) -> [UInt8] {
        guard let start = bytes.indices.first(where: { bytes[$0...].starts(with: target) }) else { return bytes }
        return Array(bytes[..<start]) + replacement + Array(bytes[(start + target.count)...])
    }
}
