import Foundation
import GameKit
import Lobby
import Testing

@testable import Protocol

/// A table's and a finished match's journal records, written member by member (`JSONTextWritable`):
/// the bytes `JSONEncoder` writes for them, and read back as they were.
@Suite("The journal's table and archive records, written without an Encoder", .offThePool)
struct JournalRecordWritingTests {
    /// The record's own writer against `JSONEncoder`, and the bytes read back (`WireCodec.payload` takes
    /// this writer for it; `WirePayloadTests.wholeMatches` checks that over whole matches).
    static func expectSame<T: JSONTextWritable & Decodable & Equatable>(
        _ record: T, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let written = record.jsonText
        let reference = WireCodec.encoderPayload(record)
        #expect(
            String(decoding: written, as: UTF8.self) == String(decoding: reference, as: UTF8.self),
            sourceLocation: sourceLocation)
        let read = try? JSONDecoder().decode(T.self, from: Data(written))
        #expect(read == record, "read back as it was", sourceLocation: sourceLocation)
    }

    static let result = MatchResult(
        winner: "B", reason: "finished",
        standings: [Standing(seat: "B", score: 25, rank: 1), Standing(seat: "A", score: -3, rank: 2)])

    @Test("a table's record: each optional member present and absent, names and seats that need escapes")
    func tableRecords() {
        let content = ["words": GameContent(rows: [["cat"], ["blak", "black", "blac"], ["é\"\\"]])]
        let options: [String: JSONValue] = ["rounds": .number(5), "tip": .number(0.15), "Z": .bool(true)]
        var count = 0
        for optional in 0..<(1 << 10) {
            func has(_ bit: Int) -> Bool { optional & (1 << bit) != 0 }
            let record = TableRecord(
                id: "t\"7", number: 7, game: "spelling", ruleSet: "classic", graceSeconds: 90,
                onTimeout: .forfeit, status: .playing, match: 3, firstSeat: "A",
                seats: has(0) ? ["B": PlayerID(rawValue: "p-2"), "A": PlayerID(rawValue: "p\\1")] : [:],
                result: has(1) ? Self.result : nil, seatCount: has(2) ? 2 : nil, options: has(3) ? options : nil,
                bots: has(4) ? ["B": "greedy", "C": "random"] : nil, secret: has(5) ? "00ff" : nil,
                startedAt: has(6) ? 1_700_000_000_123 : nil, content: has(7) ? content : nil,
                startsAt: has(8) ? -1 : nil, reserved: has(9) ? ["C", "D"] : nil)
            Self.expectSame(record)
            count += 1
        }
        #expect(count == 1024)
        let empty = TableRecord(
            id: "t1", number: 1, game: "craps", ruleSet: "", graceSeconds: 0, onTimeout: .pause, status: .waiting,
            match: 0, firstSeat: "", seats: [:], result: nil, options: [:], bots: [:], content: [:], reserved: [])
        Self.expectSame(empty)
    }

    @Test("a finished match's record: people, bots and empty seats; options and states of every shape")
    func archiveRecords() {
        let seats: [[MatchArchive.Seat]] = [
            [],
            [
                MatchArchive.Seat(seat: "A", player: PlayerID(rawValue: "p-1"), name: "Lan \"Ba\""),
                MatchArchive.Seat(seat: "B", bot: "greedy"), MatchArchive.Seat(seat: "C"),
            ],
        ]
        let states: [JSONValue] = [
            .null, .object([:]),
            .object(["banks": .array([.number(5), .number(-1)]), "Turn": .string("A"), "over": .bool(false)]),
        ]
        for seats in seats {
            for options in [[:], ["rounds": JSONValue.number(5), "words": .array([.string("cat"), .null])]] {
                for state in states {
                    let record = MatchArchive(
                        table: "t2", match: 4, game: "taxcollection", ruleSet: "classic", options: options,
                        seats: seats, startedAt: 1_700_000_000_000, endedAt: Int64.max, result: Self.result,
                        startState: EncodedJSON(encoding: state), finalState: EncodedJSON(encoding: states[2]),
                        finalHash: "c0ffee", moves: 31)
                    Self.expectSame(record)
                }
            }
        }
        let resigned = MatchResult(winner: nil, reason: "resigned", standings: nil)
        Self.expectSame(
            MatchArchive(
                table: "t", match: 0, game: "g", ruleSet: "r", options: [:], seats: [], startedAt: -5, endedAt: 0,
                result: resigned, startState: .null, finalState: .null, finalHash: "", moves: 0))
    }
}
