import Foundation
import TestScheduling
import Testing

@testable import Tournament

/// The round robin's pairings are the FIDE Berger tables.
@Suite("Berger tables", .offThePool)
struct BergerTableTests {
    /// The published tables, by even size.
    static let published: [Int: [[BergerTable.Pair]]] = {
        guard let url = Bundle.module.url(forResource: "Fixtures/berger-tables", withExtension: "txt"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else { return [:] }
        var tables: [Int: [[BergerTable.Pair]]] = [:]
        var size = 0
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            if line.hasPrefix("size ") {
                size = Int(line.dropFirst(5)) ?? 0
                continue
            }
            let pairs = line.split(separator: " ").map { pair -> BergerTable.Pair in
                let numbers = pair.split(separator: "-").compactMap { Int($0) }
                return BergerTable.Pair(numbers[0], numbers[1])
            }
            tables[size, default: []].append(pairs)
        }
        return tables
    }()

    @Test("3 to 14 players: every round, board and first move as published", arguments: 3...14)
    func publishedTables(players: Int) throws {
        let table = try #require(Self.published[players + players % 2], "the fixture has the table for \(players)")
        #expect(BergerTable.rounds(players: players) == table)
    }

    @Test("the fixture holds the six published tables, each complete")
    func fixtureIsComplete() {
        #expect(Self.published.keys.sorted() == [4, 6, 8, 10, 12, 14])
        for (size, rounds) in Self.published {
            #expect(rounds.count == size - 1)
            #expect(rounds.allSatisfy { $0.count == size / 2 })
        }
    }

    @Test("3 to 16 players: everyone meets everyone once, one game a round, colours within one of even",
        arguments: 3...16)
    func roundRobinProperties(players: Int) {
        let size = players + players % 2
        let rounds = BergerTable.rounds(players: players)
        #expect(rounds.count == size - 1)
        var met: Set<[Int]> = []
        var whites = Array(repeating: 0, count: size + 1)
        for round in rounds {
            let seen = round.flatMap { [$0.white, $0.black] }
            #expect(Set(seen).count == size, "each player once in a round")
            for pair in round {
                #expect(met.insert([min(pair.white, pair.black), max(pair.white, pair.black)]).inserted)
                whites[pair.white] += 1
            }
        }
        #expect(met.count == size * (size - 1) / 2)
        for player in 1...size {
            #expect(abs(2 * whites[player] - (size - 1)) == 1, "player \(player): \(whites[player]) firsts")
        }
    }

    @Test("15 and 16 players follow the published pattern: round 1 1-16 2-15 ... 8-9, round 2 16-9 10-8 ... 1-2")
    func sixteen() {
        let rounds = BergerTable.rounds(players: 16)
        #expect(rounds[0].map(\.description) == ["1-16", "2-15", "3-14", "4-13", "5-12", "6-11", "7-10", "8-9"])
        #expect(rounds[1].map(\.description) == ["16-9", "10-8", "11-7", "12-6", "13-5", "14-4", "15-3", "1-2"])
        #expect(rounds[14].map(\.description) == ["8-16", "9-7", "10-6", "11-5", "12-4", "13-3", "14-2", "15-1"])
        #expect(BergerTable.rounds(players: 15) == rounds)
    }

    @Test("a double round robin swaps the last two rounds of the first cycle, then repeats it with colours reversed")
    func doubleRoundRobin() {
        let single = BergerTable.rounds(players: 6)
        let double = BergerTable.rounds(players: 6, cycles: 2)
        #expect(double.count == 10)
        #expect(double[3] == single[4] && double[4] == single[3])
        #expect(double[5] == single[0].map { BergerTable.Pair($0.black, $0.white) })
        // NB: with the swap nobody has the same colour three times in a row at the turn of the cycles.
        for player in 1...6 {
            let colours = double.map { round in round.first { $0.white == player } != nil }
            for index in 2..<colours.count {
                #expect(!(colours[index] == colours[index - 1] && colours[index] == colours[index - 2]),
                    "player \(player) rounds \(index - 1)-\(index + 1)")
            }
        }
    }
}
