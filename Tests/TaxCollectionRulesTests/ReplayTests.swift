import Foundation
import TaxCollectionRules
import TestScheduling
import Testing

@Suite("Replaying records", .offThePool)
struct ReplayTests {
    @Test func aRecordReplaysToTheSameStateAsPlayingIt() throws {
        let game = randomGame(seed: 11)
        let record = try decode(GameRecord.self, json(GameRecord(moves: game.moves)))
        guard case .finished(let state, let trace) = record.replay() else {
            Issue.record("refused")
            return
        }
        #expect(state == game.final)
        #expect(trace.count == game.moves.count)
        let report = ReplayReport(record: record, line: 1, trace: false)
        #expect(report.output == [try json(game.final)])
        #expect(report.error == nil)
    }

    @Test func traceGivesOneLinePerMoveThenTheState() throws {
        let record = try decode(GameRecord.self, #"{"rules":"classic","moves":[{"bank":4,"direction":"down"}]}"#)
        let report = ReplayReport(record: record, line: 1, trace: true)
        #expect(report.output.count == 2)
        #expect(
            report.output[0].hasPrefix(
                #"{"index":0,"move":{"bank":4,"direction":"down"},"events":[{"type":"picked-up","square":"A4","count":5}"#
            ))
        #expect(report.output[1].hasPrefix(#"{"rules":"classic","top":"#))
    }

    @Test func anIllegalMoveIsReportedWithItsIndexAndRule() throws {
        // A's opening bank 1 down relays B5, which is empty when B tries to sow it at move 1.
        let text = #"{"rules":"classic","moves":[{"bank":1,"direction":"down"},{"bank":5,"direction":"up"}]}"#
        let record = try decode(GameRecord.self, text)
        guard case .refused(let index, let move, let violation, let state) = record.replay() else {
            Issue.record("replayed")
            return
        }
        #expect(index == 1 && move == .sow(bank: 5, direction: .up) && violation == .emptyBank)
        #expect(state.turns == 1 && state.turn == .b)
        let report = ReplayReport(record: record, line: 7, trace: false)
        #expect(report.output.isEmpty)
        #expect(
            report.error == """
                line 7: move 1 {"bank":5,"direction":"up"} is refused: empty-bank: \
                This Bank is empty; choose one of your Banks that holds dollars
                """)
    }

    @Test func aRecordMayStartFromAState() throws {
        let start = GameStateJSONTests.start.replacingOccurrences(of: #""turns":0"#, with: #""turns":5"#)
        let record = try decode(GameRecord.self, #"{"state":\#(start),"moves":[{"bank":3,"direction":"up"}]}"#)
        #expect(record.start.turns == 5)
        guard case .finished(let state, _) = record.replay() else {
            Issue.record("refused")
            return
        }
        #expect(state.turns == 6)
        #expect(try json(record).contains(#""state":{"#))
    }

    @Test(arguments: [
        (#"{"moves":[]}"#, nil as String?),
        (#"{"rules":"short","moves":[]}"#, nil),
        (#"{"rules":"chess","moves":[]}"#, "unknown rules"),
        (#"{"rules":"classic"}"#, "moves"),
        (#"{"rules":"classic","moves":[{"bank":9,"direction":"up"}]}"#, "bank must be 1 to 5"),
        (#"{"rules":"short","state":\#(GameStateJSONTests.start),"moves":[]}"#, "the state plays classic"),
    ])
    func recordDecoding(text: String, failure: String?) {
        do {
            let record = try decode(GameRecord.self, text)
            #expect(failure == nil, "decoded \(record)")
        } catch {
            #expect(failure.map { "\(error)".contains($0) || decodingMessage(error).contains($0) } == true, "\(error)")
        }
    }
}
