import TestScheduling
import Testing

@testable import Protocol

/// The parser checks the UTF-8 of strings itself (the frame is no longer checked before it): it must take
/// exactly the texts Swift's own validation takes, wherever in the message the bytes are.
@Suite("The parser's UTF-8: exactly the well-formed sequences, wherever they are", .offThePool)
struct ParserUTF8Tests {
    /// Bytes inside a string of a message, in each place a string can be: a member's value built at
    /// once, a key, inside a deferred member (only checked), and after an escape.
    static func placements(of bytes: [UInt8]) -> [[UInt8]] {
        let quote = Array("\"".utf8)
        return [
            Array(#"{"type":"ping","x":"#.utf8) + quote + bytes + quote + Array("}".utf8),
            Array(#"{"type":"ping","#.utf8) + quote + bytes + quote + Array(":1}".utf8),
            Array(#"{"type":"ping","x":{"y":["#.utf8) + quote + bytes + quote + Array("]}}".utf8),
            Array(#"{"type":"ping","x":"\n"#.utf8) + bytes + quote + Array("}".utf8),
        ]
    }

    /// Whether Swift's validation takes `bytes`, and the parser (and `WireCodec`) agree in every place.
    static func expectAgreement(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let valid = String(validating: bytes, as: UTF8.self) != nil
        for (place, payload) in Self.placements(of: bytes).enumerated() {
            for deferring in [false, true] {
                let parsed = ParsedJSON.parse(payload, deferring: deferring)
                let taken = (try? parsed.get()) != nil
                guard taken == valid else {
                    Issue.record(
                        "\(bytes.map { String($0, radix: 16) }) in place \(place): valid \(valid), parsed \(taken)",
                        sourceLocation: sourceLocation)
                    return valid
                }
                if !valid, case .failure(let syntax) = parsed {
                    #expect(syntax.reason == .notUTF8, "\(syntax)", sourceLocation: sourceLocation)
                }
            }
            let decoded = WireCodec.decodeClient(payload)
            #expect(
                decoded.failure?.code == (valid ? nil : .invalidUTF8), "\(decoded)", sourceLocation: sourceLocation)
        }
        return valid
    }

    @Test("every byte alone and every pair of bytes from 0x80 up")
    func pairs() {
        var valid = 0
        for first in UInt8(0x80)...0xFF {
            if Self.expectAgreement([first]) { valid += 1 }
            for second in UInt8(0x00)...0xFF where second >= 0x80 || second == UInt8(ascii: "a") {
                if Self.expectAgreement([first, second]) { valid += 1 }
            }
        }
        // NB: the two-byte sequences: C2...DF, each with 64 continuations.
        #expect(valid == 30 * 64)
    }

    @Test("three-byte leads with every second byte, and the edges of the third")
    func triples() {
        var valid = 0
        for lead in UInt8(0xE0)...0xEF {
            for second in UInt8(0x70)...0xCF {
                for third in [0x41, 0x7F, 0x80, 0xBF, 0xC0] as [UInt8]
                where Self.expectAgreement([lead, second, third]) {
                    valid += 1
                }
            }
        }
        // NB: 16 leads with 64 second bytes, less the overlong E0 80...9F and the surrogates ED A0...BF;
        // two good third bytes each.
        #expect(valid == (16 * 64 - 32 - 32) * 2)
    }

    @Test("four-byte leads with every second byte, the edges of the rest, and sequences cut short")
    func quadruples() {
        var valid = 0
        for lead in UInt8(0xF0)...0xF7 {
            for second in UInt8(0x70)...0xCF {
                for rest in [[0x80, 0x80], [0xBF, 0xBF], [0x80, 0x7F], [0xC0, 0x80], [0x80]] as [[UInt8]]
                where Self.expectAgreement([lead, second] + rest) {
                    valid += 1
                }
            }
        }
        // NB: F0 90...BF, F1...F3 80...BF, F4 80...8F; two good endings each.
        #expect(valid == (48 + 3 * 64 + 16) * 2)
        // NB: text in several scripts, and a sequence cut by the string's end.
        #expect(Self.expectAgreement(Array("Ô ăn quan · 日本 · 😀".utf8)))
        #expect(!Self.expectAgreement([0xE6, 0x97]))
    }

    @Test("outside strings a byte from 0x80 up is invalid-utf8 when it is not UTF-8, invalid-json when it is")
    func outsideStrings() {
        let broken = Array(#"{"type":"ping","x":"#.utf8) + [0xFF] + Array("}".utf8)
        #expect(WireCodec.decodeClient(broken).failure?.code == .invalidUTF8)
        let stray = Array(#"{"type":"ping","x":"#.utf8) + Array("é".utf8) + Array("}".utf8)
        #expect(WireCodec.decodeClient(stray).failure?.code == .invalidJSON)
    }
}

/// A name that repeats in a message counts with its last value, read as it is parsed or through `Decodable`.
@Suite("A message's members: a name that repeats counts with its last value", .offThePool)
struct RepeatedNameTests {
    @Test("a repeated name in a move and in a state: the last value, read either way")
    func repeatedNames() throws {
        let move = #"{"type":"move","seq":1,"table":"t1","seq":2,"move":{"bank":1}}"#
        for direct in [true, false] {
            let read = WireCodec.decodeClient(Array(move.utf8), reading: .strict, direct: direct)
            guard case .success(let envelope) = read, case .move(let request) = envelope.message else {
                Issue.record("not read: \(read)")
                return
            }
            #expect(request.seq == 2)
        }
        let state =
            #"{"events":[],"hash":"h","match":1,"seq":0,"seq":3,"state":{},"status":"playing","table":"t1","#
            + #""turn":"A","turn":null,"type":"state"}"#
        for direct in [true, false] {
            let read = WireCodec.decodeHost(Array(state.utf8), deferring: true, direct: direct)
            guard case .success(let envelope) = read, case .state(let update) = envelope.message else {
                Issue.record("not read: \(read)")
                return
            }
            #expect(update.seq == 3 && update.turn == nil)
        }
    }

    @Test("a text that is no object parses as its value; text after it, or a byte-order mark, is refused")
    func otherValues() throws {
        guard case .array(let items) = try ParsedJSON.parse(Array("[1,2]".utf8)).get(), items.count == 2,
            case .string("x") = try ParsedJSON.parse(Array("\"x\"".utf8)).get(),
            case .integer(5) = try ParsedJSON.parse(Array(" 5 ".utf8)).get()
        else {
            Issue.record("not read as their values")
            return
        }
        #expect((try? ParsedJSON.parse(Array("{} x".utf8)).get()) == nil)
        #expect((try? ParsedJSON.parse([0xEF, 0xBB, 0xBF] + Array("{}".utf8)).get()) == nil)
    }
}
