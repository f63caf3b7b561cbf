import GameKit
import NIOCore
import Protocol
import Testing

@testable import Peer

/// A `state`'s frame written in parts (the text its recipients share, the mover's `re` apart) is the
/// frame of the message's whole payload.
@Suite("Host: a broadcast's frames written from its shared text")
struct OutgoingFrameTests {
    @Test("each recipient's frame, with re of every sign and length or none, is the whole payload's frame")
    func framedInParts() {
        let state = EncodedJSON(encoding: JSONValue.object(["banks": .array([.number(5)]), "turn": .string("B")]))
        let events = EncodedJSON(encoding: [JSONValue.object(["square": .string("A1"), "type": .string("dropped")])])
        let update = MatchUpdate(
            table: "t1", match: 2, seq: 3, turn: "B", status: .playing, encodedState: state, hash: "ab12",
            last: PlayedMove(seat: "A", move: .object(["bank": .number(1)])), encodedEvents: events)
        let ids: [RequestID?] = [
            nil, .number(0), .number(7), .number(-3), .number(Int64.max), .number(Int64.min), .string("a \"b\""),
        ]
        var payloads = BroadcastPayloads()
        var buffer = ByteBufferAllocator().buffer(capacity: 64)
        var expected: [UInt8] = []
        for re in ids + ids.reversed() {
            let envelope = HostEnvelope(re: re, .state(update))
            buffer.writeFrame(payloads.outgoing(envelope))
            expected += FrameEncoder.frame(WireCodec.payload(envelope))
        }
        #expect(Array(buffer.readableBytesView) == expected)
    }
}
