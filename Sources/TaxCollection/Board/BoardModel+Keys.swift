import ScreenKit
import TaxCollectionRules

// MARK: - Keys

extension BoardModel {
    /// The keys of a player at a table, as the help line shows them.
    public static let keyHelp: [(keys: String, meaning: String)] = [
        ("1-5", "select a bank"), ("Up/Down or u/d", "sow"), ("r", "refill"), ("Esc", "deselect"),
        ("space", "skip the animation"), ("?", "rules walk-through"), ("n", "rematch"), ("q", "leave"),
    ]

    /// The keys of a watcher.
    public static let watcherKeyHelp: [(keys: String, meaning: String)] = [
        ("space", "skip the animation"), ("?", "rules walk-through"), ("q", "back to the lobby"),
    ]

    /// The keys this board answers to, as its help line shows them.
    public var keys: [(keys: String, meaning: String)] {
        guard !self.controlled.isEmpty else { return Self.watcherKeyHelp }
        guard self.link == .local else { return Self.keyHelp }
        return Self.keyHelp.map { $0.keys == "q" ? ("q", "quit") : $0.keys == "n" ? ("n", "play again") : $0 }
    }

    /// Takes a key.
    /// - Parameter key: the key pressed.
    /// - Returns: what the driver must do, in order.
    public mutating func press(_ key: Key) -> [Action] {
        switch self.overlay {
        case .walkthrough(let page):
            return self.pressInWalkthrough(key, page: page)
        case .confirmQuit:
            switch key {
            case .character("y"), .character("Y"), .enter: return [.leave]
            default:
                self.setOverlay(.none)
                return []
            }
        case .none:
            break
        }
        switch key {
        case .character("?"):
            self.setOverlay(.walkthrough(page: 0))
        case .character("q"), .character("Q"):
            if self.matchUnderWay && !self.controlled.isEmpty {
                self.setOverlay(.confirmQuit)
            } else {
                return [.quit]
            }
        case .interrupt:
            return [.quit]
        case .character(" "), .character("s"):
            self.finishAnimation()
        case .escape:
            self.select(nil)
            if self.notice?.style == .dim { self.setNotice(nil) }
        case .character("n"), .character("N"):
            guard !self.controlled.isEmpty else {
                self.setNotice(Span("You are watching: the players decide on a rematch", .warning))
                return []
            }
            guard self.hasMatch, self.result != nil else {
                self.setNotice(Span("A rematch can be offered once the game is over", .warning))
                return []
            }
            return [.rematch]
        case .character(let c) where ("1"..."5").contains(c):
            return self.pressBank(Int(String(c)) ?? 0)
        case .character("r"), .character("R"):
            return self.pressRefill()
        case .up, .character("u"), .character("U"):
            return self.pressDirection(.up)
        case .down, .character("d"), .character("D"):
            return self.pressDirection(.down)
        default:
            break
        }
        return []
    }

    private mutating func pressInWalkthrough(_ key: Key, page: Int) -> [Action] {
        switch key {
        case .right, .down, .character(" "), .enter:
            self.setOverlay(.walkthrough(page: min(page + 1, Walkthrough.pages.count - 1)))
        case .left, .up, .backspace:
            self.setOverlay(.walkthrough(page: max(page - 1, 0)))
        case .interrupt:
            return [.quit]
        default:
            self.setOverlay(.none)
        }
        return []
    }

    /// Why this terminal cannot move now, or `nil` when it can.
    private var cannotMove: String? {
        if !self.hasMatch { return self.waiting ?? "The match has not started yet" }
        if self.result != nil || self.state.isOver {
            return self.link == .local
                ? "The game is over: n plays again, q quits" : "The game is over: n offers a rematch, q leaves"
        }
        if self.controlled.isEmpty { return "You are watching this table" }
        if !self.controlled.contains(self.state.turn) { return "It is \(self.names[self.state.turn])'s turn" }
        if self.awaitingHost { return "Waiting for the host" }
        return nil
    }

    private mutating func pressBank(_ bank: Int) -> [Action] {
        self.finishAnimation()
        if let why = self.cannotMove {
            self.setNotice(Span(why, .warning))
            return []
        }
        if self.state.phase == .refill {
            self.setNotice(Span(SeedMessages.refillNeeded, .warning))
            return []
        }
        guard self.state[.bank(self.state.turn, bank)] > 0 else {
            self.setNotice(Span("This Bank is empty; choose one of your Banks that holds dollars", .warning))
            return []
        }
        self.select(bank)
        self.setNotice(Span("Bank \(bank) selected: Up or Down to sow, Esc to deselect", .dim))
        return []
    }

    private mutating func pressDirection(_ direction: Direction) -> [Action] {
        self.finishAnimation()
        if let why = self.cannotMove {
            self.setNotice(Span(why, .warning))
            return []
        }
        guard let bank = self.selected else {
            let hint = self.state.phase == .refill ? SeedMessages.refillNeeded : "Select one of your Banks first: 1-5"
            self.setNotice(Span(hint, .warning))
            return []
        }
        let move = Move.sow(bank: bank, direction: direction)
        guard self.state.isLegal(move) else {
            self.select(nil)
            return []
        }
        self.sent()
        self.setNotice(nil)
        return [.move(move)]
    }

    private mutating func pressRefill() -> [Action] {
        self.finishAnimation()
        if let why = self.cannotMove {
            self.setNotice(Span(why, .warning))
            return []
        }
        guard self.state.phase == .refill else {
            self.setNotice(Span(SeedMessages.refillRefused, .warning))
            return []
        }
        self.sent()
        self.setNotice(nil)
        return [.move(.refill)]
    }
}
