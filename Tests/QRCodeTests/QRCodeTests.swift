import Dispatch
import Foundation
import TestSupport
import Testing

@testable import QRCode

@Suite("QR Code: symbols as an independent encoder makes them", .offThePool)
struct QRCodeTests {
    struct Reference: Decodable, Sendable, CustomTestStringConvertible {
        var text: String
        var correction: String
        var mask: Int
        var version: Int
        var rows: [String]

        var testDescription: String { "\(self.text.prefix(24))… (\(self.correction), version \(self.version))" }
    }

    static let references: [Reference] = {
        struct File: Decodable { var symbols: [Reference] }
        guard
            let url = Bundle.module.url(
                forResource: "reference-symbols", withExtension: "json", subdirectory: "Fixtures"),
            let data = try? Data(contentsOf: url), let file = try? JSONDecoder().decode(File.self, from: data)
        else { return [] }
        return file.symbols
    }()

    static func correction(_ name: String) -> QRCode.Correction {
        ["low": .low, "medium": .medium, "quartile": .quartile, "high": .high][name] ?? .medium
    }

    @Test("the fixtures are there (made by Tests/QRCodeTests/make-fixtures.py)")
    func fixturesLoad() {
        #expect(Self.references.count == 9)
        #expect(Set(Self.references.map(\.version)).isSuperset(of: [1, 2, 7, 12, 23, 33]))
    }

    @Test("module for module, the same symbol as the qrcode package with the same mask", arguments: Self.references)
    func sameModules(reference: Reference) async throws {
        let correction = Self.correction(reference.correction)
        let code = try await offThePool { try QRCode(reference.text, correction: correction, mask: reference.mask) }
        #expect(code.version == reference.version)
        try #require(code.size == reference.rows.count)
        let rows = (0..<code.size).map { y in String((0..<code.size).map { code[$0, y] ? "1" : "0" }) }
        let differing = zip(rows, reference.rows).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        #expect(differing.isEmpty, "rows that differ: \(differing)")
    }

    @Test("the mask chosen has the lowest penalty of the eight, and is the one in the format information")
    func maskChoice() throws {
        let code = try QRCode("http://192.168.1.20:7480/")
        let penalties = try (0..<8).map { mask in try QRCode("http://192.168.1.20:7480/", mask: mask).penaltyForTests }
        #expect(code.penaltyForTests == penalties.min())
        #expect(penalties[code.mask] == penalties.min())
        // NB: the format bits (row 8, columns 0-5) read back as the level and mask, after unmasking with 0x5412.
        var bits = 0
        for x in 0...5 { bits = bits << 1 | (code[x, 8] ? 1 : 0) }
        let unmasked = (bits << 9 ^ 0x5412) >> 10
        #expect(unmasked & 0x7 == code.mask)
        #expect(unmasked >> 3 == QRCode.Correction.medium.formatBits)
    }

    @Test("Reed-Solomon: the generator of degree 2 and a known remainder")
    func reedSolomon() {
        // NB: (x - 1)(x - 2) = x^2 + 3x + 2 over GF(256).
        #expect(ReedSolomon.divisor(degree: 2) == [3, 2])
        #expect(ReedSolomon.multiply(0x80, 0x02) == 0x1D)
        // The example of ISO/IEC 18004 annex I: "01234567" at 1-M has these 10 error correction codewords.
        let data: [UInt8] = [
            0x10, 0x20, 0x0C, 0x56, 0x61, 0x80, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11,
        ]
        #expect(
            ReedSolomon.remainder(of: data, divisor: ReedSolomon.divisor(degree: 10))
                == [0xA5, 0x24, 0xD4, 0xC1, 0xED, 0x36, 0xC7, 0x87, 0x2C, 0x55])
    }

    @Test("the smallest version that holds the text, and a clear error past version 40")
    func capacity() async throws {
        #expect(try QRCode(String(repeating: "a", count: 14), correction: .medium).version == 1)
        #expect(try QRCode(String(repeating: "a", count: 15), correction: .medium).version == 2)
        // NB: the largest symbol takes seconds in a debug build: off the cooperative pool, which the
        // hosts of the tests running beside this one need.
        let largest = try await offThePool {
            try QRCode(String(repeating: "a", count: 2953), correction: .low, mask: 0)
        }
        #expect(largest.version == 40 && largest.size == 177)
        #expect(throws: QRCode.EncodingError.tooLong(bytes: 2954, correction: .low)) {
            try QRCode(String(repeating: "a", count: 2954), correction: .low)
        }
    }

    @Test("SVG: one square per dark module, a four-module border, the label escaped")
    func svg() throws {
        let code = try QRCode("http://10.0.0.2:7480/")
        let svg = code.svg(label: "Join <Room 12> & play")
        let dark = (0..<code.size).flatMap { y in (0..<code.size).filter { code[$0, y] } }.count
        #expect(svg.components(separatedBy: "h1v1h-1z").count - 1 == dark)
        #expect(svg.contains("viewBox=\"0 0 \(code.size + 8) \(code.size + 8)\""))
        #expect(svg.contains("aria-label=\"Join &lt;Room 12> &amp; play\""))
    }

    @Test("terminal: two module rows per line, black on white")
    func terminal() throws {
        let code = try QRCode("http://10.0.0.2:7480/")
        let lines = code.terminalLines
        #expect(lines.count == (code.size + 4 + 1) / 2)
        #expect(lines.allSatisfy { $0.hasPrefix("\u{1B}[30;107m") && $0.hasSuffix("\u{1B}[0m") })
        // The first line is the border and the finders' top edge: row -2 and -1 are light.
        #expect(lines[0].dropFirst(9).dropLast(4).allSatisfy { $0 == " " })
        // Line 1 holds rows 0 and 1: the top-left finder's top edge (dark) and its next row (dark at the ends).
        #expect(
            lines[1].dropFirst(9).dropLast(4).dropFirst(2).prefix(7)
                == "\u{2588}\u{2580}\u{2580}\u{2580}\u{2580}\u{2580}\u{2588}")
    }
}

extension QRCode {
    /// The penalty of the symbol as drawn.
    var penaltyForTests: Int { self.matrix.penalty }
}
