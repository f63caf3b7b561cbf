import Foundation
import TaxCollectionRules
import TestScheduling
import Testing

@Suite("Game state on the wire", .offThePool)
struct GameStateJSONTests {
    static let start = """
        {"rules":"classic","top":10,"bottom":10,"banks":{"A":[5,5,5,5,5],"B":[5,5,5,5,5]},\
        "collections":{"A":0,"B":0},"debts":{"A":0,"B":0},"turn":"A","phase":"sow","turns":0,"winner":null}
        """

    static let finished = """
        {"rules":"classic","top":0,"bottom":0,"banks":{"A":[0,0,0,0,0],"B":[0,0,0,0,0]},\
        "collections":{"A":37,"B":33},"debts":{"A":0,"B":3},"turn":"A","phase":"over","turns":1,"winner":"A",\
        "scores":{"A":40,"B":30}}
        """

    @Test func startingStateGolden() throws {
        #expect(try json(GameState()) == Self.start)
        #expect(try decode(GameState.self, Self.start) == GameState())
    }

    @Test func finishedStateCarriesWinnerAndScores() throws {
        var state = try position(
            top: 0, bottom: 4, a: [0, 0, 1, 0, 0], b: [2, 0, 0, 0, 2], collections: (32, 29), debts: (0, 3))
        try state.play(.sow(bank: 3, direction: .down))
        #expect(try json(state) == Self.finished)
        #expect(try decode(GameState.self, Self.finished) == state)
    }

    @Test(arguments: RuleSet.all)
    func everyRuleSetRoundTripsByName(rules: RuleSet) throws {
        let text = try json(GameState(rules: rules))
        #expect(text.hasPrefix("{\"rules\":\"\(rules.name)\""))
        #expect(try decode(GameState.self, text) == GameState(rules: rules))
    }

    @Test(arguments: [
        (#""top":10,"#, #""top":11,"#, "have 70 dollars in play, this state has 71"),
        (#""top":10,"#, #""top":-1,"#, "counts cannot be negative"),
        (#""A":[5,5,5,5,5]"#, #""A":[5,5,5,5,5,0]"#, "exactly 5 banks"),
        (#""rules":"classic""#, #""rules":"fancy""#, "unknown rules \"fancy\""),
        (#""phase":"sow""#, #""phase":"refill""#, "A still has dollars in a bank, so the phase is sow"),
        (#""phase":"sow""#, #""phase":"over""#, "every bank swept"),
        (#""winner":null"#, #""winner":"B""#, "winner must be null"),
        (#""turns":0"#, #""turns":200"#, "the game should be over after 200 turns"),
        (#""turns":0"#, #""turns":201"#, "the classic rules stop at 200"),
        (#""turns":0"#, #""turns":9223372036854775807"#, "the classic rules stop at 200"),
        (#""top":10,"#, #""top":9223372036854775807,"#, "no count can exceed the 70 dollars in play"),
        (#""collections":{"A":0"#, #""collections":{"A":9223372036854775807"#, "no count can exceed"),
        (#""debts":{"A":0"#, #""debts":{"A":6"#, "a debt cannot exceed 5 dollars per refill"),
        (#""winner":null"#, #""winner":null,"scores":{"A":0,"B":0}"#, "scores appear only once the game is over"),
    ])
    func invalidStatesAreRefusedWithAReason(original: String, replacement: String, reason: String) {
        let text = Self.start.replacingOccurrences(of: original, with: replacement)
        #expect(text != Self.start)
        do {
            _ = try decode(GameState.self, text)
            Issue.record("decoded \(text)")
        } catch {
            #expect(decodingMessage(error).contains(reason), "\(decodingMessage(error))")
        }
    }

    @Test func finishedStateWithWrongScoresIsRefused() {
        let text = Self.finished.replacingOccurrences(of: #""scores":{"A":40"#, with: #""scores":{"A":41"#)
        #expect(throws: DecodingError.self) { try decode(GameState.self, text) }
        let noScores = Self.finished.replacingOccurrences(of: #","scores":{"A":40,"B":30}"#, with: "")
        #expect(throws: DecodingError.self) { try decode(GameState.self, noScores) }
    }

    @Test func refillPhaseThatCannotBePaidIsRefused() {
        #expect(throws: InvalidStateError.self) {
            try position(
                top: 55, bottom: 10, a: [0, 0, 0, 1, 0], b: [0, 0, 0, 0, 0], collections: (2, 2), turn: .b,
                phase: .refill)
        }
    }
}
