import GameKit

/// Reads what a person types into the tip calculator's fields, exactly: no binary floating point, every
/// rule in docs/TIP.md ("What you may type").
public enum TipInput {
    /// The largest check amount: a quadrillion dollars.
    public static let maximumAmount = Money(cents: 100_000_000_000_000_000)

    /// Reads a check amount: spaces around it (and after a leading "$") are ignored; digits with at most
    /// one decimal point; commas only between groups of three digits of the whole part ("1,234.50");
    /// any number of decimals, rounded half up to the cent ("0.005" is $0.01).
    /// - Parameter text: the field's text.
    /// - Returns: the amount in cents, or why it is refused.
    public static func amount(_ text: String) -> Result<Money, TipInputError> {
        var body = Self.trimmed(text)
        guard !body.isEmpty else { return .failure(.empty) }
        if body.first == "-" { return .failure(.negative) }
        if body.first == "$" { body = Self.trimmed(String(body.dropFirst())) }
        if body.first == "-" { return .failure(.negative) }
        let number: Decimal
        switch Self.decimal(body, commas: true) {
        case .failure(let error): return .failure(error)
        case .success(let value): number = value
        }
        // NB: half up on the cent: only the third decimal decides (5 or more rounds up).
        var cents = number.whole
        for index in 0..<2 {
            cents = cents.multiplied(by: 10, adding: number.digit(index))
        }
        if number.digit(2) >= 5 { cents = cents.multiplied(by: 1, adding: 1) }
        guard let value = cents.value, value <= Self.maximumAmount.cents else { return .failure(.tooLarge) }
        return .success(Money(cents: value))
    }

    /// Reads a tip percentage: spaces around it and a trailing "%" are ignored; digits with at most one
    /// decimal point and at most four decimals; no commas; from 0 to 1000.
    /// - Parameter text: the field's text.
    /// - Returns: the percentage, or why it is refused.
    public static func percentage(_ text: String) -> Result<Percentage, TipInputError> {
        var body = Self.trimmed(text)
        if body.last == "%" { body = Self.trimmed(String(body.dropLast())) }
        guard !body.isEmpty else { return .failure(.empty) }
        if body.first == "-" { return .failure(.negative) }
        let number: Decimal
        switch Self.decimal(body, commas: false) {
        case .failure(let error): return .failure(error)
        case .success(let value): number = value
        }
        guard number.fraction.count <= Percentage.maxDecimals else { return .failure(.tooManyDecimals) }
        var scaled = number.whole
        for index in 0..<Percentage.maxDecimals {
            scaled = scaled.multiplied(by: 10, adding: number.digit(index))
        }
        guard let value = scaled.value, value <= Percentage.maximum.tenThousandths else {
            return .failure(.tooLarge)
        }
        return .success(Percentage(tenThousandths: value))
    }

    // MARK: The decimal under the signs

    /// Digits before and after the decimal point; the whole part saturates instead of overflowing.
    struct Decimal {
        var whole: Capped
        var fraction: [UInt8]

        func digit(_ index: Int) -> Int64 {
            index < self.fraction.count ? Int64(self.fraction[index]) : 0
        }
    }

    /// A non-negative integer that remembers it grew too large instead of wrapping.
    struct Capped {
        var value: Int64?

        func multiplied(by factor: Int64, adding digit: Int64) -> Capped {
            guard let value else { return self }
            let (times, overflow) = value.multipliedReportingOverflow(by: factor)
            let (sum, overflow2) = times.addingReportingOverflow(digit)
            return Capped(value: overflow || overflow2 ? nil : sum)
        }
    }

    static func decimal(_ body: String, commas: Bool) -> Result<Decimal, TipInputError> {
        var whole = Capped(value: 0)
        var fraction: [UInt8] = []
        var groups: [Int] = [0]
        var seenPoint = false
        var seenDigit = false
        for character in body {
            switch character {
            case "0"..."9":
                let digit = UInt8(character.asciiValue! - UInt8(ascii: "0"))
                seenDigit = true
                if seenPoint {
                    fraction.append(digit)
                } else {
                    whole = whole.multiplied(by: 10, adding: Int64(digit))
                    groups[groups.count - 1] += 1
                }
            case ".":
                guard !seenPoint else { return .failure(.twoDecimalPoints) }
                seenPoint = true
            case "," where commas:
                guard !seenPoint else { return .failure(.misplacedComma) }
                groups.append(0)
            default:
                return .failure(.notANumber)
            }
        }
        guard seenDigit else { return .failure(.notANumber) }
        if groups.count > 1 {
            guard (1...3).contains(groups[0]), groups.dropFirst().allSatisfy({ $0 == 3 }) else {
                return .failure(.misplacedComma)
            }
        }
        return .success(Decimal(whole: whole, fraction: fraction))
    }

    private static func trimmed(_ text: String) -> String {
        String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
