import NIOCore
import TestSupport
import Testing

/// The tests' own client (``RawClient``): a read's deadline is the host's, not the reader's.
@Suite("Test client: a read's deadline")
struct RawClientTests {
    @Test("a frame already in the socket is read by a read that starts past its deadline; nothing there times out")
    func lateRead() async throws {
        var server = try await ActiveChannels.listen()
        let client = try await RawClient.connect(port: server.port)
        let child = try #require(await server.next())
        defer {
            client.disconnect()
            server.server.close(promise: nil)
        }
        let payload = Array("{\"n\":1}".utf8)
        try await child.writeAndFlush(ByteBuffer(bytes: [0, 0, 0, UInt8(payload.count)] + payload))
        // NB: as when the test's task was resumed late, behind other tests' work: the frame has arrived, and the
        // read's deadline has passed before it starts.
        try await eventually("the frame in the client's socket", detail: { "\(client.unreadBytes) bytes" }) {
            client.unreadBytes == 4 + payload.count
        }
        #expect(try await client.readFrame(timeout: .zero) == payload)
        await #expect {
            try await client.readFrame(timeout: .zero)
        } throws: { error in
            "\(error)" == "timed out waiting for a frame"
        }
    }
}
