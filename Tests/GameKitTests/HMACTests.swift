import GameKit
import TestScheduling
import Testing

@Suite("HMAC-SHA256 against the RFC 4231 test cases", .offThePool)
struct HMACTests {
    static func bytes(_ hex: String) -> [UInt8] { Hex.bytes(of: hex)! }

    @Test(arguments: [
        // Test case 1
        (
            String(repeating: "0b", count: 20), Hex.string(of: Array("Hi There".utf8)),
            "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"
        ),
        // Test case 2
        (
            Hex.string(of: Array("Jefe".utf8)), Hex.string(of: Array("what do ya want for nothing?".utf8)),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        ),
        // Test case 3
        (
            String(repeating: "aa", count: 20), String(repeating: "dd", count: 50),
            "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"
        ),
        // Test case 6: a key longer than the block is hashed first
        (
            String(repeating: "aa", count: 131),
            Hex.string(of: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8)),
            "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
        ),
    ])
    func vectors(key: String, message: String, code: String) {
        #expect(Hex.string(of: HMACSHA256.code(of: Self.bytes(message), key: Self.bytes(key))) == code)
        let prepared = HMACSHA256.Key(Self.bytes(key))
        #expect(Hex.string(of: prepared.code(of: Self.bytes(message))) == code)
        #expect(Hex.string(of: prepared.code(of: Self.bytes(message))) == code, "a prepared key is reusable")
    }

    @Test func hexRoundTripsAndRefusesNonHex() {
        let bytes: [UInt8] = [0, 1, 0x7f, 0x80, 0xfe, 0xff]
        #expect(Hex.string(of: bytes) == "00017f80feff")
        #expect(Hex.bytes(of: "00017F80FEff") == bytes)
        #expect(Hex.bytes(of: "abc") == nil)
        #expect(Hex.bytes(of: "zz") == nil)
    }
}
