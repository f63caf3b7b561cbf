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
}
