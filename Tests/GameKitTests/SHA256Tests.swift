import GameKit
import TestScheduling
import Testing

@Suite("SHA-256 against the FIPS 180-4 examples", .offThePool)
struct SHA256Tests {
    @Test(arguments: [
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
    ])
    func vectors(message: String, digest: String) {
        #expect(SHA256.hex(of: Array(message.utf8)) == digest)
    }

    @Test func oneMillionA() {
        var digest = SHA256()
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 1000)
        for _ in 0..<1000 { digest.update(chunk) }
        let hex = digest.finalize().map { String($0, radix: 16) }.map { $0.count == 1 ? "0" + $0 : $0 }.joined()
        #expect(hex == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test(arguments: [55, 56, 63, 64, 65, 119, 120])
    func paddingBoundariesMatchOneShotAndSplitUpdates(length: Int) {
        let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        var split = SHA256()
        split.update(bytes.prefix(length / 3))
        split.update(bytes.dropFirst(length / 3))
        let oneShot = SHA256.hex(of: bytes)
        let splitHex = split.finalize().map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        #expect(oneShot == splitHex)
        #expect(oneShot.count == 64)
        var lazy = SHA256()
        lazy.update(bytes.lazy.map { $0 })
        #expect(Hex.string(of: lazy.finalize()) == oneShot, "a sequence without contiguous storage")
    }
}
