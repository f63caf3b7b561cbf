import GameKit
import Foundation
import Lobby
import TaxCollectionRules
import TestScheduling
import Testing

@testable import Protocol

/// `WireCodec.payload` writes most values itself; it must write exactly what `JSONEncoder` writes.
@Suite("WireCodec: the fast writer and JSONEncoder write the same bytes", .offThePool)
struct WirePayloadTests {
    static func expectSame(_ value: some Encodable, sourceLocation: SourceLocation = #_sourceLocation) {
        let fast = WireCodec.payload(value)
        let reference = WireCodec.encoderPayload(value)
        #expect(
            String(decoding: fast, as: UTF8.self) == String(decoding: reference, as: UTF8.self),
            sourceLocation: sourceLocation)
    }

    @Test("every delivery and journal entry of whole matches played through the lobby", arguments: [1, 2] as [UInt64])
    func wholeMatches(seed: UInt64) throws {
        var harness = LobbyHarness()
        let (table, a, b) = harness.startMatch()
        var rng = SplitMix64(seed: seed)
        var local = GameState()
        var seq = 0
        while !local.isOver {
            let mover = local.turn == .a ? a : b
            let move = local.legalMoves[rng.nextIndex(below: local.legalMoves.count)]
            _ = try local.apply(move)
            let request = MoveRequest(table: table, seq: seq, move: JSONValue.encoding(move))
            Self.expectSame(ClientEnvelope(id: .number(Int64(seq)), .move(request)))
            harness.send(.move(request), from: mover, id: Int64(seq + 100))
            seq += 1
        }
        for deliveries in harness.inbox.values {
            for delivery in deliveries {
                Self.expectSame(delivery.envelope)
            }
        }
        for entry in harness.journal {
            switch entry {
            case .player(let record): Self.expectSame(record)
            case .forgetPlayer(let id): Self.expectSame(id)
            case .table(let record): Self.expectSame(record)
            case .move(let record): Self.expectSame(record)
            case .archive(let record): Self.expectSame(record)
            case .tournament(let record): Self.expectSame(record)
            }
        }
        #expect(seq > 0)
    }

    @Test("strings with every control character, quotes, slashes and non-ASCII; keys that sort by case")
    func strings() {
        var text = ""
        for scalar in 0..<0x30 { text.unicodeScalars.append(Unicode.Scalar(scalar)!) }
        text += "\u{7f}\u{2028}é/\\\"😀"
        Self.expectSame(
            HostEnvelope(re: .string(text), .error(ErrorMessage(code: .invalidName, message: text, fatal: false))))
        Self.expectSame(
            JSONValue.object([
                "resumeToken": .number(1), "resumed": .bool(true), "a10": .null, "a9": .string(text), "B": .array([]),
                "_x": .object([:]), "é": .number(-0.5), text: .number(0),
            ]))
    }

    @Test("numbers: integers, fractions, huge and tiny values, and request ids beyond 2^53")
    func numbers() {
        let numbers: [Double] = [
            0, -0.0, 1, -1, 0.1, 2.5, 1e300, -1e-300, 1.5e-7, 123_456_789.125, 1e16, 9_007_199_254_740_992,
            9_007_199_254_740_991, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 100_000.5,
        ]
        Self.expectSame(JSONValue.array(numbers.map(JSONValue.number)))
        for id in [Int64.max, Int64.min, 9_007_199_254_740_993, -9_007_199_254_740_992, 0] {
            Self.expectSame(HostEnvelope(re: .number(id), .pong(Pong())))
            Self.expectSame(ClientEnvelope(id: .number(id), .ping(Ping())))
        }
    }

    @Test("every message fixture")
    func fixtures() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../ProtocolTests/Fixtures").standardized
        var count = 0
        for side in ["client", "host"] {
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(side).path)
            for file in files where file.hasSuffix(".json") {
                let data = try Data(contentsOf: folder.appendingPathComponent(side).appendingPathComponent(file))
                if side == "client", case .success(let envelope) = WireCodec.decodeClient(Array(data)) {
                    Self.expectSame(envelope)
                    count += 1
                }
                if side == "host", case .success(let envelope) = WireCodec.decodeHost(Array(data)) {
                    Self.expectSame(envelope)
                    count += 1
                }
            }
        }
        #expect(count >= 10)
    }
}
