import CrapsRules
import GameKit
import TestScheduling
import Testing

@testable import Craps

@Suite("Craps: the ante slider", .offThePool)
struct AnteSliderTests {
    @Test("$0 to $500 in $5 steps: values are rounded down to $5 and clamped at both ends")
    func clamps() {
        #expect(AnteSlider().value == Money(dollars: 5))
        #expect(AnteSlider(Money(cents: 1_299)).value == Money(dollars: 10))
        #expect(AnteSlider(Money(dollars: 9_000)).value == Money(dollars: 500))
        #expect(AnteSlider(Money(cents: -500)).value == .zero)
        var slider = AnteSlider(Money(dollars: 490))
        slider.move(by: 1)
        #expect(slider.value == Money(dollars: 495))
        slider.move(by: 10)
        #expect(slider.value == Money(dollars: 500))
        slider.move(by: -200)
        #expect(slider.value == .zero)
        slider.move(by: -1)
        #expect(slider.value == .zero)
    }

    @Test("the track puts its knob at the value: the ends, and the middle")
    func track() {
        #expect(AnteSlider(.zero).track(width: 12) == "[o.........]")
        #expect(AnteSlider(Money(dollars: 500)).track(width: 12) == "[=========o]")
        let middle = AnteSlider(Money(dollars: 250)).track(width: 44)
        #expect(middle.count == 44)
        #expect(middle.firstIndex(of: "o").map { middle.distance(from: middle.startIndex, to: $0) } == 22)
    }

    @Test("the seed's glyphs U+2680-U+2685 for the faces 1 to 6, with the number beside")
    func glyphs() {
        #expect((1...6).map(DiceFace.glyph).joined() == "\u{2680}\u{2681}\u{2682}\u{2683}\u{2684}\u{2685}")
        #expect(DiceFace.label(3) == "\u{2682} 3")
        #expect(DiceFace.words(Dice(3, 5)) == "\u{2682} \u{2684} 3+5 = 8")
        #expect(DiceFace.glyph(7) == "?")
    }
}
