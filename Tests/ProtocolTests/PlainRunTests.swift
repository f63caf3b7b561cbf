import TestScheduling
import Testing

@testable import Protocol

/// The parser finds the end of a string's plain bytes eight at a time: it must stop exactly where a byte
/// at a time stops.
@Suite("Plain string bytes found eight at a time, as one at a time finds them", .offThePool)
struct PlainRunTests {
    /// Whether a byte needs more than its value checked in a string (the byte-at-a-time rule).
    static func special(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte >= 0x80 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    static func word(_ bytes: [UInt8]) -> UInt64 {
        bytes.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
    }

    @Test("every byte value at every place of a word, alone and after another special byte")
    func everyByte() {
        for value in 0...255 {
            let byte = UInt8(value)
            for place in 0..<8 {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 8)
                bytes[place] = byte
                #expect(JSONParser.firstSpecialByte(Self.word(bytes)) == (Self.special(byte) ? place : nil))
                // NB: a special byte before it is the one found, whatever follows.
                if place > 0 {
                    for first in [0x00, 0x1F, 0x22, 0x5C, 0x80, 0xFF] as [UInt8] {
                        var twice = bytes
                        twice[place - 1] = first
                        #expect(JSONParser.firstSpecialByte(Self.word(twice)) == place - 1)
                    }
                }
            }
        }
    }

    @Test("random texts: the run from every index ends where the byte-at-a-time rule ends it")
    func randomTexts() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        // NB: mostly plain bytes, as in real strings, with a special one now and then.
        let specials: [UInt8] = [0x00, 0x09, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x7F, 0x80, 0xC3, 0xFF]
        for _ in 0..<300 {
            let count = Int(next() % 40)
            let text = (0..<count).map { _ in
                next() % 6 == 0 ? specials[Int(next() % UInt64(specials.count))] : UInt8(0x61 + next() % 26)
            }
            text.withUnsafeBufferPointer { buffer in
                let parser = JSONParser(bytes: buffer)
                for start in 0...count {
                    let expected = text[start...].firstIndex(where: Self.special).map { $0 - start } ?? count - start
                    #expect(parser.plainRun(from: start) == expected, "\(text) from \(start)")
                }
            }
        }
    }
}
