/// The text of a top-level member's value exactly as the peer wrote it, for the cases that judge bytes
/// rather than values (M-3: an id is echoed as it was sent).
///
/// NB: a scanner of its own, not our decoders: the suite does not trust them to agree with another
/// implementation. It assumes a JSON object (the payload parsed as one already).
enum RawMember {
    /// The value's text, without the white space around it; `nil` when the object has no such member.
    /// - Parameters:
    ///   - key: the member's name, written without escapes in the payload.
    ///   - payload: a JSON object's text.
    static func text(of key: String, in payload: [UInt8]) -> String? {
        var index = 0
        func skipSpace() {
            while index < payload.count, [0x20, 0x09, 0x0A, 0x0D].contains(payload[index]) { index += 1 }
        }
        /// Moves past a string starting at its opening quote; returns its raw content.
        func skipString() -> ArraySlice<UInt8> {
            let start = index + 1
            index += 1
            while index < payload.count, payload[index] != UInt8(ascii: "\"") {
                index += payload[index] == UInt8(ascii: "\\") ? 2 : 1
            }
            index += 1
            return payload[start..<min(index - 1, payload.count)]
        }
        /// Moves past a value; returns where it started and ended.
        func skipValue() -> Range<Int> {
            let start = index
            var depth = 0
            while index < payload.count {
                switch payload[index] {
                case UInt8(ascii: "\""): _ = skipString(); if depth == 0 { return start..<index }; continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if depth == 0 { return start..<index }
                    depth -= 1
                    if depth == 0 {
                        index += 1
                        return start..<index
                    }
                case UInt8(ascii: ","), 0x20, 0x09, 0x0A, 0x0D:
                    if depth == 0 { return start..<index }
                default: break
                }
                index += 1
            }
            return start..<index
        }
        skipSpace()
        guard index < payload.count, payload[index] == UInt8(ascii: "{") else { return nil }
        index += 1
        while index < payload.count {
            skipSpace()
            guard index < payload.count, payload[index] == UInt8(ascii: "\"") else { return nil }
            let name = skipString()
            skipSpace()
            guard index < payload.count, payload[index] == UInt8(ascii: ":") else { return nil }
            index += 1
            skipSpace()
            let value = skipValue()
            if Array(name) == Array(key.utf8) { return String(decoding: payload[value], as: UTF8.self) }
            skipSpace()
            guard index < payload.count, payload[index] == UInt8(ascii: ",") else { return nil }
            index += 1
        }
        return nil
    }
}
