import CrapsRules
import GameKit
import ScreenKit

// MARK: - Keys

extension TableModel {
    /// The keys, as the key bar shows them.
    public static let keyHelp: [(keys: String, meaning: String)] = [
        ("Left/Right", "ante -/+ $5"), ("PgDn/PgUp", "-/+ $50"), ("Enter", "bet the ante"), ("r/space", "roll"),
        ("x", "reset when bankrupt"), ("s", "seed the dice"), ("Tab", "next player"), ("n", "rematch"),
        ("q", "quit"),
    ]

    /// Takes a key.
    /// - Parameter key: the key pressed.
    /// - Returns: what the driver must do, in order.
    public mutating func press(_ key: Key) -> [Action] {
        switch self.overlay {
        case .confirmQuit:
            switch key {
            case .character("y"), .character("Y"), .enter: return [.leave]
            default:
                self.setOverlay(.none)
                return []
            }
        case .seedEntry(let text):
            return self.pressInSeedEntry(key, text: text)
        case .none:
            break
        }
        switch key {
        case .left: self.moveSlider(by: -1)
        case .right: self.moveSlider(by: 1)
        case .pageDown, .down: self.moveSlider(by: -10)
        case .pageUp, .up: self.moveSlider(by: 10)
        case .home: self.setSlider(AnteSlider.minimum)
        case .end: self.setSlider(AnteSlider.maximum)
        case .enter, .character("a"), .character("A"): return self.pressBet()
        case .character("r"), .character("R"), .character(" "): return self.pressRoll()
        case .character("x"), .character("X"): return self.pressReset()
        case .character("s"), .character("S"):
            if let why = self.cannotAct {
                self.setNotice(Span(why, .warning))
            } else {
                self.setOverlay(.seedEntry(self.me?.seed ?? ""))
            }
        case .tab: self.pressTab()
        case .character("n"), .character("N"):
            guard self.result != nil, !self.controlled.isEmpty else {
                self.setNotice(Span("A rematch can be offered once the match is over", .warning))
                return []
            }
            return [.rematch]
        case .character("q"), .character("Q"):
            if self.matchUnderWay && !self.controlled.isEmpty {
                self.setOverlay(.confirmQuit)
            } else {
                return [.quit]
            }
        case .interrupt:
            return [.quit]
        case .escape:
            self.finishAnimation()
        default:
            break
        }
        return []
    }

    /// Why the keys cannot act for a seat now, or `nil` when they can.
    var cannotAct: String? {
        guard let state = self.state else { return self.waiting ?? "The match has not started yet" }
        if self.result != nil || state.isOver { return "The match is over: n offers a rematch, q quits" }
        guard let me = self.me else { return "You are watching this table" }
        if !me.isIn { return "You have left this match" }
        if self.awaiting != nil { return "Waiting for the host" }
        return nil
    }

    /// Enter: bet the slider's value. The rules are asked first, as the seed's controller asks its model:
    /// a value they refuse moves the slider to the ante they accept instead, and that ante is bet (while
    /// the point is off), as the seed's model sets "something reasonable".
    private mutating func pressBet() -> [Action] {
        self.finishAnimation()
        if let why = self.cannotAct {
            self.setNotice(Span(why, .warning))
            return []
        }
        guard let seat = self.active, let me = self.me else { return [] }
        var wanted = self.slider.value
        if let refusal = self.refusal(of: .ante(wanted), by: seat) {
            guard let allowed = refusal.details["allowed"] else {
                self.setNotice(Span(refusal.message, .warning))
                return []
            }
            wanted = Money(cents: Int64(allowed))
            self.setSlider(wanted)
            self.setNotice(Span(refusal.message, .warning))
            guard refusal.code != "ante-locked", self.accepts(.ante(wanted), by: seat) else { return [] }
            // NB: the ante the rules accept is bet; the sentence stays to say why it is not the slider's.
            self.setNotice(Span(refusal.message, .plain))
        } else {
            self.setNotice(nil)
        }
        guard wanted != me.ante else {
            if self.notice == nil { self.setNotice(Span("Your ante is \(me.ante) already", .dim)) }
            return []
        }
        return [self.send(.ante(wanted), as: seat)]
    }

    /// r or space: the shooter rolls. At a local table the shooter is whichever person holds the dice.
    private mutating func pressRoll() -> [Action] {
        if self.isAnimating {
            // NB: a key during the tumble settles the dice; it never rolls again by accident.
            self.finishAnimation()
            return []
        }
        if let why = self.cannotAct {
            self.setNotice(Span(why, .warning))
            return []
        }
        guard let state = self.state else { return [] }
        guard let shooter = state.shooter, self.controlled.contains(shooter) else {
            let holder = state.shooter.map { "\(self.name($0)) (\($0)) holds the dice: wait for the roll" }
            self.setNotice(Span(holder ?? "Nobody holds the dice: a bankrupt player who resets takes them", .warning))
            return []
        }
        self.setNotice(nil)
        return [self.send(.roll(nil), as: shooter)]
    }

    /// x: a bankrupt seat starts again with $200.
    private mutating func pressReset() -> [Action] {
        self.finishAnimation()
        if let why = self.cannotAct {
            self.setNotice(Span(why, .warning))
            return []
        }
        guard let seat = self.active else { return [] }
        if let refusal = self.refusal(of: .reset, by: seat) {
            self.setNotice(Span(refusal.message, .warning))
            return []
        }
        self.setNotice(nil)
        return [self.send(.reset, as: seat)]
    }

    /// Tab: at a local table, the keys act for the next person's seat still in the match.
    private mutating func pressTab() {
        guard self.controlled.count > 1, let state = self.state else {
            self.setNotice(Span("Tab changes players at a table where several people play on this terminal", .dim))
            return
        }
        let inMatch = self.controlled.filter { state.player($0)?.isIn ?? false }
        guard let current = self.active, let index = inMatch.firstIndex(of: current) else {
            if let first = inMatch.first { self.setActive(first) }
            return
        }
        let next = inMatch[(index + 1) % inMatch.count]
        self.setActive(next)
        self.setNotice(Span("The keys play for \(self.name(next)) (\(next))", .dim))
    }

    private mutating func pressInSeedEntry(_ key: Key, text: String) -> [Action] {
        switch key {
        case .escape:
            self.setOverlay(.none)
        case .interrupt:
            return [.quit]
        case .backspace:
            self.setOverlay(.seedEntry(String(text.dropLast())))
        case .character(let character):
            let candidate = text + String(character)
            guard CrapsTable.isSeedAcceptable(candidate) else {
                let why =
                    candidate.utf8.count > CrapsTable.seedLimit
                    ? "A seed is at most \(CrapsTable.seedLimit) characters"
                    : "A seed is plain printable ASCII: letters, digits, spaces, punctuation"
                self.setNotice(Span(why, .warning))
                return []
            }
            self.setOverlay(.seedEntry(candidate))
        case .enter:
            self.setOverlay(.none)
            if let why = self.cannotAct {
                self.setNotice(Span(why, .warning))
                return []
            }
            guard let seat = self.active else { return [] }
            if let refusal = self.refusal(of: .seed(text), by: seat) {
                self.setNotice(Span(refusal.message, .warning))
                return []
            }
            self.setNotice(Span("Your seed counts from the next period whose first roll is to come", .dim))
            return [self.send(.seed(text), as: seat)]
        default:
            break
        }
        return []
    }
}
