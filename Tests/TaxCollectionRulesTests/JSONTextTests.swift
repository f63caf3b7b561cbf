import Foundation
import GameKit
import Testing

@testable import TaxCollectionRules

/// The events and states the host writes after every move, written by the game itself
/// (`JSONTextWritable`), byte for byte as `JSONEncoder` with sorted keys writes their `Encodable` forms
/// (which the wire's writer matches).
@Suite("Tax Collection: events and states written without an Encoder")
struct JSONTextTests {
    static func sorted(_ value: some Encodable) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(value))
    }

    @Test("every rule set, random games to the end: each move's events and each state, as the encoder writes them")
    func randomGames() throws {
        var rng = SplitMix64(seed: 14)
        var checked = (events: 0, states: 0, kinds: Set<String>())
        for rules in RuleSet.all {
            for _ in 0..<40 {
                var state = GameState(rules: rules)
                while !state.isOver {
                    let events = try state.apply(RandomBot().chooseMove(in: state, using: &rng))
                    #expect(events.jsonText == (try Self.sorted(events)), "\(events)")
                    #expect(state.jsonText == (try Self.sorted(state)), "\(state)")
                    checked.events += events.count
                    checked.states += 1
                    checked.kinds.formUnion(events.map(\.type))
                }
            }
        }
        // NB: the games reached every kind of event.
        #expect(checked.kinds.count == 10, "\(checked.kinds.sorted())")
        #expect(checked.states > 1000)
    }

    @Test("each move's kept text is what the encoder writes, and what the host writes into its messages")
    func moveTexts() throws {
        for move in Move.all {
            let text = try #require(TaxCollectionGame.moveText(move), "\(move)")
            #expect(text == (try Self.sorted(move)), "\(move)")
        }
        #expect(Set(Move.all.compactMap(TaxCollectionGame.moveText)).count == Move.all.count)
        // NB: a bank no move has is left to the members, which write it as the encoder does.
        #expect(TaxCollectionGame.moveText(.sow(bank: 6, direction: .up)) == nil)
    }

    @Test("each kept text is found as its move; the same move written another way, or with any byte off, is not")
    func keptMoves() throws {
        func kept(_ text: [UInt8]) -> Move? { text.withUnsafeBytes(TaxCollectionGame.keptMove) }
        for move in Move.all {
            let text = try #require(TaxCollectionGame.moveText(move))
            #expect(kept(text) == move)
            // NB: the same move with a space, its keys in the other order: left to the members.
            #expect(kept(Array(text.dropLast()) + Array(" }".utf8)) == nil)
            #expect(kept(Array(text.dropLast())) == nil)
            // NB: one bit off at each place, in each of its words of eight bytes and in its last bytes: the
            // move whose text that is (another bank, another direction), or none.
            for place in text.indices {
                var changed = text
                changed[place] ^= 1
                let written = Move.all.first { TaxCollectionGame.moveText($0) == changed }
                #expect(kept(changed) == written, "\(String(decoding: changed, as: UTF8.self))")
            }
        }
        #expect(kept(Array(#"{"direction":"up","bank":3}"#.utf8)) == nil)
        #expect(kept(Array(#"{"bank":6,"direction":"up"}"#.utf8)) == nil)
        #expect(kept([]) == nil)
    }

    @Test("the names written as the code spells them are the wire's names, and a square off the board is spelled out")
    func spelledNames() throws {
        func text(_ name: StaticString?) -> String? { name.map { $0.description } }
        for seat in Seat.allCases { #expect(text(seat.wireName) == seat.rawValue) }
        for phase in Phase.allCases { #expect(text(phase.wireName) == phase.rawValue) }
        for reason in StopReason.allCases {
            #expect(text(reason.wireName) == reason.rawValue)
            let event = GameEvent.stopped(square: .top, reason: reason)
            #expect(event.jsonText == (try Self.sorted(event)))
        }
        for seat in Seat.allCases {
            for number in 0...7 {
                let square = Square.bank(seat, number)
                #expect(text(square.wireName) == ((1...5).contains(number) ? square.description : nil))
                let event = GameEvent.dropped(square: square)
                #expect(event.jsonText == (try Self.sorted(event)), "\(square)")
            }
        }
        // NB: the events written once, copied whole after: each at its place, as the encoder writes it.
        for (index, reason) in StopReason.allCases.enumerated() { #expect(reason.index == index) }
        let once = GameEvent.writtenOnceEvents
        #expect(once.count == Square.ringSize * (1 + StopReason.count) + Seat.allCases.count)
        #expect(GameEvent.writtenOnce.count == once.count)
        for (index, event) in once.enumerated() {
            #expect(event.writtenOnceIndex == index, "\(event)")
            #expect(GameEvent.writtenOnce[index] == (try Self.sorted(event)), "\(event)")
        }
        #expect(GameEvent.pickedUp(square: .bank(.a, 1), count: 5).writtenOnceIndex == nil)
        #expect(GameEvent.stopped(square: .bank(.a, 7), reason: .empty).writtenOnceIndex == nil)
        #expect(text(Square.top.wireName) == "top")
        #expect(text(Square.bottom.wireName) == "bottom")
        for square in [Square.top, .bottom] {
            let event = GameEvent.dropped(square: square)
            #expect(event.jsonText == (try Self.sorted(event)), "\(square)")
            #expect([event, event].jsonText == (try Self.sorted([event, event])), "\(square)")
        }
    }
}
