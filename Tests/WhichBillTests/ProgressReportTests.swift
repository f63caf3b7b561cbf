import Foundation
import GameKit
import TestScheduling
import Testing
import WhichBill
import WhichBillRules

@Suite("WhichBill: the progress report", .offThePool)
struct ProgressReportTests {
    static let utc = TimeZone(identifier: "UTC")!
    /// 2026-11-20 09:00:00 UTC.
    static let dayOne: Int64 = 1_795_165_200_000
    static let day: Int64 = 86_400_000

    static func round(
        _ student: String, day: Int64, minute: Int64, cents: Int64, wrong: [Int64] = [], hint: Int? = nil,
        seconds: Int64 = 10,
        item: GroceryItem = GroceryItem(id: "apple", name: "apple", emoji: "🍎", category: .fruit)
    ) -> ProgressRound {
        let at = GameTime(milliseconds: Self.dayOne + day * Self.day + minute * 60_000)
        let cost = Money(cents: cents)
        let record = RoundRecord(
            round: Int(minute) + 1, item: item, cost: cost, bills: Bills.seedBills,
            answer: Bills.right(for: cost, among: Bills.seedBills)!, wrong: wrong.map(Money.init(dollars:)),
            hintGuess: hint, numberLine: true)
        return ProgressRound(
            student: student, table: "t1", session: Int(day) + 1, at: at, milliseconds: seconds * 1000, record: record)
    }

    static let rounds: [ProgressRound] = [
        round("Lan", day: 0, minute: 0, cents: 99, seconds: 20),
        round("Lan", day: 0, minute: 1, cents: 749, wrong: [5, 20], hint: 3, seconds: 40),
        round("Lan", day: 0, minute: 2, cents: 350, wrong: [1], seconds: 30),
        round("Lan", day: 0, minute: 3, cents: 1500, seconds: 10),
        round("lan", day: 2, minute: 0, cents: 80, seconds: 6),
        round("lan", day: 2, minute: 1, cents: 749, seconds: 8),
        round("Minh", day: 2, minute: 0, cents: 450, wrong: [1], hint: 2, seconds: 12),
    ]

    static let report = ProgressReport(rounds: Self.rounds.reversed(), timeZone: Self.utc)

    @Test("a student's chart: first tries and median times by day, by cost band, and the hints")
    func chart() throws {
        let chart = try #require(Self.report.chart(of: "LAN"))
        let expected = """
            WhichBill progress of lan: 6 rounds on 2 days (2026-11-20 to 2026-11-22)

            Right at the first try, by day
              2026-11-20     4 rounds  ██████████░░░░░░░░░░   50%
              2026-11-22     2 rounds  ████████████████████  100%

            Time to answer (median), by day
              2026-11-20  ████████████████████   20.0 s
              2026-11-22  ██████░░░░░░░░░░░░░░    6.0 s

            By cost band: right at the first try / rounds, median time
                          up to $1          $1.01-$5          $5.01-$10         $10.01-$20      
              2026-11-20  1/1 20.0 s        0/1 30.0 s        0/1 40.0 s        1/1 10.0 s      
              2026-11-22  1/1 6.0 s         -                 1/1 8.0 s         -               
              all days    2/2 6.0 s         0/1 30.0 s        1/2 8.0 s         1/1 10.0 s      

            Number line hint used in 1 of 6 rounds with the number line.
            """
        #expect(
            chart.split(separator: "\n").map {
                $0.replacingOccurrences(of: " +$", with: "", options: .regularExpression)
            }
                == expected.split(separator: "\n").map {
                    $0.replacingOccurrences(of: " +$", with: "", options: .regularExpression)
                })
        #expect(Self.report.chart(of: "Hoa") == nil)
    }

    @Test("the class: one row a student, the same name in any case being one student")
    func classTable() {
        let table = Self.report.classTable.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(table[0] == "WhichBill progress of the class: 2 students, 7 rounds")
        #expect(table[2].hasPrefix("  student  days  rounds  first try  median time  hints  last played"))
        #expect(table[3] == "  lan         2       6        67%       10.0 s      1  2026-11-22")
        #expect(table[4] == "  Minh        1       1         0%       12.0 s      1  2026-11-22")
        #expect(Self.report.students == ["lan", "Minh"])
    }

    @Test("CSV: a header and one line a round, oldest first; names with commas or quotes are quoted")
    func csv() {
        let lines = Self.report.csv().split(separator: "\n").map(String.init)
        #expect(lines.count == 8)
        #expect(lines[0] == ProgressReport.csvHeader.joined(separator: ","))
        #expect(
            lines[2]
                == "2026-11-20,09:01:00,Lan,t1,1,2,apple,fruit,7.49,1.00 5.00 10.00 20.00,10.00,5.00 20.00,no,3,on,40.0"
        )
        #expect(Self.report.csv(of: "minh").split(separator: "\n").count == 2)
        let odd = ProgressReport(
            rounds: [Self.round("Lê, \"Bé\"", day: 0, minute: 0, cents: 5)], timeZone: Self.utc)
        #expect(odd.csv().split(separator: "\n")[1].contains(#","Lê, ""Bé""",t1,"#))
    }

    @Test(
        "cost bands",
        arguments: [
            (1, "up to $1"), (100, "up to $1"), (101, "$1.01-$5"), (500, "$1.01-$5"), (501, "$5.01-$10"),
            (2000, "$10.01-$20"), (2001, "$20.01-$50"), (5001, "over $50"),
        ] as [(Int64, String)])
    func bands(cents: Int64, label: String) {
        #expect(CostBand(Money(cents: cents)).label == label)
    }
}
