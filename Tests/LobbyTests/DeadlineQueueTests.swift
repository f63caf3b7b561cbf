import GameKit
import Protocol
import TestSupport
import Testing

@testable import Lobby

@Suite("Lobby: the earliest deadline, kept as tables change", .offThePool)
struct DeadlineQueueTests {
    @Test("after every change the queue's earliest is the earliest of every table's latest deadline", arguments: 1...4)
    func matchesAScan(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var queue = DeadlineQueue()
        var model: [TableID: LobbyTime] = [:]
        for step in 0..<5_000 {
            let table = "t\(rng.next() % 24)"
            // NB: few distinct times, so ties, repeats and a table coming back to an old time all happen.
            let time = rng.next() % 4 == 0 ? nil : LobbyTime(milliseconds: Int64(rng.next() % 40))
            queue.set(time, for: table)
            model[table] = time
            #expect(queue.earliest == model.values.min(), "step \(step): \(table) -> \(String(describing: time))")
        }
        for table in model.keys {
            queue.set(nil, for: table)
        }
        #expect(queue.earliest == nil)
    }

    @Test(
        "the lobby's set of tables: taken out and stored back, replaced, gone; the earliest deadline after each",
        arguments: 1...3)
    func tableSet(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let options = try GameOptions.checking([:], against: DiceRace.descriptor.options).get()
        func table(_ id: TableID, due: LobbyTime?) -> Table {
            var table = Table(
                id: id, number: Int(id.dropFirst()) ?? 0, game: DiceRace.descriptor, ruleSet: "plain", graceSeconds: 30,
                onTimeout: .pause, seatCount: 2, options: options)
            table.botsDue = due
            return table
        }
        var set = TableSet()
        // NB: what the set holds (a table taken out holds its place and its last deadline), and what is out.
        var model: [TableID: LobbyTime?] = [:]
        var out: [TableID: Table] = [:]
        for step in 0..<3_000 {
            let id = "t\(rng.next() % 12)"
            let due = rng.next() % 3 == 0 ? nil : LobbyTime(milliseconds: Int64(rng.next() % 50))
            switch rng.next() % 4 {
            case 0 where out[id] == nil:
                let taken = set.removeValue(forKey: id)
                #expect(taken?.id == (model[id] != nil ? id : nil), "step \(step)")
                if let taken { out[id] = taken }
            case 1 where out[id] != nil:
                var back = out.removeValue(forKey: id)!
                back.botsDue = due
                set.store(back)
                model[id] = .some(due)
            case 2 where out[id] == nil:
                set[id] = table(id, due: due)
                model[id] = .some(due)
            case 3 where out[id] == nil:
                set[id] = nil
                model[id] = nil
            default:
                continue
            }
            for (known, deadline) in model {
                #expect(set[known]?.botsDue == (out[known] == nil ? deadline : nil), "step \(step): \(known)")
            }
            #expect(Set(set.keys) == Set(model.keys), "step \(step)")
            #expect(Set(set.values.map(\.id)) == Set(model.keys).subtracting(out.keys), "step \(step)")
            #expect(set.nextDeadline == model.values.compactMap { $0 }.min(), "step \(step)")
        }
    }

    @Test("the lobby's next deadline follows grace periods starting and ending at several tables")
    func lobbyFollowsTables() throws {
        var harness = LobbyHarness()
        var seated: [(a: ConnectionID, b: ConnectionID)] = []
        for (index, grace) in [30, 10, 20].enumerated() {
            let a = harness.connect("A\(index)")
            let b = harness.connect("B\(index)")
            harness.send(.createTable(CreateTable(game: "taxcollection", graceSeconds: grace)), from: a)
            let table = "t\(index + 1)"
            harness.send(.sit(Sit(table: table, seat: "A")), from: a)
            harness.send(.sit(Sit(table: table, seat: "B")), from: b)
            harness.send(.ready(TableRequest(table: table)), from: a)
            harness.send(.ready(TableRequest(table: table)), from: b)
            seated.append((a, b))
        }
        #expect(harness.lobby.nextDeadline == nil)

        harness.disconnect(seated[0].a)
        #expect(harness.lobby.nextDeadline == LobbyTime(milliseconds: 30_000))
        harness.advance(seconds: 5)
        harness.disconnect(seated[1].a)
        #expect(harness.lobby.nextDeadline == LobbyTime(milliseconds: 15_000))
        harness.disconnect(seated[2].b)
        #expect(harness.lobby.nextDeadline == LobbyTime(milliseconds: 15_000))

        let token = try #require(harness.tokens[seated[1].a])
        _ = harness.connect("ignored", resume: token)
        #expect(harness.lobby.nextDeadline == LobbyTime(milliseconds: 25_000), "table 2's player is back")
        harness.advance(seconds: 21)
        #expect(harness.lobby.nextDeadline == LobbyTime(milliseconds: 30_000), "table 3's grace ended")
        harness.advance(seconds: 5)
        #expect(harness.lobby.nextDeadline == nil, "every grace period ended")
    }
}
