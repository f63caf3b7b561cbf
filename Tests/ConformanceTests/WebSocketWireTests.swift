import Foundation
import Testing

@testable import Conformance

/// The suite's own WebSocket pieces: the accept value (with its SHA-1) and the frames it writes and reads.
@Suite("Conformance: the probe's WebSocket wire")
struct WebSocketWireTests {
    @Test("SHA-1 of the FIPS 180 examples")
    func sha1() {
        func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }
        #expect(hex(SHA1.digest(Array("abc".utf8))) == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(hex(SHA1.digest([])) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        #expect(
            hex(SHA1.digest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
                == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
    }

    @Test("the accept value of RFC 6455's example key")
    func accept() {
        #expect(WebSocketWire.accept(for: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
    }

    @Test("client frames: FIN, opcode, the shortest length form, masked; server frames read back at any split")
    func frames() throws {
        let payload = Array(repeating: UInt8(0x41), count: 300)
        let frame = WebSocketWire.clientFrame(opcode: 0x1, payload)
        #expect(frame[0] == 0x81 && frame[1] == 0x80 | 126 && frame[2] == 1 && frame[3] == 44)
        let mask = Array(frame[4..<8])
        #expect(frame[8...].enumerated().allSatisfy { $0.element ^ mask[$0.offset % 4] == 0x41 })
        #expect(WebSocketWire.clientFrame(opcode: 0x0, fin: false, [], announce: 70_000)[1] == 0x80 | 127)

        let server: [UInt8] = [0x81, 0x02, 0x7B, 0x7D, 0x88, 0x02, 0x03, 0xE8]
        for split in 0...server.count {
            var reader = WebSocketWire.Reader()
            reader.append(contentsOf: server[..<split])
            var frames: [WebSocketWire.Frame] = []
            while let next = try reader.next() { frames.append(next) }
            reader.append(contentsOf: server[split...])
            while let next = try reader.next() { frames.append(next) }
            #expect(
                frames == [
                    .init(fin: true, opcode: 0x1, payload: [0x7B, 0x7D]),
                    .init(fin: true, opcode: 0x8, payload: [0x03, 0xE8]),
                ])
        }
        var masked = WebSocketWire.Reader()
        masked.append(contentsOf: [0x81, 0x82, 1, 2, 3, 4, 0, 0])
        #expect(throws: ProbeError.self) { try masked.next() }
    }

    @Test("targets: HOST:PORT is TCP, ws:// a WebSocket with its path and port 7480 by default")
    func targets() {
        #expect(HostTarget(parsing: "127.0.0.1:7420") == HostTarget(host: "127.0.0.1", port: 7420))
        #expect(
            HostTarget(parsing: "ws://127.0.0.1:7581/ws")
                == HostTarget(host: "127.0.0.1", port: 7581, transport: .webSocket(path: "/ws")))
        #expect(
            HostTarget(parsing: "ws://room12.local")
                == HostTarget(host: "room12.local", port: 7480, transport: .webSocket(path: "/ws")))
        #expect(HostTarget(parsing: "ws://[::1]:7480/tcnet")?.description == "ws://[::1]:7480/tcnet")
        #expect(HostTarget(parsing: "ws://:7480/ws") == nil)
        #expect(HostTarget(parsing: "http://x:1") == nil)
    }
}
