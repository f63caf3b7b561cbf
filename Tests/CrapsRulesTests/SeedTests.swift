import CrapsRules
import GameKit
import TestScheduling
import Testing

@Suite("Seeds the players contribute", .offThePool)
struct SeedTests {
    @Test("a seed counts from the current period until its first roll, then from the next")
    func seedPeriods() {
        var table = TestTable(seats: 2)
        #expect(table.must(.seed("hello"), by: "P2") == [.seedSet(seat: "P2", seed: "hello", period: 1)])
        table.roll([4])
        #expect(table.state.period.seeds == [table.player("P1").seed, "hello"])
        #expect(table.must(.seed("later"), by: "P1") == [.seedSet(seat: "P1", seed: "later", period: 2)])
        #expect(table.state.period.seeds?[0] != "later", "the period's seeds stay fixed")
    }

    @Test("each seat's seed changes the dice; the same seeds give the same dice")
    func seedsChangeTheDice() {
        let secret = String(repeating: "ab", count: 32)
        let runs = [["", ""], ["a", ""], ["", "a"], ["a", "b"], ["ab", ""]].map { seeds in
            (1...8).map { DiceDerivation.dice(secret: secret, seeds: seeds, roll: $0)! }
        }
        #expect(Set(runs).count == runs.count, "the seat order and the seed bytes both matter")
        #expect(runs[0] == (1...8).map { DiceDerivation.dice(secret: secret, seeds: ["", ""], roll: $0)! })
    }

    @Test(
        "a seed longer than 64 bytes or not printable ASCII is refused",
        arguments: [
            (String(repeating: "x", count: 65), "seed-too-long"),
            ("tab\there", "seed-not-printable"),
            ("é", "seed-not-printable"),
            ("line\n", "seed-not-printable"),
        ])
    func refused(seed: String, code: String) {
        var table = TestTable()
        #expect(table.refused(.seed(seed), by: "P1")?.code == code)
    }

    @Test("the longest seed and every printable character are accepted")
    func accepted() {
        var table = TestTable()
        table.must(.seed(String(repeating: "~", count: 64)), by: "P1")
        table.must(
            .seed(String((32...126).map { Character(Unicode.Scalar(UInt8($0))) }).prefix(64).description), by: "P1")
        table.must(.seed(""), by: "P1")
        #expect(table.player("P1").seed == "")
    }
}
