import GameKit
import ScreenKit
import TestScheduling
import Testing
import TipCalculator

@Suite("Tip calculator: the screen", .offThePool)
struct TipFormTests {
    static func typing(_ text: String, into form: inout TipForm) {
        for character in text { _ = form.press(.character(character)) }
    }

    @Test("a good input: the tip and total with $ and two decimals, the fields cleaned to two decimals")
    func good() {
        var form = TipForm()
        Self.typing("$42.5", into: &form)
        _ = form.press(.tab)
        Self.typing("18%", into: &form)
        let pressed1 = form.press(.enter)
        #expect(pressed1 == false)
        #expect(form.check == .text("42.50") && form.percentage == .text("18.00"))
        #expect(form.result?.tip == Money(cents: 765) && form.result?.total == Money(cents: 5015))
        let text = form.frame(width: 80, height: 24).text
        #expect(text.contains("Tip amount") && text.contains("$7.65") && text.contains("$50.15"))
        #expect(text.contains("Check amount") && text.contains("Tip percentage") && text.contains("[ Calculate ]"))
    }

    @Test("bad input puts an error in that field and clears the results; typing there starts afresh")
    func bad() {
        var form = TipForm()
        Self.typing("10", into: &form)
        _ = form.press(.down)
        Self.typing("20", into: &form)
        form.calculate()
        #expect(form.result != nil)
        _ = form.press(.up)
        for _ in 0..<5 { _ = form.press(.backspace) }
        Self.typing("12.3.4", into: &form)
        _ = form.press(.enter)
        #expect(form.check == .error("Only one decimal point, please"))
        #expect(form.percentage == .text("20.00"))
        #expect(form.result == nil)
        let text = form.frame(width: 80, height: 24).text
        #expect(text.contains("Only one decimal point, please") && !text.contains("$2.00"))
        Self.typing("9", into: &form)
        #expect(form.check == .text("9"))
    }

    @Test("both fields bad: both show their error; empty fields say what to enter")
    func bothBad() {
        var form = TipForm()
        _ = form.press(.enter)
        #expect(form.check == .error("Enter the check amount"))
        #expect(form.percentage == .error("Enter a tip percentage"))
        var letters = TipForm()
        Self.typing("abc", into: &letters)
        _ = letters.press(.tab)
        Self.typing("-5", into: &letters)
        _ = letters.press(.tab)
        _ = letters.press(.character(" "))
        #expect(letters.check == .error("Numbers only, like 42.50"))
        #expect(letters.percentage == .error("Cannot be negative"))
    }

    @Test("Tab and Shift-Tab go round the fields and the button; Esc and Ctrl-C stop")
    func keys() {
        var form = TipForm()
        #expect(form.focus == .check)
        _ = form.press(.tab)
        _ = form.press(.tab)
        #expect(form.focus == .calculate)
        _ = form.press(.tab)
        #expect(form.focus == .check)
        _ = form.press(.backTab)
        #expect(form.focus == .calculate)
        Self.typing("5", into: &form)
        #expect(form.check == .text("") && form.percentage == .text(""))
        let pressed2 = form.press(.escape)
        #expect(pressed2)
        var other = TipForm()
        let pressed3 = other.press(.interrupt)
        #expect(pressed3)
    }
}
