import GameKit
import TestScheduling
import Testing
import TipCalculator

@Suite("Tip calculator: what you may type", .offThePool)
struct TipInputTests {
    @Test(
        "amounts accepted, to the cent",
        arguments: [
            ("42.50", 4250), ("42.5", 4250), ("42", 4200), ("42.", 4200), (".5", 50), ("$42.50", 4250),
            ("  $ 42.50  ", 4250), ("\t42\t", 4200), ("1,234.50", 123_450), ("$12,345,678", 1_234_567_800),
            ("0", 0), ("0.00", 0), ("007.10", 710),
            // Half up on the cent: the third decimal decides.
            ("0.005", 1), ("0.00499999", 0), ("0.0049", 0), ("0.015", 2), ("2.675", 268), ("2.665", 267),
            ("9.995", 1000), ("0.994999", 99),
            // At the edges of size: a trillion dollars, and the largest amount, a quadrillion.
            ("1000000000000", 100_000_000_000_000), ("1,000,000,000,000.00", 100_000_000_000_000),
            ("1000000000000000", 100_000_000_000_000_000), ("999999999999999.995", 100_000_000_000_000_000),
        ] as [(String, Int64)])
    func amounts(text: String, cents: Int64) {
        #expect(TipInput.amount(text) == .success(Money(cents: cents)))
    }

    @Test(
        "amounts refused, with the reason",
        arguments: [
            ("", TipInputError.empty), ("   ", .empty), ("$", .notANumber), ("abc", .notANumber), ("12a", .notANumber),
            ("1e12", .notANumber), ("+5", .notANumber), ("5$", .notANumber), ("$$5", .notANumber),
            ("1 234", .notANumber),
            ("12.3.4", .twoDecimalPoints), ("1..2", .twoDecimalPoints), ("-5", .negative), ("-$5", .negative),
            ("$-5", .negative), ("$ -5", .negative), ("1,23", .misplacedComma), ("1234,567", .misplacedComma),
            (",123", .misplacedComma), ("1,,234", .misplacedComma), ("1,234.5,6", .misplacedComma),
            ("1,0000", .misplacedComma), ("1000000000000000.01", .tooLarge), ("1000000000000000.005", .tooLarge),
            ("99999999999999999999999", .tooLarge), (".", .notANumber), ("5-3", .notANumber), ("18%", .notANumber),
        ] as [(String, TipInputError)])
    func refusedAmounts(text: String, error: TipInputError) {
        #expect(TipInput.amount(text) == .failure(error))
    }

    @Test(
        "percentages accepted, exactly",
        arguments: [
            ("18", 180_000), ("18%", 180_000), (" 18 % ", 180_000), ("18.5", 185_000), ("0", 0), ("0.0001", 1),
            ("12.3456", 123_456), ("1000", 10_000_000), ("1000.0000%", 10_000_000), (".5", 5_000), ("15.", 150_000),
        ] as [(String, Int64)])
    func percentages(text: String, tenThousandths: Int64) {
        #expect(TipInput.percentage(text) == .success(Percentage(tenThousandths: tenThousandths)))
    }

    @Test(
        "percentages refused, with the reason",
        arguments: [
            ("", TipInputError.empty), ("%", .empty), ("eighteen", .notANumber), ("1,000", .notANumber),
            ("$18", .notANumber), ("18.5.1", .twoDecimalPoints), ("-18", .negative), ("12.34567", .tooManyDecimals),
            ("1000.0001", .tooLarge), ("99999999999999999999", .tooLarge), ("18%%", .notANumber),
        ] as [(String, TipInputError)])
    func refusedPercentages(text: String, error: TipInputError) {
        #expect(TipInput.percentage(text) == .failure(error))
    }

    @Test("each error has a message for the field it replaces")
    func messages() {
        #expect(TipInputError.notANumber.message(for: .check) == "Numbers only, like 42.50")
        #expect(TipInputError.notANumber.message(for: .percentage) == "Numbers only, like 18 or 18.5")
        #expect(TipInputError.tooLarge.message(for: .check) == "At most $1000000000000000.00")
        #expect(TipInputError.tooLarge.message(for: .percentage) == "At most 1000%")
        #expect(TipInputError.empty.message(for: .percentage) == "Enter a tip percentage")
    }

    @Test("a percentage's forms: two decimals at least for the field, the shortest for labels")
    func percentageText() {
        #expect(Percentage(percent: 18).description == "18.00")
        #expect(Percentage(tenThousandths: 181_250).description == "18.125")
        #expect(Percentage(tenThousandths: 185_000).short == "18.5")
        #expect(Percentage(percent: 18).short == "18")
        #expect(Percentage(tenThousandths: 1).description == "0.0001")
    }
}
