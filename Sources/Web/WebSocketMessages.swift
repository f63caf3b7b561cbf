import HummingbirdWebSocket
import Lobby
import NIOCore

/// A client's WebSocket messages as tcnet/1 payloads: each text (or binary) message, its fragments
/// joined, as the bytes that arrived, so that the session judges the UTF-8 and the JSON itself.
///
/// NB: the size limit is already enforced, at the frame headers, by the host's `WebSocketGuard`.
struct WebSocketMessages: AsyncSequence, Sendable {
    typealias Element = [UInt8]

    let frames: WebSocketInboundStream
    let faults: Set<HostFault>

    struct AsyncIterator: AsyncIteratorProtocol {
        var frames: WebSocketInboundStream.AsyncIterator
        let faults: Set<HostFault>

        mutating func next() async throws -> [UInt8]? {
            var message: [UInt8] = []
            while let frame = try await self.frames.next() {
                message.append(contentsOf: frame.data.readableBytesView)
                if self.faults.has(.fragmentsTruncated) { return message }
                if frame.fin { return message }
            }
            return nil
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(frames: self.frames.makeAsyncIterator(), faults: self.faults)
    }
}
