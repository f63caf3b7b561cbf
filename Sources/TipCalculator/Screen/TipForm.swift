import GameKit
import ScreenKit

/// `tcnet tip`'s screen as a pure model: the seed's tip calculator in a terminal.
///
/// Two fields ("Check amount", "Tip percentage") and a Calculate button. Calculate shows the tip and
/// the total, each with a leading "$" and two decimals, and cleans both fields up to two decimals; a
/// field that is not a number shows an error message in its place and the results are cleared, as the
/// seed's error handling says. Tab, Shift-Tab and the arrows move between the fields and the button;
/// Enter calculates; Esc or Ctrl-C quits.
public struct TipForm: ToolScreen {
    /// Where the cursor is.
    public enum Focus: Int, Sendable, CaseIterable {
        case check, percentage, calculate
    }

    /// What a field holds: text being typed, or the error message that replaced it.
    public enum Entry: Sendable, Hashable {
        case text(String)
        case error(String)

        /// The text shown.
        public var shown: String {
            switch self {
            case .text(let text), .error(let text): text
            }
        }
    }

    /// The most characters a field takes.
    public static let maxLength = 40

    /// The check amount field.
    public private(set) var check = Entry.text("")
    /// The tip percentage field.
    public private(set) var percentage = Entry.text("")
    /// The result of the last good calculation; `nil` before one and after a bad one.
    public private(set) var result: Tip?
    /// Where the cursor is.
    public private(set) var focus = Focus.check

    /// An empty form, the cursor in the check amount.
    public init() {}

    /// A key; returns whether to stop.
    public mutating func press(_ key: Key) -> Bool {
        switch key {
        case .escape, .interrupt:
            return true
        case .tab, .down:
            self.focus = Focus(rawValue: (self.focus.rawValue + 1) % Focus.allCases.count) ?? .check
        case .backTab, .up:
            self.focus = Focus(rawValue: (self.focus.rawValue + 2) % Focus.allCases.count) ?? .check
        case .enter:
            self.calculate()
        case .character(" ") where self.focus == .calculate:
            self.calculate()
        case .backspace:
            self.edit { text in
                if !text.isEmpty { text.removeLast() }
            }
        case .character(let character):
            self.edit { text in
                if text.count < Self.maxLength { text.append(character) }
            }
        default:
            break
        }
        return false
    }

    /// The Calculate button: reads both fields, and shows the results or the errors.
    public mutating func calculate() {
        let amount = TipInput.amount(self.check.shown)
        let rate = TipInput.percentage(self.percentage.shown)
        switch (amount, rate) {
        case (.success(let check), .success(let percentage)):
            let tip = Tip(check: check, percentage: percentage)
            self.result = tip
            self.check = .text(Self.cleaned(check))
            self.percentage = .text(percentage.description)
        default:
            self.result = nil
            if case .failure(let error) = amount { self.check = .error(error.message(for: .check)) }
            if case .failure(let error) = rate { self.percentage = .error(error.message(for: .percentage)) }
        }
    }

    /// A cleaned check amount: two decimals, no "$" and no commas ("1234.50").
    static func cleaned(_ amount: Money) -> String {
        String(amount.description.dropFirst())
    }

    /// Types into the focused field; an error message is cleared first.
    private mutating func edit(_ change: (inout String) -> Void) {
        switch self.focus {
        case .check: self.check = Self.edited(self.check, change)
        case .percentage: self.percentage = Self.edited(self.percentage, change)
        case .calculate: break
        }
    }

    private static func edited(_ entry: Entry, _ change: (inout String) -> Void) -> Entry {
        var text: String
        switch entry {
        case .text(let typed): text = typed
        case .error: text = ""
        }
        change(&text)
        return .text(text)
    }
}
