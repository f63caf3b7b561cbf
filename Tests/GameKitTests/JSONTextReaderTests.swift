import Foundation
import GameKit
import Testing

/// `JSONTextReader`: reads what `Decodable` reads from a checked JSON text, value by value, and refuses
/// what it does not read the same way (escapes, numbers that are not short integers).
@Suite("JSONTextReader")
struct JSONTextReaderTests {
    /// A value read with each of the reader's methods: `{"name": string, "counts": [int], "open": bool,
    /// "note": string or null}`.
    struct Cell: Codable, Equatable, JSONTextReadable {
        var name: String
        var counts: [Int]
        var open: Bool
        var note: String?

        init(name: String, counts: [Int], open: Bool, note: String?) {
            (self.name, self.counts, self.open, self.note) = (name, counts, open, note)
        }

        init?(readingJSON json: inout JSONTextReader) {
            var name: String?
            var counts: [Int]?
            var open: Bool?
            var note: String??
            let read = json.readObject { json, member in
                switch member {
                case "name": name = json.readString()
                case "counts": counts = json.readIntegers()
                case "open": open = json.readBool()
                case "note": note = json.readNull() ? .some(nil) : json.readString().map(Optional.some)
                default: return false
                }
                return true
            }
            guard read, let name, let counts, let open, let note else { return nil }
            self.init(name: name, counts: counts, open: open, note: note)
        }
    }

    static func read(_ text: String) -> Cell? {
        Array(text.utf8).withUnsafeBufferPointer { bytes in JSONTextReader.read(bytes) { Cell(readingJSON: &$0) } }
    }

    @Test("a value's members in any order, with white space, empty arrays and null: what Decodable reads")
    func readsAsDecodable() throws {
        let texts = [
            #"{"name":"x","counts":[1,-2,30],"open":true,"note":null}"#,
            #" {"open" : false , "counts" : [ ] ,"note":"é","name":""} "#,
            #"{"note":"hi","name":"Ô ăn quan","open":false,"counts":[0,999999999999999999,-999999999999999999]}"#,
        ]
        for text in texts {
            let decoded = try JSONDecoder().decode(Cell.self, from: Data(text.utf8))
            #expect(Self.read(text) == decoded, "\(text)")
        }
    }

    @Test(
        "what the protocol's Decodable reads otherwise, or refuses, is left to it",
        arguments: [
            #"{"name":"x\n","counts":[],"open":true,"note":null}"#,
            #"{"name":"x","counts":[1.0],"open":true,"note":null}"#,
            #"{"name":"x","counts":[1e2],"open":true,"note":null}"#,
            #"{"name":"x","counts":[-0],"open":true,"note":null}"#,
            #"{"name":"x","counts":[1234567890123456789],"open":true,"note":null}"#,
            #"{"name":"x","counts":[1],"open":1,"note":null}"#,
            #"{"name":"x","counts":[1],"open":true,"note":3}"#,
            #"{"name":"x","counts":{},"open":true,"note":null}"#,
            #"{"n\u0061me":"x","counts":[1],"open":true,"note":null}"#,
            #"{"name":"x","counts":[1],"open":true,"note":null} x"#,
            #"{"name":"x","counts":[1],"open":true,"note":null,"extra":1}"#,
            #"{"name":"x","counts":[1],"open":true}"#,
            #"["name"]"#,
            "",
        ])
    func leavesTheRest(text: String) {
        #expect(Self.read(text) == nil)
    }

    @Test("a number of 18 digits is read; one of 19 is left, whatever its value")
    func integerLength() {
        let eighteen = #"{"name":"","counts":[123456789012345678],"open":true,"note":null}"#
        #expect(Self.read(eighteen)?.counts == [123_456_789_012_345_678])
        #expect(Self.read(#"{"name":"","counts":[0000000000000000001],"open":true,"note":null}"#) == nil)
    }
}
