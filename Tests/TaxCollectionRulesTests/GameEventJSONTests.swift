import Foundation
import TaxCollectionRules
import TestScheduling
import Testing

@Suite("Events on the wire", .offThePool)
struct GameEventJSONTests {
    @Test(arguments: [
        (GameEvent.pickedUp(square: .bank(.a, 3), count: 5), #"{"type":"picked-up","square":"A3","count":5}"#),
        (.dropped(square: .top), #"{"type":"dropped","square":"top"}"#),
        (.relayed(square: .bank(.b, 5), count: 6), #"{"type":"relayed","square":"B5","count":6}"#),
        (
            .captured(seat: .a, square: .bottom, count: 12, chain: 2),
            #"{"type":"captured","seat":"A","square":"bottom","count":12,"chain":2}"#
        ),
        (.stopped(square: .bank(.a, 4), reason: .empty), #"{"type":"stopped","square":"A4","reason":"empty"}"#),
        (
            .stopped(square: .top, reason: .youngTreasury),
            #"{"type":"stopped","square":"top","reason":"young-treasury"}"#
        ),
        (.stopped(square: .bank(.b, 1), reason: .repeated), #"{"type":"stopped","square":"B1","reason":"repeat"}"#),
        (.refilled(seat: .b, fromCollection: 2), #"{"type":"refilled","seat":"B","fromCollection":2}"#),
        (.borrowed(seat: .b, lender: .a, count: 3), #"{"type":"borrowed","seat":"B","lender":"A","count":3}"#),
        (.turnPassed(seat: .b), #"{"type":"turn-passed","seat":"B"}"#),
        (.swept(seat: .a, count: 7), #"{"type":"swept","seat":"A","count":7}"#),
        (
            .gameOver(winner: .draw, scores: BySeat(a: 35, b: 35), reason: .turnCap),
            #"{"type":"game-over","winner":"draw","scores":{"A":35,"B":35},"reason":"turn-cap"}"#
        ),
        (
            .gameOver(winner: .won(.b), scores: BySeat(a: 1, b: 60), reason: .refillImpossible),
            #"{"type":"game-over","winner":"B","scores":{"A":1,"B":60},"reason":"refill-impossible"}"#
        ),
    ])
    func goldenJSON(event: GameEvent, text: String) throws {
        #expect(try json(event) == text)
        #expect(try decode(GameEvent.self, text) == event)
    }

    @Test func unknownTypeIsRefused() {
        do {
            _ = try decode(GameEvent.self, #"{"type":"exploded"}"#)
            Issue.record("decoded an unknown event")
        } catch {
            #expect(decodingMessage(error).contains("unknown event type \"exploded\""))
        }
    }

    @Test(arguments: [("A1", 0), ("A5", 4), ("bottom", 5), ("B5", 6), ("B1", 10), ("top", 11)])
    func squaresRoundTripAndSitOnTheRing(name: String, ringIndex: Int) throws {
        let square = try #require(Square(name))
        #expect(square.description == name)
        #expect(square.ringIndex == ringIndex)
        #expect(try decode(Square.self, "\"\(name)\"") == square)
    }

    @Test("every square's name: its seat and number, or its treasury; a number off the board as it is")
    func everySquaresName() {
        for seat in Seat.allCases {
            for number in 0...7 {
                #expect(Square.bank(seat, number).description == "\(seat.rawValue)\(number)")
            }
        }
        #expect(Square.top.description == "top")
        #expect(Square.bottom.description == "bottom")
    }

    @Test(arguments: ["A0", "A6", "C1", "Top", "", "A12"])
    func badSquareNamesAreRefused(name: String) {
        #expect(Square(name) == nil)
    }
}
