import Foundation
import PropertyBased
import TaxCollectionRules
import TestScheduling
import Testing

@Suite("Hostile input", .offThePool)
struct HostileInputTests {
    /// Any number in any numeric field of a state either decodes to a state that plays on, or is refused;
    /// nothing traps (overflow, a byte that does not fit).
    @Test func anyNumberInAStateIsDecodedOrRefusedWithoutTrapping() async {
        let fields = [
            #""top":10"#, #""bottom":10"#, #""A":[5,5,5,5,5]"#, #""collections":{"A":0"#, #""debts":{"A":0"#,
            #""turns":0"#,
        ]
        let values = Gen.int(in: Int.min...Int.max)
        let small = Gen.int(in: -2...80)
        await propertyCheck(
            count: 300, input: Gen.int(in: 0...(fields.count - 1)), values, small
        ) { field, huge, near in
            for value in [huge, near] {
                let original = fields[field]
                let replaced =
                    original.hasSuffix("]")
                    ? original.replacingOccurrences(of: "[5,", with: "[\(value),")
                    : String(original.dropLast(original.hasSuffix("10") ? 2 : 1)) + "\(value)"
                let text = GameStateJSONTests.start.replacingOccurrences(of: original, with: replaced)
                guard var state = try? decode(GameState.self, text) else { continue }
                #expect((try? json(state)) == text)
                if let move = state.legalMoves.first { #expect(throws: Never.self) { try state.play(move) } }
            }
        }
    }
}
