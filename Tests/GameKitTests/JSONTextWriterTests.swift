import Foundation
import GameKit
import Testing

/// `JSONTextWriter`: the commas, the nesting and the escapes of the wire's sorted JSON, for a value that
/// writes its members in key order.
@Suite("JSONTextWriter")
struct JSONTextWriterTests {
    struct Cell: Codable, JSONTextWritable {
        var counts: [Int]
        var label: String
        var open: Bool
        var rows: [[Int]]

        func writeJSON(to json: inout JSONTextWriter) {
            json.beginObject()
            json.member("counts", self.counts)
            json.member("label", self.label)
            json.member("open", self.open)
            json.key("rows")
            json.beginArray()
            for row in self.rows { row.writeJSON(to: &json) }
            json.endArray()
            json.endObject()
        }
    }

    @Test("nested objects and arrays, empty ones, escapes and negative numbers: the encoder's bytes")
    func asTheEncoderWrites() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let cells = [
            Cell(counts: [], label: "", open: false, rows: []),
            Cell(
                counts: [0, -1, Int(Int32.min), 1 << 52], label: "a \"b\" c\\d/e\n\u{1}é", open: true,
                rows: [[], [7]]),
            Cell(counts: [5], label: "x", open: true, rows: [[1, 2], [], [3]]),
        ]
        for value in [cells, [], [cells[1]]] {
            var json = JSONTextWriter()
            value.writeJSON(to: &json)
            let expected = String(decoding: try encoder.encode(value), as: UTF8.self)
            #expect(String(decoding: json.bytes, as: UTF8.self) == expected)
        }
    }

    /// A value with one-letter keys, which the compiler may store as a scalar rather than as text.
    struct Pair: Codable, JSONTextWritable {
        var A: String
        var B: Int

        func writeJSON(to json: inout JSONTextWriter) {
            json.beginObject()
            json.member("A", self.A)
            json.member("B", self.B)
            json.endObject()
        }
    }

    @Test("text far longer than the room a writer starts with, one-letter keys, extreme integers")
    func growsAsItWrites() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let label = String(repeating: "long \u{7} label ", count: 40)
        let pairs = (0..<300).map { Pair(A: $0 % 7 == 0 ? label : "p\($0)", B: [Int.min, Int.max, -$0, $0][$0 % 4]) }
        for capacity in [0, 1, 64, 100, 4096] {
            var json = JSONTextWriter(capacity: capacity)
            pairs.writeJSON(to: &json)
            let expected = String(decoding: try encoder.encode(pairs), as: UTF8.self)
            #expect(String(decoding: json.bytes, as: UTF8.self) == expected, "capacity \(capacity)")
        }
    }

    @Test("a text on the stack (jsonText) or in an array's room, short or outgrowing it: a writer's own text")
    func lentMemory() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // NB: 0 to 2 000 pairs: from a few bytes to far beyond the stack's 1 024 and any array's room below.
        for count in [0, 1, 20] + Array(50...62) + [2_000] {
            let pairs = (0..<count).map { Pair(A: "p\($0)", B: $0) }
            let expected = Array(try encoder.encode(pairs))
            var own = JSONTextWriter()
            pairs.writeJSON(to: &own)
            #expect(own.bytes == expected, "\(count) pairs, own memory")
            #expect(pairs.jsonText == expected, "\(count) pairs, on the stack (\(expected.count) bytes)")
            for capacity in [0, 64, expected.count - 1, expected.count, expected.count + 100] {
                let written = JSONTextWriter.array(capacity: capacity) { pairs.writeJSON(to: &$0) }
                #expect(written == expected, "\(count) pairs, array of room \(capacity) for \(expected.count)")
            }
        }
    }

    @Test("keys and names the code spells out, of every length from 1 to 24 bytes, each after a comma or not")
    func spelledOut() {
        let names: [StaticString] = [
            "a", "ab", "abc", "abcd", "abcde", "abcdef", "abcdefg", "abcdefgh", "abcdefghi", "abcdefghij",
            "abcdefghijk", "abcdefghijkl", "abcdefghijklm", "abcdefghijklmn", "abcdefghijklmno", "abcdefghijklmnop",
            "abcdefghijklmnopq", "abcdefghijklmnopqr", "abcdefghijklmnopqrs", "abcdefghijklmnopqrst",
            "abcdefghijklmnopqrstu", "abcdefghijklmnopqrstuv", "abcdefghijklmnopqrstuvw", "abcdefghijklmnopqrstuvwx",
        ]
        var json = JSONTextWriter()
        var expected: [String] = []
        json.beginArray()
        for name in names {
            json.beginArray()
            json.beginObject()
            json.key(name)
            json.string(name)
            json.endObject()
            json.string(name)
            json.endArray()
            expected.append("[{\"\(name)\":\"\(name)\"},\"\(name)\"]")
        }
        json.endArray()
        #expect(String(decoding: json.bytes, as: UTF8.self) == "[" + expected.joined(separator: ",") + "]")
    }

    @Test("a writer used again after removeAll writes each text as a new writer would, handed over in place")
    func usedAgain() throws {
        let texts: [[Pair]] = [
            [Pair(A: "a", B: 1)], (0..<40).map { Pair(A: String(repeating: "x", count: $0), B: -$0) }, [],
            [Pair(A: "after a long one", B: 2)],
        ]
        var json = JSONTextWriter(capacity: 16)
        for pairs in texts {
            json.removeAll()
            pairs.writeJSON(to: &json)
            let handed = json.withBytes { Array($0) }
            #expect(handed == pairs.jsonText)
            #expect(json.bytes == pairs.jsonText)
            #expect(json.byteCount == handed.count)
        }
        // NB: a writer emptied in the middle of a container starts over: its first value takes no comma.
        json.removeAll()
        json.beginObject()
        json.member("A", 1)
        json.removeAll()
        json.integer(7)
        #expect(json.bytes == Array("7".utf8))
    }

    @Test("strings: every control character, quotes and backslashes anywhere in them, non-ASCII, at any room left")
    func strings() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var strings = ["", "A5", "picked-up", "a/b", "é", "Ô ăn quan", "🦊 fox", String(repeating: "x", count: 70)]
        for scalar in (0..<0x20).map({ Unicode.Scalar(UInt8($0)) }) + ["\"", "\\"] {
            let special = String(Character(scalar))
            strings += [special, "ab" + special, special + "cd", String(repeating: "y", count: 61) + special + "z"]
            // NB: in a string longer than 16 bytes, at each place of its first words and of its tail.
            strings += (0..<27).map { place in
                String(repeating: "h", count: place) + special + String(repeating: "t", count: 26 - place)
            }
        }
        for string in strings {
            // NB: the string after a prefix that leaves 0 to 9 bytes of the writer's first room.
            for prefix in 52...61 {
                var json = JSONTextWriter(capacity: 64)
                json.beginArray()
                json.string(String(repeating: "p", count: prefix))
                json.string(string)
                json.integer(1)
                json.endArray()
                let expected = String(
                    decoding: try encoder.encode([String(repeating: "p", count: prefix), string]), as: UTF8.self)
                #expect(
                    String(decoding: json.bytes, as: UTF8.self) == expected.dropLast() + ",1]",
                    "\(string.debugDescription) after \(prefix)")
            }
        }
    }
}
