import ScreenKit
import TestScheduling
import Testing

/// The keys the tip form and WhichBill's number line add to ScreenKit's decoder.
@Suite("Keys: Shift-arrows and Shift-Tab", .offThePool)
struct ShiftKeyTests {
    @Test("the sequences xterm and tmux send; other modifiers read as the plain arrow")
    func decodes() {
        #expect(KeyDecoder.keys(in: Array("\u{1B}[1;2C\u{1B}[1;2D".utf8)) == [.shiftRight, .shiftLeft])
        #expect(KeyDecoder.keys(in: Array("\u{1B}[Z".utf8)) == [.backTab])
        #expect(KeyDecoder.keys(in: Array("\u{1B}[1;5D\u{1B}[C\u{1B}OD".utf8)) == [.left, .right, .left])
    }
}
