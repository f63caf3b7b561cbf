import GameKit
import TestScheduling
import Testing

@Suite("The host's randomness", .offThePool)
struct HostRandomTests {
    static let secret = [UInt8](repeating: 7, count: 32)

    @Test("values are HMAC-SHA256(secret, label ‖ step ‖ counter), as documented")
    func documentedDerivation() {
        var random = HostRandom(secret: Self.secret, step: 5)
        var message = Array("tcnet-random".utf8)
        message += [0, 0, 0, 0, 0, 0, 0, 5] + [0, 0, 0, 0, 0, 0, 0, 0]
        let first = HMACSHA256.code(of: message, key: Self.secret)
        message[message.count - 1] = 1
        let second = HMACSHA256.code(of: message, key: Self.secret)
        #expect(random.bytes(40) == Array((first + second).prefix(40)))
        #expect(random.bytes(24) == Array(second.suffix(24)))
    }

    @Test("the same secret and step give the same values; another step or secret others")
    func deterministic() {
        var a = HostRandom(secret: Self.secret, step: 1)
        var b = HostRandom(secret: Self.secret, step: 1)
        var c = HostRandom(secret: Self.secret, step: 2)
        var d = HostRandom(secret: [UInt8](repeating: 8, count: 32), step: 1)
        let drawn = (0..<4).map { _ in a.next() }
        #expect(drawn == (0..<4).map { _ in b.next() })
        #expect(drawn != (0..<4).map { _ in c.next() })
        #expect(drawn != (0..<4).map { _ in d.next() })
    }

    @Test("nextUnbiased stays in range and reaches every value")
    func unbiasedRange() {
        var random = HostRandom(secret: Self.secret, step: 0)
        var seen = Set<Int>()
        for _ in 0..<600 {
            let value = random.nextUnbiased(below: 6)
            #expect((0..<6).contains(value))
            seen.insert(value)
        }
        #expect(seen.count == 6)
    }

    @Test("nextUnbiased refuses the values below 2^64 mod n, so no result is favoured")
    func rejectsTheBiasedBottom() {
        // NB: a generator that first yields values under the threshold (2^64 mod 6 = 4), then 10.
        struct Scripted: RandomNumberGenerator {
            var values: [UInt64]
            mutating func next() -> UInt64 { self.values.removeFirst() }
        }
        var generator = Scripted(values: [0, 3, 10])
        #expect(generator.nextUnbiased(below: 6) == 4)
        #expect(generator.values.isEmpty)
    }
}
