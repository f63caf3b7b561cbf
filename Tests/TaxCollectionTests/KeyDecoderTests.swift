import ScreenKit
import TaxCollection
import TestScheduling
import Testing

@Suite("Board: key decoding", .offThePool)
struct KeyDecoderTests {
    @Test("arrows (CSI and SS3), Escape alone, digits, Enter, Ctrl-C")
    func decodes() {
        #expect(KeyDecoder.keys(in: [0x1B, 0x5B, 0x41]) == [.up])
        #expect(KeyDecoder.keys(in: [0x1B, 0x4F, 0x42]) == [.down])
        #expect(KeyDecoder.keys(in: [0x1B]) == [.escape])
        #expect(
            KeyDecoder.keys(in: Array("3".utf8) + [0x1B, 0x5B, 0x31, 0x3B, 0x35, 0x43, 0x0D]) == [
                .character("3"), .right, .enter,
            ])
        #expect(KeyDecoder.keys(in: [0x03]) == [.interrupt])
        #expect(KeyDecoder.keys(in: Array("Lân".utf8)) == [.character("L"), .character("â"), .character("n")])
    }
}
