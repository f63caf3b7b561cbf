import Foundation
import TaxCollectionRules
import TestScheduling
import Testing

/// The worked examples of docs/RULES.md, read from the page itself so that the page and the engine agree.
@Suite("Worked examples of docs/RULES.md", .offThePool)
struct WorkedExampleTests {
    static let page: String = {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/RULES.md")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    /// The contents of the fenced blocks that follow `marker`, up to the next marker or heading.
    static func blocks(after marker: String) -> [String] {
        guard let start = page.range(of: marker) else { return [] }
        var blocks: [String] = []
        var current: [Substring]?
        for line in page[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                if let open = current {
                    blocks.append(open.joined(separator: "\n"))
                    current = nil
                } else {
                    current = []
                }
            } else if current != nil {
                current!.append(line)
            } else if line.hasPrefix("<!-- example") || line.hasPrefix("#") {
                break
            }
        }
        return blocks
    }

    @Test(arguments: ["relay", "chain-capture", "treasury-stop", "refill-borrowing", "game-end"])
    func example(name: String) throws {
        let blocks = Self.blocks(after: "<!-- example: \(name) -->")
        try #require(blocks.count == 4, "example \(name) needs 4 blocks: before, move, events, after")
        var state = try decode(GameState.self, blocks[0])
        #expect(try json(state) == blocks[0], "the before-state is written as the engine writes it")
        let move = try decode(Move.self, blocks[1])
        let events = try state.apply(move)
        let expectedEvents = blocks[2].split(separator: "\n").map(String.init)
        #expect(try events.map(json) == expectedEvents)
        #expect(try json(state) == blocks[3])
    }

    @Test func hashOfTheStartingState() throws {
        let blocks = Self.blocks(after: "<!-- example-hash: classic-start -->")
        try #require(blocks.count == 2)
        let hex = GameState().hashBytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        #expect(hex == blocks[0].replacingOccurrences(of: "\n", with: ""))
        #expect(GameState().stateHash == blocks[1])
    }

    @Test("the documented hashes of a state with B to move first and of a finished game", arguments: [
        "classic-start-B", "finished",
    ])
    func documentedStateHashes(name: String) throws {
        let blocks = Self.blocks(after: "<!-- example-hash: \(name) -->")
        try #require(blocks.count == 3)
        let state = try JSONDecoder().decode(GameState.self, from: Data(blocks[0].utf8))
        let hex = state.hashBytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        #expect(hex == blocks[1].replacingOccurrences(of: "\n", with: ""))
        #expect(state.stateHash == blocks[2])
    }

    @Test func hashChangesWithEveryField() throws {
        let start = GameState()
        var moved = start
        try moved.play(.sow(bank: 1, direction: .down))
        let other = GameState(rules: .short)
        #expect(Set([start.stateHash, moved.stateHash, other.stateHash]).count == 3)
    }
}
