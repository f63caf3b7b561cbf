import Foundation
import GameKit
import TaxCollectionRules
import Testing

/// Real states and their hashes, computed by the Swift rules, kept in Fixtures/state-hashes.json for
/// the browser test that checks the web client's SHA-256 and state encoding against them
/// (Tests/Browser). This test holds the file equal to what the Swift code computes now.
@Suite("Web: the state-hash fixture for the browser")
struct StateHashFixtureTests {
    struct Sample: Codable, Equatable {
        var state: JSONValueBox
        var hash: String
    }

    /// The state as the wire carries it, kept as JSON text so the file stays readable.
    struct JSONValueBox: Codable, Equatable {
        var text: String
        init(_ text: String) { self.text = text }
        init(from decoder: any Decoder) throws {
            let value = try decoder.singleValueContainer().decode(AnyJSON.self)
            self.text = value.canonical
        }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(try JSONDecoder().decode(AnyJSON.self, from: Data(self.text.utf8)))
        }
    }

    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Fixtures/state-hashes.json")

    /// Every state of two seeded random games per rule set, first and last included.
    static func samples() throws -> [Sample] {
        var samples: [Sample] = []
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let names = ["classic", "young-treasury", "small-treasury", "short", "no-borrowing"]
        for (index, name) in (names + names).enumerated() {
            var random = SplitMix64(seed: UInt64(index + 1))
            var state = GameState(rules: try #require(RuleSet.named(name)))
            while true {
                let text = String(decoding: try encoder.encode(state), as: UTF8.self)
                samples.append(Sample(state: JSONValueBox(try AnyJSON.canonical(text)), hash: state.stateHash))
                guard !state.isOver else { break }
                let moves = state.legalMoves
                try state.play(moves[random.nextIndex(below: moves.count)])
            }
        }
        return samples
    }

    @Test(
        "the fixture holds exactly the states and hashes the Swift rules compute (TCNET_WRITE_FIXTURES=1 rewrites it)")
    func fixtureIsCurrent() throws {
        let samples = try Self.samples()
        #expect(samples.count > 200)
        if ProcessInfo.processInfo.environment["TCNET_WRITE_FIXTURES"] != nil {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let lines = try samples.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
            try ("[\n" + lines.joined(separator: ",\n") + "\n]\n").write(
                to: Self.file, atomically: true, encoding: .utf8)
        }
        let stored = try JSONDecoder().decode([Sample].self, from: Data(contentsOf: Self.file))
        #expect(stored == samples)
    }
}

/// Any JSON value, for writing states canonically (sorted keys).
indirect enum AnyJSON: Codable, Equatable {
    case null, bool(Bool), number(Double), string(String), array([AnyJSON]), object([String: AnyJSON])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([AnyJSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: AnyJSON].self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(Int(value))
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    static func canonical(_ text: String) throws -> String {
        try JSONDecoder().decode(AnyJSON.self, from: Data(text.utf8)).canonical
    }

    var canonical: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? String(decoding: encoder.encode(self), as: UTF8.self)) ?? "null"
    }
}
