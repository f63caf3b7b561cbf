import Protocol
import TestScheduling
import Testing

@Suite("Frame decoder", .offThePool)
struct FrameDecoderTests {
    /// A stream of several frames of different sizes, including a single-byte payload.
    static let payloads: [[UInt8]] = [
        Array(#"{"type":"hello","protocol":1,"name":"Lan"}"#.utf8),
        Array("{}".utf8),
        Array(#"{"type":"ping","id":"ÿ-ünïcödé"}"#.utf8),
        [0x7B],
        Array(repeating: 0x20, count: 300) + Array(#"{"type":"players"}"#.utf8),
    ]
    static let stream: [UInt8] = payloads.flatMap { FrameEncoder.frame($0) }

    private func decodeAll(_ chunks: [ArraySlice<UInt8>], limits: FrameLimits = FrameLimits()) throws -> [[UInt8]] {
        var decoder = FrameDecoder(limits: limits)
        var out: [[UInt8]] = []
        for chunk in chunks {
            decoder.append(contentsOf: chunk)
            while let payload = try decoder.nextPayload() {
                out.append(payload)
            }
        }
        #expect(!decoder.hasPartialFrame)
        return out
    }

    @Test("a stream split into two writes at every byte boundary decodes the same")
    func splitAtEveryBoundary() throws {
        let stream = Self.stream
        for cut in 0...stream.count {
            let decoded = try self.decodeAll([stream[..<cut], stream[cut...]])
            #expect(decoded == Self.payloads, "cut at \(cut)")
        }
    }

    @Test("a stream fed one byte at a time decodes the same")
    func byteByByte() throws {
        let decoded = try self.decodeAll(Self.stream.indices.map { Self.stream[$0...$0] })
        #expect(decoded == Self.payloads)
    }

    @Test("a stream split at every pair of boundaries decodes the same")
    func splitAtEveryPairOfBoundaries() throws {
        let small = [Self.payloads[0], Self.payloads[1], Self.payloads[3]]
        let stream = small.flatMap { FrameEncoder.frame($0) }
        for first in 0...stream.count {
            for second in first...stream.count {
                let decoded = try self.decodeAll([stream[..<first], stream[first..<second], stream[second...]])
                #expect(decoded == small, "cuts at \(first), \(second)")
            }
        }
    }

    @Test("an oversized header is refused from its four bytes, before any payload is buffered")
    func oversizeRefusedAtHeader() {
        var decoder = FrameDecoder()
        decoder.append(contentsOf: FrameEncoder.header(length: 10_000_000))
        #expect(throws: FrameError.frameTooLarge(announced: 10_000_000, limit: 65_536)) {
            try decoder.nextPayload()
        }
        #expect(decoder.bufferedByteCount == 4)
    }

    @Test("the largest allowed frame passes and one byte more is refused")
    func limitIsInclusive() throws {
        let limits = FrameLimits(maxPayload: 10)
        let atLimit = FrameEncoder.frame(Array(repeating: UInt8(ascii: "a"), count: 10))
        #expect(try self.decodeAll([atLimit[...]], limits: limits).count == 1)
        var decoder = FrameDecoder(limits: limits)
        decoder.append(contentsOf: FrameEncoder.header(length: 11))
        #expect(throws: FrameError.frameTooLarge(announced: 11, limit: 10)) { try decoder.nextPayload() }
    }

    @Test("a zero-length header is refused")
    func zeroLength() throws {
        var decoder = FrameDecoder()
        decoder.append(contentsOf: FrameEncoder.frame(Array("{}".utf8)) + [0, 0, 0, 0])
        #expect(try decoder.nextPayload() == Array("{}".utf8))
        #expect(throws: FrameError.emptyFrame) { try decoder.nextPayload() }
    }

    @Test(
        "an HTTP request line is recognised at the start of the stream",
        arguments: ["GET / HTTP/1.1\r\n", "POST /x HTTP/1.1\r\n", "HEAD / HTTP/1.0\r\n"])
    func httpRequest(line: String) {
        var decoder = FrameDecoder()
        decoder.append(contentsOf: Array(line.utf8))
        #expect(throws: FrameError.httpRequest) { try decoder.nextPayload() }
    }

    @Test("an HTTP-like header later in the stream is only a length")
    func httpLikeLater() throws {
        var decoder = FrameDecoder()
        decoder.append(contentsOf: FrameEncoder.frame([0x7B]) + Array("GET ".utf8))
        _ = try decoder.nextPayload()
        #expect(throws: FrameError.frameTooLarge(announced: 0x4745_5420, limit: 65_536)) { try decoder.nextPayload() }
    }

    @Test("a partial frame is reported until it completes")
    func partialFrame() throws {
        var decoder = FrameDecoder()
        let frame = FrameEncoder.frame(Array("{}".utf8))
        decoder.append(contentsOf: frame.prefix(3))
        #expect(decoder.hasPartialFrame)
        #expect(try decoder.nextPayload() == nil)
        decoder.append(contentsOf: frame.dropFirst(3))
        #expect(try decoder.nextPayload() == Array("{}".utf8))
        #expect(!decoder.hasPartialFrame)
    }

    // MARK: Frames taken straight from a read's bytes

    /// What a stream's chunks give, taken read by read (``FrameDecoder/take(_:_:)``): the payloads, in
    /// order, and the error that stopped them, if one did; each read stops after `stopAfter` payloads.
    private func taking(
        _ chunks: [ArraySlice<UInt8>], limits: FrameLimits = FrameLimits(), stopAfter: Int = .max
    ) -> (payloads: [[UInt8]], error: FrameError?, buffered: Int) {
        var decoder = FrameDecoder(limits: limits)
        var out: [[UInt8]] = []
        for chunk in chunks {
            var taken = 0
            do {
                try Array(chunk).withUnsafeBytes { bytes in
                    try decoder.take(bytes) { payload in
                        out.append(payload)
                        taken += 1
                        return taken < stopAfter
                    }
                }
            } catch {
                return (out, error as? FrameError, decoder.bufferedByteCount)
            }
        }
        return (out, nil, decoder.bufferedByteCount)
    }

    /// The same chunks appended and read with ``FrameDecoder/nextPayload()``, the reference.
    private func appending(_ chunks: [ArraySlice<UInt8>], limits: FrameLimits = FrameLimits()) -> (
        payloads: [[UInt8]], error: FrameError?, buffered: Int
    ) {
        var decoder = FrameDecoder(limits: limits)
        var out: [[UInt8]] = []
        for chunk in chunks {
            decoder.append(contentsOf: chunk)
            do {
                while let payload = try decoder.nextPayload() { out.append(payload) }
            } catch {
                return (out, error, decoder.bufferedByteCount)
            }
        }
        return (out, nil, decoder.bufferedByteCount)
    }

    @Test("frames taken from each read: the same payloads as appended ones, for every split into three reads")
    func takenAtEveryPairOfBoundaries() {
        let small = [Self.payloads[0], Self.payloads[1], Self.payloads[3]]
        let stream = small.flatMap { FrameEncoder.frame($0) }
        for first in 0...stream.count {
            for second in first...stream.count {
                let chunks = [stream[..<first], stream[first..<second], stream[second...]]
                let taken = self.taking(chunks)
                #expect(
                    taken.payloads == small && taken.error == nil && taken.buffered == 0, "cuts \(first), \(second)")
            }
        }
        #expect(self.taking(Self.stream.indices.map { Self.stream[$0...$0] }).payloads == Self.payloads)
        #expect(self.taking([Self.stream[...]]).payloads == Self.payloads)
    }

    @Test("a read stopped after a frame keeps the frames after it, which come next, in order")
    func takenUntilStopped() throws {
        var decoder = FrameDecoder()
        var first: [[UInt8]] = []
        try Self.stream.withUnsafeBytes { bytes in
            try decoder.take(bytes) { payload in
                first.append(payload)
                return false
            }
        }
        #expect(first == [Self.payloads[0]])
        #expect(decoder.bufferedByteCount == Self.stream.count - FrameEncoder.frame(Self.payloads[0]).count)
        var rest: [[UInt8]] = []
        while let payload = try decoder.nextPayload() { rest.append(payload) }
        #expect(rest == Array(Self.payloads.dropFirst()))
        // NB: and stopping at every frame of every split gives every frame once, in order.
        for cut in 0...Self.stream.count {
            let chunks = [Self.stream[..<cut], Self.stream[cut...], []]
            var all: [[UInt8]] = []
            var decoder = FrameDecoder()
            for chunk in chunks {
                try Array(chunk).withUnsafeBytes { bytes in
                    try decoder.take(bytes) { payload in
                        all.append(payload)
                        return false
                    }
                }
                while let payload = try decoder.nextPayload() { all.append(payload) }
            }
            #expect(all == Self.payloads, "cut at \(cut)")
        }
    }

    @Test("a bad header read from a read's bytes: the frames before it, then the error the appended path gives")
    func takenErrors() {
        let good = FrameEncoder.frame(Array("{}".utf8))
        let streams: [(bytes: [UInt8], limits: FrameLimits)] = [
            (good + [0, 0, 0, 0] + good, FrameLimits()),
            (good + FrameEncoder.header(length: 11) + Array(repeating: 0x20, count: 11), FrameLimits(maxPayload: 10)),
            (good + FrameEncoder.header(length: 10_000_000) + [0x7B], FrameLimits()),
            (Array("GET / HTTP/1.1\r\n".utf8), FrameLimits()),
            (good + Array("GET / HTTP/1.1\r\n".utf8), FrameLimits()),
        ]
        for (bytes, limits) in streams {
            for cut in 0...bytes.count {
                let chunks = [bytes[..<cut], bytes[cut...]]
                let taken = self.taking(chunks, limits: limits)
                let appended = self.appending(chunks, limits: limits)
                #expect(taken.payloads == appended.payloads, "cut at \(cut) of \(bytes.prefix(12))")
                #expect(taken.error != nil && taken.error == appended.error, "cut at \(cut) of \(bytes.prefix(12))")
            }
        }
        // NB: an oversized frame is refused from its header: none of its payload is kept.
        let oversized = FrameEncoder.header(length: 10_000_000) + Array(repeating: 0x20, count: 100)
        let taken = self.taking([oversized[...]])
        #expect(taken.error == .frameTooLarge(announced: 10_000_000, limit: 65_536) && taken.buffered == 0)
    }

    @Test("headers are big-endian")
    func bigEndian() {
        #expect(FrameEncoder.header(length: 0x0102_0304) == [1, 2, 3, 4])
        #expect(FrameEncoder.frame([0x7B]) == [0, 0, 0, 1, 0x7B])
    }
}
