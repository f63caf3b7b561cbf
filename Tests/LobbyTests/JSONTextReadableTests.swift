import Foundation
import GameKit
import TaxCollectionRules
import TestScheduling
import TestSupport
import Testing

@testable import Protocol

/// A game's state read from its text without `Decodable` (GameKit's `JSONTextReadable`), as a client
/// reads it at the start of every match, must be read exactly as `Decodable` reads it.
@Suite("JSONTextReadable: a state read as Decodable reads it", .offThePool)
struct JSONTextReadableTests {
    /// States of a few played games, every rule set: the start, a refill, a few sowing, the end.
    static func playedStates() -> [GameState] {
        var random = SplitMix64(seed: 14)
        var states: [GameState] = []
        for rules in RuleSet.all {
            var state = GameState(rules: rules)
            states.append(state)
            while state.phase != .over, let move = state.legalMoves.randomElement(using: &random) {
                _ = try? state.apply(move)
                if (state.phase == .refill && !states.contains { $0.phase == .refill }) || random.next() % 16 == 0 {
                    states.append(state)
                }
            }
            states.append(state)
        }
        return states
    }

    @Test("Tax Collection's states, and the texts near them")
    func taxCollectionStates() {
        let states = Self.playedStates()
        #expect(Set(states.map(\.phase)) == [.refill, .sow, .over])
        let check = JSONTextReadableCheck(states, of: TaxCollectionGame.self)
        #expect(check.problems == [])
        #expect(check.texts > 5_000, "\(check.texts) texts")
        // NB: every state's own text, and its spellings with white space, at least, are read fast.
        #expect(check.readFast >= 3 * states.count)
    }

    /// The check itself fails a reader that takes what `Decodable` refuses, one that reads a value wrong,
    /// and one that reads nothing.
    // NB: serialized: the fault is the type's own (a reader has no instance to ask).
    @Test("the check finds broken readers", .serialized, arguments: Banked.Fault.allCases)
    func brokenReaders(fault: Banked.Fault) {
        Banked.fault = fault
        let check = JSONTextReadableCheck([Banked(banks: [1, 2]), Banked(banks: [])], of: BankedGame.self)
        #expect(!check.problems.isEmpty)
    }

    @Test("a game whose state reads itself reads a state's text so; any other, through Decodable")
    func throughTheGame() throws {
        func sent<G: Game>(_ state: G.State, of game: G.Type) throws -> MatchUpdate? {
            let update = MatchUpdate(
                table: "t1", match: 1, seq: 0, turn: nil, status: .playing, state: .encoding(state), hash: "h")
            let payload = WireCodec.payload(HostEnvelope(.state(update)))
            guard case .state(let read) = try WireCodec.decodeHost(payload).get().message else { return nil }
            return read
        }
        for state in Self.playedStates().prefix(20) {
            #expect(TaxCollectionGame.readState(fromText: WireCodec.payload(JSONValue.encoding(state))) == state)
            #expect(try sent(state, of: TaxCollectionGame.self)?.decodeState(of: TaxCollectionGame.self) == state)
        }
        // NB: a state the game's reader leaves (an extra member) is still read, by Decodable.
        guard case .object(var extra) = JSONValue.encoding(GameState()) else {
            Issue.record("a state is not written as an object")
            return
        }
        extra["note"] = .string("hello")
        let text = WireCodec.payload(JSONValue.object(extra))
        #expect(TaxCollectionGame.readState(fromText: text) == nil)
        let update = MatchUpdate(
            table: "t1", match: 1, seq: 0, turn: nil, status: .playing, state: .object(extra), hash: "h")
        let read = try WireCodec.decodeHost(WireCodec.payload(HostEnvelope(.state(update)))).get()
        guard case .state(let message) = read.message else { return }
        #expect(try message.decodeState(of: TaxCollectionGame.self) == GameState())
        // NB: a state that does not read itself goes through Decodable, with the same result.
        let dice = DiceRace.State(
            totals: ["P1": 3, "P2": 0], racing: ["P1", "P2"], rolled: ["P1"], target: 20, deadline: nil, reason: nil)
        #expect(DiceRace.readState(fromText: WireCodec.payload(JSONValue.encoding(dice))) == nil)
        #expect(try sent(dice, of: DiceRace.self)?.decodeState(of: DiceRace.self) == dice)
    }
}

/// A game whose state, a list of banks, reads itself with a fault planted, for the check's own test.
enum BankedGame: Game {
    typealias State = Banked
    typealias Move = Int
    typealias Event = Int
    static let descriptor = GameDescriptor(id: "banked", name: "Banked", seats: ["A", "B"], ruleSets: ["plain"])
    static func start(_ setup: MatchSetup, random: inout HostRandom) -> Banked? { Banked(banks: []) }
    static func toAct(in state: Banked) -> [SeatName] { [] }
    static func apply(_ move: Int, by mover: Mover, to state: inout Banked) -> Result<[Int], GameRuleViolation> {
        .success([])
    }
    static func result(of state: Banked) -> GameResult? { nil }
    static func scores(in state: Banked) -> [(seat: SeatName, score: Int)] { [] }
    static func hash(of state: Banked) -> String { "\(state.banks)" }
    static func botMove(bot: String, seat: SeatName, in state: Banked, seed: UInt64) -> Int? { nil }
}

struct Banked: JSONTextReadable, Codable, Equatable, Sendable {
    enum Fault: CaseIterable { case takesTooMuch, readsWrong, readsNothing }
    nonisolated(unsafe) static var fault = Fault.takesTooMuch

    var banks: [Int]

    init(banks: [Int]) { self.banks = banks }

    init(from decoder: any Decoder) throws {
        let banks = try decoder.container(keyedBy: CodingKeys.self).decode([Int].self, forKey: .banks)
        guard banks.allSatisfy({ $0 >= 0 }) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "no negative bank"))
        }
        self.banks = banks
    }

    init?(readingJSON json: inout JSONTextReader) {
        var banks: [Int]?
        let read = json.readObject { json, name in
            guard name == "banks", banks == nil else { return false }
            banks = json.readIntegers()
            return banks != nil
        }
        guard read, let banks else { return nil }
        switch Self.fault {
        case .takesTooMuch: self.banks = banks
        case .readsWrong where banks.allSatisfy({ $0 >= 0 }): self.banks = banks.map { $0 + 1 }
        case .readsNothing: return nil
        default: return nil
        }
    }
}
