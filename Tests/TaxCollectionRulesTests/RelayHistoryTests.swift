import TestScheduling
import Testing

@testable import TaxCollectionRules

@Suite("The relay-repeat rule", .offThePool)
struct RelayHistoryTests {
    /// Feeds (board, position) relays to a fresh history; `nil` starts a new epoch. Returns each answer.
    func answers(_ relays: [(SIMD16<UInt8>, Int)?]) -> [Bool] {
        withUnsafeTemporaryAllocation(of: SIMD16<UInt8>.self, capacity: RelayHistory.capacity) { scratch in
            var history = RelayHistory(storage: scratch.baseAddress!)
            var answers: [Bool] = []
            for relay in relays {
                if let (board, position) = relay {
                    answers.append(history.repeats(board, at: position))
                } else {
                    history.newEpoch()
                }
            }
            return answers
        }
    }

    @Test func aBoardAndPositionSeenBeforeInTheEpochRepeats() {
        let board = SIMD16<UInt8>(5, 5, 5, 5, 5, 10, 5, 5, 5, 5, 5, 10, 0, 0, 0, 0)
        var other = board
        other[2] = 6
        let seen = answers([(board, 3), (board, 4), (other, 3), (board, 3), (other, 3)])
        #expect(seen == [false, false, false, true, true])
    }

    @Test func aTreasuryDropStartsANewEpoch() {
        let board = SIMD16<UInt8>(repeating: 1)
        #expect(answers([(board, 7), nil, (board, 7), (board, 7)]) == [false, false, true])
    }
}
