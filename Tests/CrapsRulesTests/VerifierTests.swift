import CrapsRules
import Foundation
import GameKit
import TestScheduling
import Testing

@Suite("Verifying the dice", .offThePool)
struct VerifierTests {
    /// A match of a few decisions at a table of two, with seeds.
    static func match() -> TestTable {
        var table = TestTable(seats: 2, decisions: 4)
        table.must(.seed("alice"), by: "P1")
        table.must(.roll(nil), by: "P1")
        table.must(.seed("bob"), by: "P2")
        while table.state.over == nil {
            table.must(.roll(nil), by: table.state.shooter!)
        }
        return table
    }

    @Test("a record built from what a client saw verifies, period by period")
    func goodRecordVerifies() throws {
        let table = Self.match()
        let record = CrapsRecord(start: table.start, moves: table.moves)
        #expect(record.seats == ["P1", "P2"])
        #expect(record.periods.count == 4)
        #expect(record.periods.allSatisfy { $0.secret != nil })
        #expect(record.periods[0].seeds == ["alice", ""])
        let rolls = record.periods.map(\.rolls.count).reduce(0, +)
        #expect(CrapsVerifier.verify(record) == .verified(periods: 4, rolls: rolls, unchecked: 0))
        let decoded = try decode(CrapsRecord.self, try json(record))
        #expect(decoded == record)
    }

    @Test("a revealed secret that does not match its commitment is named")
    func secretMismatch() throws {
        var record = CrapsRecord(start: Self.match().start, moves: Self.match().moves)
        record.periods[2].secret = String(repeating: "7", count: 64)
        guard case .failed(let failure) = CrapsVerifier.verify(record) else {
            Issue.record("a wrong secret verified")
            return
        }
        #expect(failure.kind == .commitmentMismatch && failure.period == 3 && failure.roll == nil)
    }

    @Test("a roll that the secret and seeds do not give is named, with the dice it should have been")
    func rollMismatch() throws {
        let table = Self.match()
        var record = CrapsRecord(start: table.start, moves: table.moves)
        let index = try #require(record.periods.firstIndex { $0.rolls.count >= 2 })
        let original = record.periods[index].rolls[1]
        record.periods[index].rolls[1] = Dice(original.second, original.first == 6 ? 1 : original.first + 1)
        guard case .failed(let failure) = CrapsVerifier.verify(record) else {
            Issue.record("a changed roll verified")
            return
        }
        #expect(failure.kind == .rollMismatch)
        #expect(failure.period == index + 1 && failure.roll == 2)
        #expect(failure.expected == original)
    }

    @Test("seeds changed after the fact are caught as a roll mismatch")
    func seedMismatch() {
        let table = Self.match()
        var record = CrapsRecord(start: table.start, moves: table.moves)
        record.periods[0].seeds = ["alice ", ""]
        guard case .failed(let failure) = CrapsVerifier.verify(record) else {
            Issue.record("changed seeds verified")
            return
        }
        #expect(failure.kind == .rollMismatch && failure.period == 1 && failure.roll == 1)
    }

    @Test("an unrevealed last period is not a failure: its rolls wait for the secret")
    func openPeriod() {
        var table = TestTable(seats: 1)
        table.roll([11])
        table.roll([6])
        let verification = CrapsVerifier.verify(CrapsRecord(start: table.start, moves: table.moves))
        #expect(verification == .verified(periods: 1, rolls: 1, unchecked: 1))
        var record = CrapsRecord(start: table.start, moves: table.moves)
        record.periods.append(record.periods[1])
        guard case .failed(let failure) = CrapsVerifier.verify(record) else {
            Issue.record("a closed period without a secret verified")
            return
        }
        #expect(failure.kind == .secretMissing && failure.period == 2)
    }

    // MARK: The client's mirror catches a lying host

    /// A client's copy of a match: the viewed states, applying viewed moves.
    static func mirror(_ table: TestTable, upTo count: Int) -> CrapsState {
        var state = table.start
        for (mover, move) in table.moves.prefix(count) {
            _ = CrapsGame.apply(move, by: mover, to: &state)
        }
        return state
    }

    @Test("a client refuses a deciding roll whose revealed secret does not match the commitment")
    func clientCatchesAWrongReveal() throws {
        var table = TestTable(seats: 1)
        table.roll([5, 5])
        var state = Self.mirror(table, upTo: 2)
        var prepared = try #require(table.moves[2].move.prepared)
        #expect(prepared.reveal != nil)
        prepared.reveal = String(repeating: "e", count: 64)
        let result = CrapsGame.apply(.roll(prepared), by: .seat("P1"), to: &state)
        #expect(result.failureCode == "commitment-mismatch")
        #expect(state == Self.mirror(table, upTo: 2))
    }

    @Test("a client refuses, at the reveal, a period in which the host showed a roll its secret does not give")
    func clientCatchesALyingRoll() throws {
        var table = TestTable(seats: 1)
        table.roll([6, 8, 6])
        var state = Self.mirror(table, upTo: 2)
        let honest = try #require(table.moves[2].move.prepared)
        #expect(honest.dice.total == 8)
        let forged = CrapsMove.roll(PreparedRoll(dice: Dice(4, 5)))
        #expect(CrapsGame.apply(forged, by: .seat("P1"), to: &state).failureCode == nil, "unchecked until the reveal")
        let reveal = CrapsGame.apply(table.moves[3].move, by: .seat("P1"), to: &state)
        guard case .failure(let violation) = reveal else {
            Issue.record("the reveal of a period with a forged roll was accepted")
            return
        }
        #expect(violation.code == "roll-mismatch")
        #expect(violation.details == ["period": 1, "roll": 2])
    }

    @Test("the host itself refuses a roll that its secret does not give")
    func hostChecksAtOnce() throws {
        var table = TestTable(seats: 1)
        var state = table.state
        let honest = try #require(state.nextRoll)
        let forged = Dice(honest.first == 6 ? 1 : honest.first + 1, honest.second)
        let result = state.apply(.roll(PreparedRoll(dice: forged)), by: .seat("P1"))
        #expect(result.failureCode == "roll-mismatch")
        table.must(.roll(nil), by: "P1")
        #expect(table.state.dice == honest)
    }
}

extension CrapsMove {
    /// The prepared roll this move carries; `nil` for any other move.
    var prepared: PreparedRoll? {
        if case .roll(let prepared?) = self { return prepared }
        return nil
    }
}
