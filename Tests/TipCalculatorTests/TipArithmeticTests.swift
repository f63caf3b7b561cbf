import Foundation
import GameKit
import PropertyBased
import TestScheduling
import Testing
import TipCalculator

@Suite("Tip calculator: arithmetic in exact cents", .offThePool)
struct TipArithmeticTests {
    @Test(
        "tips at the edges of rounding and size",
        arguments: [
            // check cents, percent × 10 000, tip cents
            (4250, 180_000, 765), (5, 100_000, 1), (4, 125_000, 1), (3, 166_667, 1), (1, 499_999, 0), (1, 500_000, 1),
            (0, 200_000, 0), (10_000, 0, 0), (100_000_000_000_000, 180_000, 18_000_000_000_000),
            (100_000_000_000_000_000, 10_000_000, 1_000_000_000_000_000_000), (99_999, 150_000, 15_000),
            (1, 10_000_000, 10),
        ] as [(Int64, Int64, Int64)])
    func edges(check: Int64, tenThousandths: Int64, tip: Int64) {
        let result = Tip(check: Money(cents: check), percentage: Percentage(tenThousandths: tenThousandths))
        #expect(result.tip == Money(cents: tip))
        #expect(result.total == Money(cents: check + tip))
    }

    @Test("for any check and percentage, the tip is the exact product rounded half up (an integer reference)")
    func integerReference() async {
        await propertyCheck(count: 2000, input: Gen.int(in: 0...Int(Int32.max)), Gen.int(in: 0...10_000_000)) {
            check, rate in
            let product = check * rate
            let expected = product / 1_000_000 + (product % 1_000_000 * 2 >= 1_000_000 ? 1 : 0)
            let tip = Tip(check: Money(cents: Int64(check)), percentage: Percentage(tenThousandths: Int64(rate)))
            #expect(tip.tip.cents == Int64(expected))
        }
    }

    @Test("an exact half cent always rounds up: 50% of an odd check, 10% of a check ending in 5, 12.5% of 4 mod 8")
    func tiesRoundUp() async {
        // NB: random checks and percentages almost never land on a tie; these always do, at any size.
        await propertyCheck(count: 500, input: Gen.int(in: 0...499_999_999_999_999)) { half in
            let odd = Money(cents: Int64(half) * 2 + 1)
            #expect(Tip(check: odd, percentage: Percentage(percent: 50)).tip.cents == Int64(half) + 1)
            let five = Money(cents: Int64(half / 10) * 10 + 5)
            #expect(Tip(check: five, percentage: Percentage(percent: 10)).tip.cents == Int64(half / 10) + 1)
            let eighth = Money(cents: Int64(half / 8) * 8 + 4)
            #expect(
                Tip(check: eighth, percentage: Percentage(tenThousandths: 125_000)).tip.cents == Int64(half / 8) + 1)
        }
    }

    @Test("a split adds up to the total; the first people pay the odd cents")
    func split() {
        let tip = Tip(check: Money(cents: 4250), percentage: Percentage(percent: 18))
        #expect(tip.shares(4) == [1254, 1254, 1254, 1253].map(Money.init(cents:)))
        #expect(tip.shares(1) == [tip.total])
        #expect(
            TipReport.text(tip, split: 4)
                == "Check amount  $42.50\nTip (18%)      $7.65\nTotal         $50.15\n"
                + "Split 4 ways: persons 1-3 pay $12.54 (one cent more each), person 4 pays $12.53")
        let odd = Tip(check: Money(cents: 1001), percentage: Percentage(percent: 20))
        #expect(odd.total == Money(cents: 1201))
        #expect(
            TipReport.text(odd, split: 3).hasSuffix(
                "Split 3 ways: person 1 pays $4.01 (one cent more), persons 2-3 pay $4.00"))
        let even = Tip(check: Money(cents: 1000), percentage: Percentage(percent: 20))
        #expect(TipReport.text(even, split: 2).hasSuffix("Split 2 ways: each of 2 pays $6.00"))
        #expect(
            TipReport.json(tip, split: 2)
                == #"{"check":"$42.50","percent":"18","tip":"$7.65","total":"$50.15","checkCents":4250,"tipCents":765,"#
                + #""totalCents":5015,"shares":[{"person":1,"cents":2508},{"person":2,"cents":2507}]}"#)
    }

    /// A typed amount and percentage, and the plain decimal forms Python reads.
    struct Typed: Sendable {
        var amount: String
        var percent: String
        var plainAmount: String
        var plainPercent: String
    }

    /// Random amounts as people type them: "$", spaces, commas between groups, any number of decimals.
    static func typed(_ random: inout SplitMix64) -> Typed {
        let magnitude = Int(random.nextUnbiased(below: 16))
        var whole = magnitude == 0 ? "0" : String(1 + random.nextUnbiased(below: 9))
        for _ in 0..<magnitude { whole += String(random.nextUnbiased(below: 10)) }
        if whole.count > 15 { whole = String(whole.prefix(15)) }
        let decimals = Int(random.nextUnbiased(below: 7))
        let fraction = String((0..<decimals).map { _ in Character(String(random.nextUnbiased(below: 10))) })
        let plain = whole + (decimals > 0 ? "." + fraction : "")
        var shown = whole
        if random.next() % 2 == 0, whole.count > 3 {
            var grouped: [String] = []
            var rest = Substring(whole)
            while rest.count > 3 {
                grouped.insert(String(rest.suffix(3)), at: 0)
                rest = rest.dropLast(3)
            }
            grouped.insert(String(rest), at: 0)
            shown = grouped.joined(separator: ",")
        }
        if decimals > 0 { shown += "." + fraction }
        if random.next() % 2 == 0 { shown = "$" + (random.next() % 3 == 0 ? " " : "") + shown }
        if random.next() % 4 == 0 { shown = "  " + shown + " " }
        let percentWhole = String(random.nextUnbiased(below: 1001))
        let percentDecimals = percentWhole == "1000" ? 0 : Int(random.nextUnbiased(below: 5))
        let percentFraction = String(
            (0..<percentDecimals).map { _ in Character(String(random.nextUnbiased(below: 10))) })
        let plainPercent = percentWhole + (percentDecimals > 0 ? "." + percentFraction : "")
        let percent = plainPercent + (random.next() % 2 == 0 ? "%" : "")
        return Typed(amount: shown, percent: percent, plainAmount: plain, plainPercent: plainPercent)
    }

    @Test("typed amounts and percentages against Python's decimal module (ROUND_HALF_UP), 3000 at random")
    func againstPythonDecimal() throws {
        var random = SplitMix64(seed: 20_261_122)
        let cases = (0..<3000).map { _ in Self.typed(&random) }
        let input = cases.map { #"["\#($0.plainAmount)","\#($0.plainPercent)"]"# }.joined(separator: "\n")
        let output = try Self.python(PythonReference.script, input: input)
        let lines = output.split(separator: "\n")
        try #require(lines.count == cases.count, "python printed \(lines.count) lines")
        for (typed, line) in zip(cases, lines) {
            let expected = line.split(separator: " ").map { Int64($0)! }
            guard case .success(let check) = TipInput.amount(typed.amount),
                case .success(let percent) = TipInput.percentage(typed.percent)
            else {
                Issue.record("refused: \(typed.amount) / \(typed.percent)")
                continue
            }
            let tip = Tip(check: check, percentage: percent)
            #expect(
                [check.cents, tip.tip.cents, tip.total.cents] == expected,
                "\(typed.amount) at \(typed.percent): python \(expected)")
        }
    }

    static func python(_ script: String, input: String) throws -> String {
        // NB: the input comes from a file, not a pipe: written into a pipe while Python's answers fill the
        // other one, both sides would wait for each other once the answers outgrow the pipe's buffer.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tcnet-tip-\(UUID()).txt")
        try Data(input.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script]
        let stdout = Pipe()
        process.standardInput = try FileHandle(forReadingFrom: file)
        process.standardOutput = stdout
        try process.run()
        let data = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw PythonFailed(status: process.terminationStatus) }
        return String(decoding: data, as: UTF8.self)
    }

    struct PythonFailed: Error {
        var status: Int32
    }
}

/// The reference: Python's decimal module, with exact decimals and ROUND_HALF_UP, as docs/TIP.md states
/// the rules (the amount rounded to the cent first, then the tip on that amount).
enum PythonReference {
    static let script = """
        import sys, json
        from decimal import Decimal, ROUND_HALF_UP, getcontext
        getcontext().prec = 80
        for line in sys.stdin:
            amount, percent = json.loads(line)
            cents = (Decimal(amount) * 100).quantize(Decimal(1), rounding=ROUND_HALF_UP)
            tip = (cents * Decimal(percent) / 100).quantize(Decimal(1), rounding=ROUND_HALF_UP)
            print(int(cents), int(tip), int(cents + tip))
        """
}
