import CrapsRules
import Foundation
import GameKit
import TestScheduling
import Testing

@Suite("Moves on the wire", .offThePool)
struct MoveJSONTests {
    static let s = Golden.secret
    static let n = Golden.nextSecret
    static let c = Golden.nextCommitment

    @Test(arguments: [
        (CrapsMove.roll(nil), #"{"roll":true}"#),
        (.roll(PreparedRoll(dice: Dice(3, 4))), #"{"roll":true,"dice":[3,4]}"#),
        (
            .roll(PreparedRoll(dice: Dice(6, 5), reveal: s, next: .secret(n))),
            #"{"roll":true,"dice":[6,5],"reveal":"\#(s)","next":"\#(n)"}"#
        ),
        (
            .roll(PreparedRoll(dice: Dice(6, 5), reveal: s, next: .commitment(c))),
            #"{"roll":true,"dice":[6,5],"reveal":"\#(s)","commitment":"\#(c)"}"#
        ),
        (.roll(PreparedRoll(dice: Dice(1, 1), reveal: s)), #"{"roll":true,"dice":[1,1],"reveal":"\#(s)"}"#),
        (.ante(Money(dollars: 15)), #"{"ante":1500}"#),
        (.reset, #"{"reset":true}"#),
        (.seed("my words"), #"{"seed":"my words"}"#),
        (.leave("P2", .resigned, reveal: nil), #"{"leave":"P2","reason":"resigned"}"#),
        (.leave("P1", .forfeit, reveal: s), #"{"leave":"P1","reason":"forfeit","reveal":"\#(s)"}"#),
    ])
    func golden(move: CrapsMove, text: String) throws {
        #expect(try json(move) == text)
        #expect(try decode(CrapsMove.self, text) == move)
    }

    @Test("the viewed roll carries the next commitment, never the next secret")
    func viewedRoll() throws {
        let full = CrapsMove.roll(PreparedRoll(dice: Dice(6, 5), reveal: Self.s, next: .secret(Self.n)))
        #expect(
            try json(CrapsGame.view(of: full, for: .spectator))
                == #"{"roll":true,"dice":[6,5],"reveal":"\#(Self.s)","commitment":"\#(Self.c)"}"#)
        for move in [
            CrapsMove.roll(nil), .ante(Money(dollars: 5)), .seed("x"), .leave("P1", .resigned, reveal: Self.s),
        ] {
            #expect(CrapsGame.view(of: move, for: .seat("P1")) == move)
        }
    }

    @Test(arguments: [
        (#"{"roll":false}"#, "\"roll\": false is not a move"),
        (#"{"roll":true,"reveal":"\#(s)"}"#, "comes with its dice"),
        (#"{"roll":true,"dice":[7,1]}"#, "each 1 to 6"),
        (#"{"roll":true,"dice":[1,2,3]}"#, "each 1 to 6"),
        (#"{"roll":true,"dice":[1,2],"next":"\#(n)","commitment":"\#(c)"}"#, "not both"),
        (#"{"roll":true,"dice":[1,2],"reveal":"ABC"}"#, "reveal must be 64 lowercase hex digits"),
        (#"{"roll":true,"dice":[1,2],"reveal":"\#(s.uppercased())"}"#, "reveal must be 64 lowercase hex digits"),
        (#"{"roll":true,"ante":500}"#, "a roll is {\"roll\":true}"),
        (#"{"reset":false}"#, "\"reset\": false is not a move"),
        (#"{"ante":500,"seed":"x"}"#, "got keys [ante, seed]"),
        (#"{"bank":1,"direction":"up"}"#, "got keys [bank, direction]"),
        (#"{}"#, "got keys []"),
        (#"{"leave":"P1"}"#, "got keys [leave]"),
    ])
    func refused(text: String, reason: String) {
        do {
            let move = try decode(CrapsMove.self, text)
            Issue.record("decoded \(text) as \(move)")
        } catch {
            #expect(decodingMessage(error).contains(reason), "\(decodingMessage(error))")
        }
    }

    @Test("wrong types are refused too", arguments: [#"{"ante":"5"}"#, #"{"seed":5}"#, #"{"ante":5.5}"#, #"[1]"#])
    func wrongTypes(text: String) {
        #expect(throws: DecodingError.self) { try decode(CrapsMove.self, text) }
    }
}
