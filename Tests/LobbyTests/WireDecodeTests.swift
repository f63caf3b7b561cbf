import GameKit
import Foundation
import Lobby
import TaxCollectionRules
import Testing

@testable import Protocol

/// `WireCodec` decodes most payloads without `JSONDecoder`; the result must be `JSONDecoder`'s.
@Suite("WireCodec: the fast reader and JSONDecoder read the same messages")
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
            let tree = try #require(ParsedJSON.parse(payload))
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
                let tree = try #require(ParsedJSON.parse(payload))
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

    static let odd: [String] = [
        #"{"type":"ping","id":1.0}"#, #"{"type":"ping","id":1e2}"#, #"{"type":"ping","id":123456789012345678901}"#,
        #"{"type":"ping","id":-0}"#, #"{"type":"ping","id":"a\"b"}"#, #"{"type":"ping","id":"\u00e9"}"#,
        #" { "type" : "ping" , "id" : 7 } "#, #"{"type":"ping","type":"hello"}"#, #"{"type":"ping","id":null}"#,
        #"{"type":"move","table":"t1","seq":1.5,"move":{}}"#, #"{"type":"move","table":"t1","seq":2,"move":[1e400]}"#,
        #"{"type":"move","table":"t1","seq":2,"move":{"a":[0.0,-0.5,1e-400,true,null,"x"]}}"#,
        #"{"type":"sit","table":"t1","seat":null}"#, #"{"type":"sit","table":7}"#, #"{"type":"hello"}"#,
        #"{"type":"hello","protocol":1,"name":"Lan","resume":"abc"}"#, #"[1]"#, #"{}"#, #"{"type":3}"#, "nul",
        #"{"type":"ping"} x"#, #"{"type":"ping",}"#, #"{"type":"ping","id":01}"#,
        #"{"type":"tables","extra":[1,{"b":[]}]}"#,
    ]

    @Test("odd and broken client payloads get JSONDecoder's answer, success or problem", arguments: odd)
    func oddClientPayloads(text: String) {
        let payload = Array(text.utf8)
        let slow: Result<ClientEnvelope, InboundProblem>
        if let envelope = Self.slowClient(payload) {
            slow = .success(envelope)
        } else {
            slow = WireCodec.decodeClient(payload)
            #expect(throws: (any Error).self) { try slow.get() }
        }
        #expect(WireCodec.decodeClient(payload) == slow)
    }
}
