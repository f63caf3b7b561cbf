import Foundation
import GameKit
import Protocol
import TaxCollectionRules
import TestScheduling
import Testing

/// A game's state and events written by the game itself when they write themselves (the host writes
/// both after every move), chosen when the game conforms, with the bytes `Encodable` gives.
@Suite("A state and events written by the game", .offThePool)
struct WrittenStateTests {
    @Test("Tax Collection's states, events and moves, a whole match by its bots: written by the game, as JSONEncoder")
    func taxCollection() throws {
        let setup = MatchSetup(
            ruleSet: TaxCollectionGame.descriptor.ruleSets[0], seats: TaxCollectionGame.descriptor.seats,
            firstSeat: TaxCollectionGame.descriptor.seats[0],
            options: GameOptions(defaultsOf: []), startedAt: GameTime(milliseconds: 0))
        var random = HostRandom(secret: Array("a secret for written states".utf8), step: 0)
        var state = try #require(TaxCollectionGame.start(setup, random: &random))
        var moves = 0
        while TaxCollectionGame.result(of: state) == nil, moves < 400 {
            // NB: chosen when the game conforms: a state that writes itself is never left to Encodable.
            let written = try #require(TaxCollectionGame.stateText(state))
            #expect(written == Self.sorted(state), "move \(moves)")
            #expect(EncodedJSON.state(state, of: TaxCollectionGame.self).bytes == written)
            let seat = try #require(TaxCollectionGame.toAct(in: state).first)
            let move = try #require(
                TaxCollectionGame.botMove(
                    bot: moves % 3 == 0 ? "greedy" : "random", seat: seat, in: state, seed: UInt64(moves)))
            // NB: a move's kept text, shared, not written again: the same storage, not only the same bytes.
            let moveText = try #require(TaxCollectionGame.moveText(move))
            #expect(moveText == Self.sorted(move), "move \(moves)")
            let moveBytes = EncodedJSON.move(move, of: TaxCollectionGame.self).bytes
            let storage = moveBytes.withUnsafeBufferPointer { $0.baseAddress }
            #expect(storage == moveText.withUnsafeBufferPointer { $0.baseAddress })
            let events = try TaxCollectionGame.apply(move, by: .seat(seat), to: &state).get()
            let eventsText = try #require(TaxCollectionGame.eventsText(events))
            #expect(eventsText == Self.sorted(events), "move \(moves)")
            #expect(EncodedJSON.events(events, of: TaxCollectionGame.self).bytes == eventsText)
            moves += 1
        }
        #expect(moves >= 5)
        #expect(TaxCollectionGame.result(of: state) != nil)
    }

    @Test("a game whose state and events do not write themselves: Encodable, the same bytes as before")
    func throughEncodable() throws {
        var (state, random) = try DiceRace.twoSeatStart()
        #expect(DiceRace.stateText(state) == nil)
        #expect(EncodedJSON.state(state, of: DiceRace.self) == EncodedJSON(encoding: state))
        #expect(EncodedJSON.state(state, of: DiceRace.self).bytes == Self.sorted(state))
        let roll = DiceRace.prepare(DiceRace.Move(roll: true), by: .seat("P1"), in: state, random: &random)
        #expect(DiceRace.moveText(roll) == nil)
        #expect(EncodedJSON.move(roll, of: DiceRace.self).bytes == Self.sorted(roll))
        let events = try DiceRace.apply(roll, by: .seat("P1"), to: &state).get()
        #expect(!events.isEmpty)
        #expect(DiceRace.eventsText(events) == nil)
        #expect(EncodedJSON.events(events, of: DiceRace.self).bytes == Self.sorted(events))
    }

    /// Foundation's compact JSON, keys sorted, slashes as they are: what the wire writes.
    static func sorted(_ value: some Encodable) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try! encoder.encode(value))
    }
}
