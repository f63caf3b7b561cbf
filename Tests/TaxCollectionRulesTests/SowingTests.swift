import TaxCollectionRules
import TestScheduling
import Testing

@Suite("Sowing, relays and captures", .offThePool)
struct SowingTests {
    @Test func openingDownRelaysThroughTheBottomAndCapturesA2() throws {
        var state = GameState()
        let events = try state.apply(.sow(bank: 1, direction: .down))
        #expect(state.banks == BySeat(a: [0, 0, 6, 6, 6], b: [6, 6, 6, 6, 0]))
        #expect(state.top == 11 && state.bottom == 11)
        #expect(state.collections == BySeat(a: 6, b: 0))
        #expect(state.turn == .b && state.phase == .sow && state.turns == 1)
        #expect(events.first == .pickedUp(square: .bank(.a, 1), count: 5))
        #expect(events.contains(.relayed(square: .bank(.b, 5), count: 5)))
        #expect(
            events.suffix(3) == [
                .captured(seat: .a, square: .bank(.a, 2), count: 6, chain: 1),
                .stopped(square: .bank(.a, 2), reason: .captured),
                .turnPassed(seat: .b),
            ])
    }

    @Test func openingUpGoesThroughTheTopTreasuryAndCapturesIt() throws {
        var state = GameState()
        let events = try state.apply(.sow(bank: 1, direction: .up))
        let drops = events.compactMap { event -> Square? in
            if case .dropped(let square) = event { return square } else { return nil }
        }
        #expect(
            drops == [
                .top, .bank(.b, 1), .bank(.b, 2), .bank(.b, 3), .bank(.b, 4),
                .bottom, .bank(.a, 5), .bank(.a, 4), .bank(.a, 3), .bank(.a, 2),
            ])
        #expect(state.collections.a == 11)
        #expect(state.top == 0 && state.bottom == 11)
        #expect(state.banks == BySeat(a: [0, 6, 6, 6, 6], b: [6, 6, 6, 6, 0]))
    }

    @Test func downOnTheRightColumnGoesTowardTheBottom() throws {
        var state = try position(
            top: 10, bottom: 10, a: [5, 5, 5, 5, 5], b: [1, 0, 5, 5, 5], collections: (4, 5), turn: .b)
        try state.play(.sow(bank: 1, direction: .down))
        // B1's dollar goes down to B2; B3 is relayed down through B4, B5, the bottom, A5 and A4; A3 is relayed
        // on around through A2, A1, the top, B1 and B2; B3 is then the empty gap and B4 is captured.
        #expect(state.banks == BySeat(a: [6, 6, 0, 6, 6], b: [1, 2, 0, 0, 6]))
        #expect(state.top == 11 && state.bottom == 11)
        #expect(state.collections == BySeat(a: 4, b: 11))
    }

    @Test func handEndingBeforeATreasuryStopsTheTurn() throws {
        var state = try position(
            top: 10, bottom: 10, a: [5, 5, 5, 1, 5], b: [5, 5, 5, 5, 5], collections: (4, 0))
        let events = try state.apply(.sow(bank: 4, direction: .down))
        #expect(
            events == [
                .pickedUp(square: .bank(.a, 4), count: 1), .dropped(square: .bank(.a, 5)),
                .stopped(square: .bottom, reason: .treasury), .turnPassed(seat: .b),
            ])
        #expect(state.collections.a == 4)
    }

    @Test func emptyBankThenEmptySquareCapturesNothing() throws {
        var state = try position(
            top: 10, bottom: 10, a: [1, 0, 0, 0, 0], b: [5, 5, 5, 5, 5], collections: (10, 14))
        let events = try state.apply(.sow(bank: 1, direction: .down))
        #expect(events.contains(.stopped(square: .bank(.a, 4), reason: .empty)))
        #expect(state.collections == BySeat(a: 10, b: 14))
    }

    @Test func aTreasuryIsNeverTheGap() throws {
        // A5 is captured; the next square is the empty bottom treasury, and B5 behind it holds dollars,
        // but an empty treasury does not serve as a gap, so the chain ends.
        var state = try position(
            top: 10, bottom: 0, a: [0, 1, 0, 0, 3], b: [5, 5, 5, 5, 5], collections: (20, 11))
        let events = try state.apply(.sow(bank: 2, direction: .down))
        #expect(
            events.filter { if case .captured = $0 { true } else { false } } == [
                .captured(seat: .a, square: .bank(.a, 5), count: 3, chain: 1)
            ])
        #expect(state.banks.b == [5, 5, 5, 5, 5])
        #expect(state.collections.a == 23)
    }

    @Test func aLongLapDropsIntoTheStartingBank() throws {
        var state = try position(
            top: 2, bottom: 2, a: [13, 0, 0, 0, 0], b: [0, 0, 0, 0, 0], collections: (30, 23))
        let events = try state.apply(.sow(bank: 1, direction: .down))
        let drops = events.compactMap { event -> Square? in
            if case .dropped(let square) = event { return square } else { return nil }
        }
        // 11 drops to the top treasury, the 12th back into A1 itself, the 13th into A2; A3 then holds a
        // dollar from this lap, so the hand relays it.
        #expect(drops.prefix(13).last == .bank(.a, 2))
        #expect(drops[11] == .bank(.a, 1))
        #expect(events[14] == .relayed(square: .bank(.a, 3), count: 1))
    }

    /// B3 holds one dollar; sown up it lands in B2, B1 is the empty gap and the top treasury comes next.
    @Test(arguments: [(4, false), (5, true)])
    func youngTreasuryMinimum(top: Int, capturable: Bool) throws {
        var young = try position(
            .youngTreasury, top: top, bottom: 10, a: [0, 5, 5, 5, 5], b: [0, 0, 1, 5, 5],
            collections: (16 - top, 13), turn: .b)
        let events = try young.apply(.sow(bank: 3, direction: .up))
        if capturable {
            #expect(events.contains(.captured(seat: .b, square: .top, count: top, chain: 1)))
            #expect(young.top == 0)
        } else {
            #expect(events.contains(.stopped(square: .top, reason: .youngTreasury)))
            #expect(young.top == top && young.collections.b == 13)
        }
    }

    @Test func anEmptyTreasuryAfterTheGapIsEmptyNotYoung() throws {
        var state = try position(
            .youngTreasury, top: 0, bottom: 10, a: [0, 5, 5, 5, 5], b: [0, 0, 1, 5, 5], collections: (15, 14),
            turn: .b)
        let events = try state.apply(.sow(bank: 3, direction: .up))
        #expect(events.contains(.stopped(square: .top, reason: .empty)))
    }

    @Test func classicCapturesAnyTreasuryAndChainsOnAroundTheRing() throws {
        var state = try position(
            top: 4, bottom: 10, a: [0, 5, 5, 5, 5], b: [0, 0, 1, 5, 5], collections: (12, 13), turn: .b)
        let events = try state.apply(.sow(bank: 3, direction: .up))
        #expect(events.contains(.captured(seat: .b, square: .top, count: 4, chain: 1)))
        #expect(events.contains(.captured(seat: .b, square: .bank(.a, 2), count: 5, chain: 2)))
        #expect(state.collections.b == 22)
    }
}
