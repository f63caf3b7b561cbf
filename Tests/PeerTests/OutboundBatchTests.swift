import GameKit
import NIOCore
import Protocol
import TestSupport
import Testing

@testable import Peer

/// What a lobby turn sends, over real TCP: each connection's messages in their order, whole, however
/// they are interleaved in the batch and whatever is still waiting to go out; and the scratch buffer the
/// frames are written into, reused only when nothing else holds its bytes.
@Suite("Host: a turn's messages, framed in a reused buffer")
struct OutboundBatchTests {
    /// A server's end of `count` connections (as links) and the clients' ends.
    private struct Rig {
        let server: any Channel
        let links: [ClientLink]
        let clients: [RawClient]

        func close() {
            for client in self.clients { client.disconnect() }
            self.server.close(promise: nil)
        }
    }

    private func rig(connections count: Int, socketBuffers: Int? = nil) async throws -> Rig {
        var server = try await ActiveChannels.listen(sendBuffer: socketBuffers)
        var links: [ClientLink] = []
        var clients: [RawClient] = []
        for _ in 0..<count {
            clients.append(try await RawClient.connect(port: server.port, receiveBuffer: socketBuffers))
            let child = try #require(await server.next())
            links.append(ClientLink(channel: child, framing: .lengthPrefixed))
        }
        return Rig(server: server.server, links: links, clients: clients)
    }

    /// A payload of `size` bytes that says who it is for and its place.
    private func payload(_ client: Int, _ index: Int, size: Int = 40) -> [UInt8] {
        let head = Array("{\"to\":\(client),\"n\":\(index),\"pad\":\"".utf8)
        return head + [UInt8](repeating: UInt8(ascii: "x"), count: max(0, size - head.count - 2)) + Array("\"}".utf8)
    }

    /// Each client reads its messages, in order, each whole.
    private func expectReceived(_ expected: [[[UInt8]]], by rig: Rig) async throws {
        for (client, messages) in expected.enumerated() {
            for message in messages {
                #expect(try await rig.clients[client].readFrame(timeout: .seconds(30)) == message)
            }
        }
    }

    @Test(
        "messages interleaved in one batch reach each connection in their order, whole",
        arguments: [5, 64, 65, 150])
    func interleaved(writes: Int) async throws {
        let rig = try await self.rig(connections: 3)
        defer { rig.close() }
        var batch = OutboundBatch()
        var expected: [[[UInt8]]] = [[], [], []]
        var sizes = SplitMix64(seed: UInt64(writes))
        for index in 0..<writes {
            // NB: an uneven pattern (0, 1, 0, 2, 1, ...), sizes from 10 bytes to past the scratch's kept 16 KiB.
            let client = (index * index + index / 3) % 3
            let size = index % 17 == 5 ? 20_000 : 10 + Int(sizes.next() % 900)
            let payload = self.payload(client, index, size: size)
            expected[client].append(payload)
            batch.add(payload, to: rig.links[client])
        }
        batch.send()
        try await self.expectReceived(expected, by: rig)
    }

    @Test("a close and a drop among a batch's messages: each connection's messages before them, the rest after")
    func closesInOrder() async throws {
        let rig = try await self.rig(connections: 3)
        defer { rig.close() }
        var batch = OutboundBatch()
        #expect(batch.isEmpty)
        var next: Int64 = 0
        var expected: [[Int64]] = [[], [], []]
        func add(_ client: Int, _ count: Int) {
            for _ in 0..<count {
                next += 1
                expected[client].append(next)
                batch.add(WireCodec.payload(HostEnvelope(re: .number(next), .pong(Pong()))), to: rig.links[client])
            }
        }
        add(0, 3)
        add(1, 2)
        add(2, 2)
        let fatal = ErrorMessage(code: .invalidMessage, message: "closing", fatal: true)
        batch.close(rig.links[0], with: HostEnvelope(.error(fatal)))
        #expect(!batch.isEmpty)
        add(1, 3)
        add(2, 1)
        batch.drop(rig.links[2])
        add(1, 2)
        batch.send()
        func ids(_ messages: [HostEnvelope]) -> [Int64] {
            messages.compactMap { if case .number(let id)? = $0.re { id } else { nil } }
        }
        let first = try await rig.clients[0].readUntilClosed()
        #expect(ids(first) == expected[0])
        #expect(first.last.map { $0.message == .error(fatal) } == true, "the error last")
        let third = try await rig.clients[2].readUntilClosed()
        #expect(ids(third) == expected[2] && third.count == expected[2].count, "nothing after the drop")
        // NB: the second connection stays open: its messages, those after the close and the drop among them.
        var second: [HostEnvelope] = []
        for _ in expected[1] { second.append(try await rig.clients[1].readMessage()) }
        #expect(ids(second) == expected[1])
    }

    @Test("frames written while earlier ones wait in a full socket stay as they were written")
    func pendingWrites() async throws {
        // NB: small socket buffers and a large first message, so the later batches' frames wait behind it in
        // the channel (the scratch's buffer still held) while the next batches are written.
        let rig = try await self.rig(connections: 2, socketBuffers: 4096)
        defer { rig.close() }
        var expected: [[[UInt8]]] = [[], []]
        for round in 0..<40 {
            var batch = OutboundBatch()
            for client in 0..<2 {
                let payload = self.payload(client, round, size: round == 0 ? 1_000_000 : 100 + round * 37)
                expected[client].append(payload)
                batch.add(payload, to: rig.links[client])
            }
            batch.send()
        }
        try await self.expectReceived(expected, by: rig)
    }

    @Test("the scratch buffer is reused once its frames are no longer held, and never while they are")
    func scratchReuse() {
        let allocator = ByteBufferAllocator()
        var scratch = FrameScratch()
        let first = scratch.frame(Array("{\"a\":1}".utf8), allocator: allocator)
        #expect(Array(first.readableBytesView) == [0, 0, 0, 7] + Array("{\"a\":1}".utf8))
        let firstAddress = first.withUnsafeReadableBytes { UInt(bitPattern: $0.baseAddress) }
        // NB: `first` still held (a write waiting in a full socket): the next frames must not touch its bytes.
        let second = scratch.frame(Array("{\"b\":22}".utf8), allocator: allocator)
        #expect(Array(first.readableBytesView) == [0, 0, 0, 7] + Array("{\"a\":1}".utf8))
        #expect(Array(second.readableBytesView) == [0, 0, 0, 8] + Array("{\"b\":22}".utf8))
        #expect(second.withUnsafeReadableBytes { UInt(bitPattern: $0.baseAddress) } != firstAddress)
        let secondAddress = second.withUnsafeReadableBytes { UInt(bitPattern: $0.baseAddress) }
        _ = consume second
        // NB: nothing holds the second frames any more: the third are written where they were.
        let third = scratch.fill(allocator: allocator) { buffer in
            buffer.writeFrame(Array("{}".utf8))
            buffer.writeFrame(Array("[1]".utf8))
        }
        #expect(Array(third.readableBytesView) == [0, 0, 0, 2] + Array("{}".utf8) + [0, 0, 0, 3] + Array("[1]".utf8))
        #expect(third.withUnsafeReadableBytes { UInt(bitPattern: $0.baseAddress) } == secondAddress)
        _ = consume third
        // NB: a frame larger than the scratch keeps is written, then its storage let go.
        let text = [UInt8](repeating: UInt8(ascii: "1"), count: FrameScratch.keptCapacity + 1)
        let large = scratch.frame(text, allocator: allocator)
        #expect(large.readableBytes == FrameScratch.keptCapacity + 5)
        _ = consume large
        let after = scratch.frame(Array("{}".utf8), allocator: allocator)
        #expect(after.capacity <= FrameScratch.keptCapacity)
    }
}
