import CrapsRules
import Foundation
import GameKit
import TestSupport
import Testing

/// Real Craps matches as a viewer receives them, computed by the Swift rules, kept in Fixtures for the
/// browser test (Tests/Browser/test_craps.py) that holds the web screen's state hash and dice check to
/// docs/CRAPS.md: `craps-states.json` (every state, its hash, and the move that led to it, as viewed) and
/// `craps-records.json` (each match's dice record and the verdict of ``CrapsVerifier``). This test holds
/// both files equal to what the Swift code computes now.
@Suite("Web: the Craps fixtures for the browser")
struct CrapsFixtureTests {
    /// One state of a match, as the host sends it to a viewer.
    struct Sample: Encodable {
        /// The move that led to the state, as viewed; `seat` absent for the host's move.
        struct Last: Encodable {
            var seat: SeatName?
            var move: CrapsMove
        }

        var match: Int
        var hash: String
        var state: CrapsState
        var last: Last?
    }

    /// One match's record of its dice, and what the verifier says of it.
    struct Verdict: Encodable {
        var match: Int
        var record: CrapsRecord
        var periods: Int
        var rolls: Int
    }

    /// The tables played: seats, decision limit, seed of the moves.
    static let tables: [(seats: Int, decisions: Int, seed: UInt64)] = [
        (1, 0, 1), (1, 3, 2), (2, 0, 3), (3, 6, 4), (6, 0, 5), (3, 0, 6), (2, 8, 7),
    ]
    /// Seeds players give: the empty one, quotes and a backslash (escaped in the hash's JSON), the longest.
    static let seeds = ["", "abc", #"he said "7""#, #"back\slash"#, "Lucky 7!", String(repeating: "s", count: 64)]

    static func directory() -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    }

    /// Both fixtures' texts: one line per state (or record), keys sorted as the wire may send them.
    static func fixtureTexts() throws -> (states: String, records: String) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var states: [String] = []
        var records: [String] = []
        for (index, table) in Self.tables.enumerated() {
            let match = index + 1
            let (samples, moves, start) = Self.play(seats: table.seats, decisions: table.decisions, seed: table.seed)
            for sample in samples {
                var sample = sample
                sample.match = match
                states.append(String(decoding: try encoder.encode(sample), as: UTF8.self))
            }
            let record = CrapsRecord(start: start, moves: moves)
            guard case .verified(let periods, let rolls, _) = CrapsVerifier.verify(record) else {
                Issue.record("the rules' own match \(match) does not verify")
                continue
            }
            let verdict = Verdict(match: match, record: record, periods: periods, rolls: rolls)
            records.append(String(decoding: try encoder.encode(verdict), as: UTF8.self))
        }
        let file = { (lines: [String]) in "[\n" + lines.joined(separator: ",\n") + "\n]\n" }
        return (file(states), file(records))
    }

    /// A match played as the host plays it, moves drawn from a SplitMix64 among those the rules take.
    static func play(seats: Int, decisions: Int, seed: UInt64)
        -> (samples: [Sample], moves: [(mover: Mover, move: CrapsMove)], start: CrapsState)
    {
        var rng = SplitMix64(seed: seed)
        let secret = (0..<32).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
        var random = HostRandom(secret: secret, step: 0)
        let names = Array(CrapsGame.descriptor.seats.prefix(seats))
        let options = try! GameOptions.checking(
            [CrapsGame.decisionsOption: .integer(decisions)], against: CrapsGame.descriptor.options
        ).get()
        let setup = MatchSetup(
            ruleSet: "classic", seats: names, firstSeat: names[rng.nextIndex(below: seats)], options: options,
            startedAt: GameTime(milliseconds: 0))
        var state = CrapsGame.start(setup, random: &random)!
        let start = state.viewed
        var samples = [Sample(match: 0, hash: state.stateHash, state: start, last: nil)]
        var moves: [(mover: Mover, move: CrapsMove)] = []
        for step in 1...160 where state.over == nil {
            let (mover, move) = Self.draw(in: state, seats: names, rng: &rng, late: step > 130)
            var random = HostRandom(secret: secret, step: UInt64(step))
            let prepared = CrapsGame.prepare(move, by: mover, in: state, random: &random)
            guard case .success = CrapsGame.apply(prepared, by: mover, to: &state) else { continue }
            let viewed = CrapsGame.view(of: prepared, for: .spectator)
            moves.append((mover, viewed))
            let last = Sample.Last(seat: mover.seat, move: viewed)
            samples.append(Sample(match: 0, hash: state.stateHash, state: state.viewed, last: last))
        }
        return (samples, moves, start)
    }

    /// Mostly rolls, some antes (refused ones too), resets and seeds; near the end, seats leave.
    static func draw(in state: CrapsState, seats: [SeatName], rng: inout SplitMix64, late: Bool) -> (Mover, CrapsMove) {
        let toAct = state.toAct
        if toAct.isEmpty || (late && rng.nextIndex(below: 10) == 0) {
            let seat = seats[rng.nextIndex(below: seats.count)]
            return (.host, CrapsGame.hostMove(.seatLeft(seat, .resigned), in: state)!)
        }
        let seat = toAct[rng.nextIndex(below: toAct.count)]
        let balance = state.player(seat)?.balance.cents ?? 0
        switch rng.nextIndex(below: 100) {
        case ..<60:
            return (.seat(state.shooter ?? seat), .roll(nil))
        case ..<80:
            let antes: [Int64] = [500, 1_000, 2_500, balance, balance / 10 / 500 * 500, 5_000]
            return (.seat(seat), .ante(Money(cents: antes[rng.nextIndex(below: antes.count)])))
        case ..<88:
            return (.seat(seat), .reset)
        default:
            return (.seat(seat), .seed(Self.seeds[rng.nextIndex(below: Self.seeds.count)]))
        }
    }

    @Test("the fixtures are what the Swift rules compute (TCNET_WRITE_FIXTURES=1 rewrites them)")
    func fixturesAreCurrent() async throws {
        let texts = try await offThePool { try Self.fixtureTexts() }
        let statesFile = Self.directory().appendingPathComponent("craps-states.json")
        let recordsFile = Self.directory().appendingPathComponent("craps-records.json")
        if ProcessInfo.processInfo.environment["TCNET_WRITE_FIXTURES"] != nil {
            try texts.states.write(to: statesFile, atomically: true, encoding: .utf8)
            try texts.records.write(to: recordsFile, atomically: true, encoding: .utf8)
        }
        #expect(try String(contentsOf: statesFile, encoding: .utf8) == texts.states)
        #expect(try String(contentsOf: recordsFile, encoding: .utf8) == texts.records)
        // NB: what the browser test needs the matches to hold, so that it checks each case.
        let states = texts.states
        #expect(states.components(separatedBy: "\"hash\"").count - 1 > 300)
        for needed in [
            #""reveal":"#, #""commitment":"#, #""status":"bankrupt""#, #""reset":true"#, #""point":8"#,
            #"he said \"7\""#, #"back\\slash"#, #""over":"finished""#, #""over":"resigned""#, #""secret":"#,
            #""leave":"#,
        ] {
            #expect(states.contains(needed), "no state or move with \(needed)")
        }
    }
}
