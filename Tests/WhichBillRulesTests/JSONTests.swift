import Foundation
import GameKit
import TestScheduling
import Testing
import WhichBillRules

/// The JSON of moves, events and states, byte for byte as docs/WHICHBILL.md shows them.
@Suite("WhichBill: JSON", .offThePool)
struct JSONTests {
    static func json(_ value: some Encodable) throws -> String { try OrderedJSON.string(from: value) }

    static func decode<T: Decodable>(_: T.Type, _ text: String) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(text.utf8))
    }

    @Test(
        "moves as the player sends them and as the host completes them",
        arguments: [
            (WhichBillMove.choose(Money(dollars: 5), hint: false, verdict: nil), #"{"choose":500}"#),
            (.choose(Money(dollars: 10), hint: true, verdict: nil), #"{"choose":1000,"hint":true}"#),
            (
                .choose(Money(dollars: 10), hint: true, verdict: .right),
                #"{"choose":1000,"hint":true,"verdict":"right"}"#
            ),
            (
                .choose(Money(dollars: 1), hint: false, verdict: .tooSmall),
                #"{"choose":100,"verdict":"too-small"}"#
            ),
            (.next(nil), #"{"next":true}"#),
            (
                .next(NextItem(item: "apple", cost: Money(cents: 125), answer: Money(dollars: 5))),
                #"{"next":true,"item":"apple","cents":125,"answer":500}"#
            ),
            (
                .next(NextItem(item: "apple", cost: Money(cents: 125), answer: nil)),
                #"{"next":true,"item":"apple","cents":125}"#
            ),
        ] as [(WhichBillMove, String)])
    func moves(move: WhichBillMove, text: String) throws {
        #expect(try Self.json(move) == text)
        #expect(try Self.decode(WhichBillMove.self, text) == move)
    }

    @Test(
        "moves that are not moves are refused",
        arguments: [
            #"{}"#, #"{"choose":500,"next":true}"#, #"{"next":false}"#, #"{"choose":"500"}"#,
            #"{"choose":500,"at":5}"#, #"{"choose":500,"colour":"red"}"#, #"{"next":true,"item":"apple"}"#,
            #"{"choose":500,"verdict":"maybe"}"#, #"{"next":true,"item":"apple","cents":125,"at":5}"#,
        ])
    func refusedMoves(text: String) {
        #expect(throws: DecodingError.self) { try Self.decode(WhichBillMove.self, text) }
    }

    @Test("a viewer's Play Again has no right bill; a choice is the same for everyone")
    func viewedMoves() {
        let next = WhichBillMove.next(
            NextItem(item: "apple", cost: Money(cents: 125), answer: Money(dollars: 5)))
        #expect(next.viewed == .next(NextItem(item: "apple", cost: Money(cents: 125), answer: nil)))
        let choice = WhichBillMove.choose(
            Money(dollars: 5), hint: false, verdict: .right)
        #expect(choice.viewed == choice)
    }

    static let apple = GroceryItem(id: "apple", name: "apple", emoji: "🍎", category: .fruit)
    static let record = RoundRecord(
        round: 2, item: apple, cost: Money(cents: 125), bills: Bills.seedBills, answer: Money(dollars: 5),
        wrong: [Money(dollars: 1), Money(dollars: 20)], hintGuess: 3, numberLine: true)

    @Test("events")
    func events() throws {
        let cases: [(WhichBillEvent, String)] = [
            (.guessed(Money(dollars: 20), .moreThanNeeded), #"{"guessed":2000,"verdict":"more-than-needed"}"#),
            (.next(round: 3), #"{"next":3}"#),
            (.sessionOver(items: 10, firstTry: 7), #"{"sessionOver":{"items":10,"firstTry":7}}"#),
            (
                .roundOver(Self.record),
                #"{"roundOver":{"round":2,"item":{"id":"apple","name":"apple","emoji":"🍎","category":"fruit"},"#
                    + #""cents":125,"bills":[100,500,1000,2000],"answer":500,"wrong":[100,2000],"hintGuess":3,"#
                    + #""numberLine":true}}"#
            ),
        ]
        for (event, text) in cases {
            #expect(try Self.json(event) == text)
            #expect(try Self.decode(WhichBillEvent.self, text) == event)
        }
        #expect(throws: DecodingError.self) { try Self.decode(WhichBillEvent.self, #"{"guessed":500}"#) }
    }

    @Test("the state: the host's has the right bill, a viewer's not until it is chosen")
    func state() throws {
        var session = TestSession()
        session.state.item = Self.apple
        session.setCost(125)
        let host = try Self.json(session.state)
        #expect(
            host
                == #"{"bills":[100,500,1000,2000],"numberLine":true,"minCents":1,"maxCents":2000,"items":10,"round":1,"#
                + #""item":{"id":"apple","name":"apple","emoji":"🍎","category":"fruit"},"cents":125,"answer":500,"#
                + #""wrong":[],"answered":false,"firstTry":0}"#)
        let viewed = try Self.json(session.state.viewed)
        #expect(!viewed.contains(#""answer":"#))
        #expect(try Self.decode(WhichBillState.self, host) == session.state)
        #expect(try Self.decode(WhichBillState.self, viewed) == session.state.viewed)
        _ = session.choose(1)
        _ = session.choose(5, hint: true)
        let over = try Self.json(session.state.viewed)
        #expect(
            over.hasSuffix(
                #""cents":125,"answer":500,"wrong":[100],"hintGuess":2,"answered":true,"firstTry":0}"#))
        #expect(session.state.viewed == session.state)
        #expect(WhichBillGame.hash(of: session.state) == SHA256.hex(of: Array(over.utf8)))
    }
}
