import CrapsRules
import Foundation
import GameKit
import TestScheduling
import Testing

@Suite("Events on the wire", .offThePool)
struct EventJSONTests {
    static let all: [(CrapsEvent, String)] = [
        (.anteSet(seat: "P1", ante: Money(dollars: 15)), #"{"type":"ante-set","seat":"P1","ante":1500}"#),
        (
            .seedSet(seat: "P2", seed: "my words", period: 3),
            #"{"type":"seed-set","seat":"P2","seed":"my words","period":3}"#
        ),
        (
            .reset(seat: "P2", balance: Money(dollars: 200), ante: Money(dollars: 5)),
            #"{"type":"reset","seat":"P2","balance":20000,"ante":500}"#
        ),
        (
            .rolled(shooter: "P1", dice: Dice(3, 4), period: 1, roll: 2),
            #"{"type":"rolled","shooter":"P1","dice":[3,4],"total":7,"period":1,"roll":2}"#
        ),
        (.pointSet(point: 6), #"{"type":"point-set","point":6}"#),
        (.decided(decision: .sevenOut, total: 7), #"{"type":"decided","decision":"seven-out","total":7}"#),
        (.decided(decision: .pointMade, total: 6), #"{"type":"decided","decision":"point-made","total":6}"#),
        (
            .won(seat: "P1", amount: Money(dollars: 5), balance: Money(dollars: 205)),
            #"{"type":"won","seat":"P1","amount":500,"balance":20500}"#
        ),
        (
            .lost(seat: "P2", amount: Money(dollars: 20), balance: Money(dollars: 180)),
            #"{"type":"lost","seat":"P2","amount":2000,"balance":18000}"#
        ),
        (.anteLowered(seat: "P2", ante: Money(dollars: 80)), #"{"type":"ante-lowered","seat":"P2","ante":8000}"#),
        (.bankrupt(seat: "P3"), #"{"type":"bankrupt","seat":"P3"}"#),
        (.revealed(period: 1, secret: Golden.secret), #"{"type":"revealed","period":1,"secret":"\#(Golden.secret)"}"#),
        (.dicePassed(from: "P1", to: "P2"), #"{"type":"dice-passed","from":"P1","to":"P2"}"#),
        (.dicePassed(from: "P1", to: nil), #"{"type":"dice-passed","from":"P1","to":null}"#),
        (.dicePassed(from: nil, to: "P2"), #"{"type":"dice-passed","from":null,"to":"P2"}"#),
        (
            .periodStarted(period: 2, commitment: Golden.nextCommitment),
            #"{"type":"period-started","period":2,"commitment":"\#(Golden.nextCommitment)"}"#
        ),
        (.pointOff, #"{"type":"point-off"}"#),
        (.seatLeft(seat: "P2", reason: .forfeit), #"{"type":"seat-left","seat":"P2","reason":"forfeit"}"#),
        (.matchOver(reason: .finished), #"{"type":"match-over","reason":"finished"}"#),
    ]

    @Test(arguments: all)
    func golden(event: CrapsEvent, text: String) throws {
        #expect(try json(event) == text)
        #expect(try decode(CrapsEvent.self, text) == event)
    }

    @Test("every event type has a golden case")
    func everyType() {
        #expect(Set(Self.all.map(\.0.type)).count == 16)
    }

    @Test("an unknown type, and a total that is not the dice's sum, are refused")
    func refused() {
        for text in [
            #"{"type":"jackpot"}"#, #"{"type":"rolled","shooter":"P1","dice":[3,4],"total":8,"period":1,"roll":1}"#,
        ] {
            #expect(throws: DecodingError.self) { try decode(CrapsEvent.self, text) }
        }
    }
}
