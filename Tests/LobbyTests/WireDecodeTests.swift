import Foundation
import GameKit
import Lobby
import TaxCollectionRules
import TestScheduling
import Testing

@testable import Protocol

/// `WireCodec` decodes without `JSONDecoder`; for every message our peers write, the result must be
/// `JSONDecoder`'s. (Where the two differ on purpose, the strict reading wins: `JSONCorpusTests`.)
@Suite("WireCodec: the strict reader and JSONDecoder read our messages alike", .offThePool)
struct WireDecodeTests {
    static func slowHost(_ payload: [UInt8]) -> HostEnvelope? {
        try? JSONDecoder().decode(HostEnvelope.self, from: Data(payload))
    }

    static func slowClient(_ payload: [UInt8]) -> ClientEnvelope? {
        try? JSONDecoder().decode(ClientEnvelope.self, from: Data(payload))
    }

    @Test(
        "every message of whole matches takes the fast path and reads as JSONDecoder reads it",
        arguments: [3, 4] as [UInt64])
    func wholeMatches(seed: UInt64) throws {
        var harness = LobbyHarness()
        let (table, a, b) = harness.startMatch()
        var rng = SplitMix64(seed: seed)
        var local = GameState()
        var seq = 0
        while !local.isOver {
            let move = local.legalMoves[rng.nextIndex(below: local.legalMoves.count)]
            _ = try local.apply(move)
            let envelope = ClientEnvelope(
                id: .number(Int64(seq)),
                .move(
                    MoveRequest(
                        table: table, seq: seq, move: JSONValue.encoding(move))))
            let payload = WireCodec.payload(envelope)
            let tree = try ParsedJSON.parse(payload).get()
            #expect(try JSONTreeDecoder.decode(ClientEnvelope.self, from: tree, codingPath: []) == envelope)
            #expect(try WireCodec.decodeClient(payload).get() == Self.slowClient(payload))
            #expect(try JSONValue.encoding(move).decode(as: Move.self) == move)
            harness.send(envelope.message, from: local.turn == .a ? b : a, id: Int64(seq + 100))
            seq += 1
        }
        var states = 0
        for deliveries in harness.inbox.values {
            for delivery in deliveries {
                let payload = WireCodec.payload(delivery.envelope)
                let tree = try ParsedJSON.parse(payload).get()
                let fast = try JSONTreeDecoder.decode(HostEnvelope.self, from: tree, codingPath: [])
                #expect(fast == delivery.envelope)
                #expect(fast == Self.slowHost(payload))
                if case .state(let update) = fast.message {
                    states += 1
                    #expect(
                        try update.state.decode(as: GameState.self)
                            == (try JSONDecoder().decode(GameState.self, from: Data(WireCodec.payload(update.state)))))
                }
            }
        }
        #expect(states > 0)
    }

    /// A value with an integer of every width the tree reader knows by its type.
    struct Widths: Codable, Equatable {
        var i8: Int8?, i16: Int16?, i32: Int32?, i64: Int64?, u: UInt?, u8: UInt8?, u16: UInt16?, u32: UInt32?
        var u64: UInt64?
    }

    @Test("integers of every width: what fits reads as JSONDecoder reads it, what does not is refused")
    func integerWidths() throws {
        let keys = ["i8", "i16", "i32", "i64", "u", "u8", "u16", "u32", "u64"]
        let values: [Int64] = [
            0, 1, -1, 127, 128, -129, 255, 256, 65_535, 65_536, -32_769, Int64(Int32.max) + 1, Int64.min,
        ]
        for key in keys {
            for value in values {
                let text = Array(#"{"\#(key)":\#(value)}"#.utf8)
                let tree = try ParsedJSON.parse(text).get()
                let fast = try? JSONTreeDecoder.decode(Widths.self, from: tree, codingPath: [])
                let reference = try? JSONDecoder().decode(Widths.self, from: Data(text))
                #expect(fast == reference, "\(key): \(value)")
                if value == 0 { #expect(fast != nil, "\(key) reads 0") }
            }
        }
    }
}
