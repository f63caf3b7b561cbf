import ScreenKit
import SpellingRules

extension SpellingModel {
    /// What the student asked for with a key.
    enum Action: Equatable {
        case move(SpellingMove)
        case rematch
        case leave
        case quit
    }

    /// A key: the mode's keys while the game goes on, play again or quit once it is over.
    mutating func press(_ key: Key) -> [Action] {
        guard let state = self.state, self.result == nil, state.over == nil, self.controlled else {
            switch key {
            case .character("n") where self.controlled && self.result != nil: return [.rematch]
            case .character("q"), .escape, .interrupt: return [.quit]
            default: return []
            }
        }
        if key == .escape || key == .interrupt {
            if self.message?.text == Self.leaveQuestion { return [.leave] }
            self.message = Span(Self.leaveQuestion, .warning)
            return []
        }
        if self.message?.text == Self.leaveQuestion { self.message = nil }
        switch state.mode {
        case .pick: return self.pick(key, state)
        case .unscramble: return self.arrange(key, state)
        case .hear: return self.type(key)
        }
    }

    static let leaveQuestion = "Leave the game? Press Esc again to leave, any other key to stay."

    private mutating func pick(_ key: Key, _ state: SpellingState) -> [Action] {
        let open = (0..<3).filter { !state.marked.contains($0) }
        switch key {
        case .left, .up:
            self.cursor = open.last { $0 < self.cursor } ?? open.last ?? 0
        case .right, .down, .tab:
            self.cursor = open.first { $0 > self.cursor } ?? open.first ?? 0
        case .character(let digit) where ("1"..."3").contains(digit):
            let index = Int(String(digit))! - 1
            self.cursor = index
            return [.move(.pick(index, nil))]
        case .enter, .character(" "):
            return [.move(.pick(self.cursor, nil))]
        default: break
        }
        return []
    }

    private mutating func arrange(_ key: Key, _ state: SpellingState) -> [Action] {
        let count = self.order.count
        guard count > 0 else { return [] }
        switch key {
        case .left where self.cursor > 0:
            if self.holding { self.order.swapAt(self.cursor, self.cursor - 1) }
            self.cursor -= 1
        case .right where self.cursor < count - 1:
            if self.holding { self.order.swapAt(self.cursor, self.cursor + 1) }
            self.cursor += 1
        case .character(" "), .up, .down:
            self.holding.toggle()
        case .enter:
            self.holding = false
            return [.move(.arrange(self.order, nil))]
        default: break
        }
        return []
    }

    private mutating func type(_ key: Key) -> [Action] {
        switch key {
        case .character(let letter) where letter.isLetter && letter.isASCII:
            if self.typed.count < WordList.letterCounts.upperBound { self.typed += letter.lowercased() }
        case .backspace:
            if !self.typed.isEmpty { self.typed.removeLast() }
        case .tab, .up:
            self.replays += 1
        case .enter:
            guard !self.typed.isEmpty else {
                self.message = Span("Type the word you hear, then press Enter.", .warning)
                return []
            }
            let typed = self.typed
            self.typed = ""
            return [.move(.spell(typed, nil))]
        default: break
        }
        return []
    }
}
