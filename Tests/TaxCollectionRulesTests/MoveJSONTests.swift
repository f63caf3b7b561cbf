import Foundation
import TaxCollectionRules
import TestScheduling
import Testing

@Suite("Move on the wire", .offThePool)
struct MoveJSONTests {
    @Test(arguments: [
        (Move.sow(bank: 1, direction: .up), #"{"bank":1,"direction":"up"}"#),
        (Move.sow(bank: 5, direction: .down), #"{"bank":5,"direction":"down"}"#),
        (Move.refill, #"{"refill":true}"#),
    ])
    func goldenJSON(move: Move, text: String) throws {
        #expect(try json(move) == text)
        #expect(try decode(Move.self, text) == move)
    }

    @Test(arguments: [
        (#"{"bank":0,"direction":"up"}"#, "bank must be 1 to 5, not 0"),
        (#"{"bank":6,"direction":"down"}"#, "bank must be 1 to 5, not 6"),
        (#"{"refill":false}"#, "\"refill\": false is not a move"),
        (#"{"refill":true,"bank":1,"direction":"up"}"#, "got keys [bank, direction, refill]"),
        (#"{"bank":1}"#, "got keys [bank]"),
        (#"{"bank":1,"direction":"up","extra":0}"#, "got keys [bank, direction, extra]"),
        (#"{}"#, "got keys []"),
    ])
    func malformedMovesAreRefusedWithAReason(text: String, reason: String) {
        do {
            _ = try decode(Move.self, text)
            Issue.record("decoded \(text)")
        } catch {
            #expect(decodingMessage(error).contains(reason))
        }
    }

    @Test func wrongDirectionIsRefused() {
        do {
            _ = try decode(Move.self, #"{"bank":1,"direction":"left"}"#)
            Issue.record("decoded a move to the left")
        } catch {
            #expect(decodingMessage(error) == #"direction must be "up" or "down", not "left""#)
        }
    }

    @Test func allListsTheElevenCandidatesInOrder() {
        #expect(Move.all.count == 11)
        #expect(Move.all.first == .sow(bank: 1, direction: .up))
        #expect(Move.all[1] == .sow(bank: 1, direction: .down))
        #expect(Move.all.last == .refill)
    }
}
