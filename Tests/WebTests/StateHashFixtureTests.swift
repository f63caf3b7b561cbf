import Dispatch
import Foundation
import GameKit
import TaxCollectionRules
import TestSupport
import Testing

/// Real states and their hashes, computed by the Swift rules, kept in Fixtures/state-hashes.json for
/// the browser test that checks the web client's SHA-256 and state encoding against them
/// (Tests/Browser). This test holds the file equal, line for line, to what the Swift code computes now.
@Suite("Web: the state-hash fixture for the browser")
struct StateHashFixtureTests {
    /// One line of the fixture: a state as the wire carries it, and its hash.
    struct Sample: Encodable {
        var hash: String
        var state: GameState
    }

    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/state-hashes.json")

    /// The fixture's text: every state of two seeded random games per rule set, first and last included.
    static func fixtureText() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var lines: [String] = []
        let names = ["classic", "young-treasury", "small-treasury", "short", "no-borrowing"]
        for (index, name) in (names + names).enumerated() {
            var random = SplitMix64(seed: UInt64(index + 1))
            var state = GameState(rules: try #require(RuleSet.named(name)))
            while true {
                lines.append(
                    String(decoding: try encoder.encode(Sample(hash: state.stateHash, state: state)), as: UTF8.self))
                guard !state.isOver else { break }
                let moves = state.legalMoves
                try state.play(moves[random.nextIndex(below: moves.count)])
            }
        }
        return "[\n" + lines.joined(separator: ",\n") + "\n]\n"
    }

    @Test("the fixture is what the Swift rules compute (TCNET_WRITE_FIXTURES=1 rewrites it)")
    func fixtureIsCurrent() async throws {
        // NB: a second of work in a debug build: on a thread of its own, not one of the cooperative
        // pool's two, which the hosts of the tests running beside this one need.
        let text = try await offThePool { try Self.fixtureText() }
        if ProcessInfo.processInfo.environment["TCNET_WRITE_FIXTURES"] != nil {
            try text.write(to: Self.file, atomically: true, encoding: .utf8)
        }
        let stored = try String(contentsOf: Self.file, encoding: .utf8)
        #expect(stored == text)
        #expect(text.components(separatedBy: "\"hash\"").count - 1 > 200)
        #expect(
            text.contains(#""phase":"refill""#) && text.contains(#""winner":"B""#)
                && text.contains(#""rules":"no-borrowing""#))
    }
}
