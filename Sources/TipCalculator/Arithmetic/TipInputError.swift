/// Why a field of the tip calculator is refused (docs/TIP.md, "What you may type").
public enum TipInputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Nothing but spaces.
    case empty
    /// A character that is no digit, decimal point, or allowed sign ("$", "%", a comma between groups).
    case notANumber
    /// More than one decimal point.
    case twoDecimalPoints
    /// A minus sign.
    case negative
    /// A comma that does not separate groups of three digits in the whole part.
    case misplacedComma
    /// A percentage with more than ``Percentage/maxDecimals`` decimals.
    case tooManyDecimals
    /// Beyond the largest amount or percentage.
    case tooLarge

    /// The message the field shows in place of what was typed.
    public func message(for field: TipField) -> String {
        switch (self, field) {
        case (.empty, .check): "Enter the check amount"
        case (.empty, .percentage): "Enter a tip percentage"
        case (.notANumber, .check): "Numbers only, like 42.50"
        case (.notANumber, .percentage): "Numbers only, like 18 or 18.5"
        case (.twoDecimalPoints, _): "Only one decimal point, please"
        case (.negative, _): "Cannot be negative"
        case (.misplacedComma, _): "Commas go between groups of 3 digits"
        case (.tooManyDecimals, _): "At most \(Percentage.maxDecimals) decimal places"
        case (.tooLarge, .check): "At most \(TipInput.maximumAmount)"
        case (.tooLarge, .percentage): "At most \(Percentage.maximum.short)%"
        }
    }

    public var description: String { self.message(for: .check) }
}

/// The calculator's two fields.
public enum TipField: String, Sendable, Hashable, CaseIterable {
    case check = "Check amount"
    case percentage = "Tip percentage"
}
