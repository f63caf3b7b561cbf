import Testing

@testable import Peer

/// Client frames as RFC 6455 section 5.2 lays them out: FIN and opcode, a masked length, a mask key.
enum ClientFrames {
    static func frame(opcode: UInt8, fin: Bool = true, _ payload: [UInt8], announce: UInt64? = nil) -> [UInt8] {
        let length = announce ?? UInt64(payload.count)
        var bytes: [UInt8] = [(fin ? 0x80 : 0) | opcode]
        switch length {
        case ..<126: bytes.append(0x80 | UInt8(length))
        case ..<65_536: bytes += [0x80 | 126, UInt8(length >> 8), UInt8(length & 0xFF)]
        default:
            bytes.append(0x80 | 127); bytes += (0..<8).reversed().map { UInt8((length >> (8 * UInt64($0))) & 0xFF) }
        }
        let mask: [UInt8] = [0x12, 0x34, 0x56, 0x78]
        return bytes + mask + payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
    }

    static func text(_ text: String, fin: Bool = true) -> [UInt8] {
        self.frame(opcode: 0x1, fin: fin, Array(text.utf8))
    }
}

@Suite("WebSocket frame scanner: sizes and unfinished messages, at any split")
struct WebSocketFrameScannerTests {
    @Test("a text frame completes one message, whatever the split of its bytes")
    func oneMessageAnySplit() {
        let bytes = ClientFrames.text(#"{"type":"ping"}"#)
        for split in 0...bytes.count {
            var scanner = WebSocketFrameScanner(maxMessage: 100)
            let first = scanner.scan(bytes[..<split])
            #expect(first.completedMessages == (split == bytes.count ? 1 : 0))
            #expect(scanner.hasPartialMessage == (split > 0 && split < bytes.count))
            let second = scanner.scan(bytes[split...])
            #expect(first.completedMessages + second.completedMessages == 1)
            #expect(!scanner.hasPartialMessage)
        }
    }

    @Test("lengths of 126 and more use the 16- and 64-bit forms")
    func extendedLengths() {
        for size in [125, 126, 127, 65_535, 65_536, 70_000] {
            var scanner = WebSocketFrameScanner(maxMessage: 100_000)
            let bytes = ClientFrames.frame(opcode: 0x1, Array(repeating: 0x20, count: size))
            #expect(scanner.scan(bytes) == .init(completedMessages: 1, acceptedBytes: 0, refusal: nil), "size \(size)")
            #expect(!scanner.hasPartialMessage)
        }
    }

    @Test("a fragmented message is partial until its final fragment; control frames in between change nothing")
    func fragments() {
        var scanner = WebSocketFrameScanner(maxMessage: 100)
        #expect(scanner.scan(ClientFrames.text(#"{"type":"#, fin: false)).completedMessages == 0)
        #expect(scanner.hasPartialMessage)
        #expect(scanner.scan(ClientFrames.frame(opcode: 0x9, [1, 2])).completedMessages == 0)
        #expect(scanner.hasPartialMessage)
        #expect(scanner.scan(ClientFrames.frame(opcode: 0x0, Array(#""ping"}"#.utf8))).completedMessages == 1)
        #expect(!scanner.hasPartialMessage)
    }

    @Test("a header announcing more than the limit is refused at once, after the whole frames before it")
    func tooLarge() {
        var scanner = WebSocketFrameScanner(maxMessage: 100)
        let good = ClientFrames.text("{}")
        let bad = Array(ClientFrames.frame(opcode: 0x1, [], announce: 101).prefix(8))
        #expect(scanner.scan(good + bad) == .init(completedMessages: 1, acceptedBytes: good.count, refusal: .tooLarge))
    }

    @Test("fragments that add up to more than the limit are refused at the fragment that crosses it")
    func fragmentsTooLarge() {
        var scanner = WebSocketFrameScanner(maxMessage: 100)
        let first = ClientFrames.frame(opcode: 0x1, fin: false, Array(repeating: 0x20, count: 60))
        #expect(scanner.scan(first).refusal == nil)
        let second = ClientFrames.frame(opcode: 0x0, Array(repeating: 0x20, count: 41))
        #expect(scanner.scan(second).refusal == .tooLarge)
    }

    @Test("exactly the limit is accepted, in one frame or in fragments")
    func exactlyTheLimit() {
        var one = WebSocketFrameScanner(maxMessage: 100)
        #expect(one.scan(ClientFrames.frame(opcode: 0x1, Array(repeating: 0x20, count: 100))).completedMessages == 1)
        var split = WebSocketFrameScanner(maxMessage: 100)
        let bytes =
            ClientFrames.frame(opcode: 0x1, fin: false, Array(repeating: 0x20, count: 50))
            + ClientFrames.frame(opcode: 0x0, Array(repeating: 0x20, count: 50))
        #expect(split.scan(bytes) == .init(completedMessages: 1, acceptedBytes: 0, refusal: nil))
    }

    @Test("an empty message is refused; an empty final fragment of a message that has bytes is not")
    func empty() {
        var scanner = WebSocketFrameScanner(maxMessage: 100)
        #expect(scanner.scan(ClientFrames.text("")).refusal == .empty)
        var fragmented = WebSocketFrameScanner(maxMessage: 100)
        let bytes = ClientFrames.text("{}", fin: false) + ClientFrames.frame(opcode: 0x0, [])
        #expect(fragmented.scan(bytes).completedMessages == 1)
    }

    @Test("without the size cap (the no-size-cap fault) nothing is refused for its size")
    func uncapped() {
        var scanner = WebSocketFrameScanner(maxMessage: 100, sizeCapped: false)
        #expect(scanner.scan(Array(ClientFrames.frame(opcode: 0x1, [], announce: 1 << 40).prefix(14))).refusal == nil)
        #expect(scanner.hasPartialMessage)
    }
}
