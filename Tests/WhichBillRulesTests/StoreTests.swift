import GameKit
import PropertyBased
import TestScheduling
import Testing
import WhichBillRules

@Suite("WhichBill: the store and the draw", .offThePool)
struct StoreTests {
    @Test("at least 40 items in at least 10 aisles, each id once, each picture one emoji, sensible ranges")
    func catalogue() {
        let shelf = Groceries.shelf
        #expect(shelf.count >= 40)
        #expect(Set(shelf.map(\.item.category)).count >= 10)
        #expect(Set(shelf.map(\.item.id)).count == shelf.count)
        for item in shelf {
            #expect(item.item.emoji.unicodeScalars.count == 1, "\(item.item.id)'s picture")
            #expect(item.item.emoji.unicodeScalars.first!.properties.isEmojiPresentation, "\(item.item.id)'s picture")
            #expect(item.prices.lowerBound.cents >= 1 && item.prices.upperBound.cents <= 10_000, "\(item.item.id)")
            #expect(Groceries.item(item.item.id) == item)
        }
    }

    @Test("every cent a teacher may allow is a cost of at least two items, so Play Again always has a new one")
    func coverage() {
        var counts = [Int](repeating: 0, count: 10_001)
        for item in Groceries.shelf {
            for cents in item.prices.lowerBound.cents...item.prices.upperBound.cents { counts[Int(cents)] += 1 }
        }
        let thin = (1...10_000).filter { counts[$0] < 2 }
        #expect(thin.isEmpty, "costs with fewer than two items: \(thin.prefix(10))")
    }

    @Test("a draw never repeats the last item, and its cost lies in the item's range and the session's")
    func draws() async {
        await propertyCheck(
            count: 200, input: Gen.int(in: 1...10_000), Gen.int(in: 1...10_000), Gen.int(in: 0...Int.max)
        ) {
            a, b, seed in
            let costs = Money(cents: Int64(min(a, b)))...Money(cents: Int64(max(a, b)))
            var random = HostRandom(secret: Array(repeating: UInt8(seed % 251), count: 16) + [UInt8(seed % 7)], step: 1)
            var last: String?
            for _ in 0..<30 {
                let drawn = ItemDraw.draw(after: last, costs: costs, random: &random)
                #expect(drawn.item.id != last)
                #expect(costs.contains(drawn.cost))
                #expect(Groceries.item(drawn.item.id)!.prices.contains(drawn.cost))
                last = drawn.item.id
            }
        }
    }

    @Test("a narrow range still offers two items, alternating between them")
    func narrow() {
        var random = HostRandom(secret: TestSession.secret, step: 1)
        let costs = Money(cents: 1)...Money(cents: 1)
        var seen: Set<String> = []
        var last: String?
        for _ in 0..<20 {
            let drawn = ItemDraw.draw(after: last, costs: costs, random: &random)
            #expect(drawn.cost == Money(cents: 1) && drawn.item.id != last)
            seen.insert(drawn.item.id)
            last = drawn.item.id
        }
        #expect(seen.count >= 2)
    }

    @Test("every item of the session's range is drawn; Play Again over a whole session never repeats an item")
    func session() {
        var session = TestSession(["items": .integer(100)])
        var seen: Set<String> = [session.state.item.id]
        for _ in 1..<100 {
            let last = session.state.item.id
            _ = session.play(.choose(session.right, hint: false, verdict: nil))
            _ = session.play(.next(nil))
            #expect(session.state.item.id != last)
            #expect(session.state.options.costs.contains(session.state.cost))
            seen.insert(session.state.item.id)
        }
        #expect(seen.count >= 30, "only \(seen.count) items in 100 rounds")
    }
}
