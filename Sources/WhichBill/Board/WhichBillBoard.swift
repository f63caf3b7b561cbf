import GameKit
import ScreenKit
import WhichBillRules

/// WhichBill's screen as a pure model: the item and its cost, the bills as buttons, the number line, the
/// seed's messages and Play Again (docs/WHICHBILL.md, "The terminal screen").
///
/// The number line's slider is this screen's own: it decides which bills may be pressed for the moment
/// (``NumberLine``), and the first time in a round it points at the right bill, the next choice
/// reports the hint to the host.
public struct WhichBillBoard: Sendable {
    /// What a key asks for.
    public enum Action: Sendable, Equatable {
        case move(WhichBillMove)
        case rematch
        case leave
        case quit
    }

    /// The session as this terminal sees it.
    public private(set) var state: WhichBillState?
    /// Where the slider sits.
    public private(set) var slider = Money.zero
    /// Whether the slider has pointed at the right bill this round.
    public private(set) var hintSeen = false
    /// The message: one or two lines (a line break between them).
    public private(set) var message = Span("")
    /// Whether this terminal moves for the seat.
    public let controlled: Bool
    /// The title bar's text after the game's name.
    public let title: String
    /// The player's name.
    public internal(set) var name = ""
    /// The connection.
    public internal(set) var link = Link.local
    /// A line while there is no session yet.
    public internal(set) var waiting: String?
    /// How the session ended, once it has.
    public private(set) var ended: GameResult?
    /// Whether `q` was pressed once during a session (a second `q` leaves).
    public private(set) var confirmingQuit = false

    /// A screen for a table.
    public init(title: String, controlled: Bool) {
        self.title = title
        self.controlled = controlled
    }

    /// The bills that may be pressed now: those not guessed wrong, and while the number line points at the
    /// right bill, that one alone.
    public var enabled: [Bool] {
        guard let state else { return [] }
        return NumberLine.enabled(
            bills: state.options.bills, cost: state.cost, wrong: state.wrong, answered: state.isAnswered,
            slider: state.options.numberLine ? self.slider : nil)
    }

    /// Whether the line points at the right bill now.
    public var pointing: Bool {
        guard let state, state.options.numberLine, !state.isAnswered else { return false }
        return NumberLine.pointsAtRightBill(self.slider, cost: state.cost, bills: state.options.bills)
    }

    // MARK: From the table

    /// Shows a state (checked against the host's hash), with what the move did.
    public mutating func show(_ state: WhichBillState, events: [WhichBillEvent], newMatch: Bool) {
        let newRound = newMatch || self.state?.round != state.round
        self.state = state
        if newMatch { self.ended = nil }
        if newRound {
            self.slider = .zero
            self.hintSeen = false
        }
        self.message = Span(SeedMessages.ask(state.item, state.cost))
        for event in events {
            switch event {
            case .guessed(let bill, .right):
                self.message = Span(SeedMessages.right(bill, state.item) + "\n" + SeedMessages.playAgain, .good)
            case .guessed(let bill, let verdict):
                self.message = Span(SeedMessages.wrong(bill, verdict, state.cost), .warning)
            case .sessionOver(let items, let firstTry):
                self.message = Span(SeedMessages.sessionOver(items: items, firstTry: firstTry), .good)
            case .roundOver, .next:
                break
            }
        }
        if events.isEmpty, state.isOver {
            self.message = Span(SeedMessages.sessionOver(items: state.options.items, firstTry: state.firstTry), .good)
        } else if events.isEmpty, state.isAnswered, let answer = state.answer {
            self.message = Span(SeedMessages.right(answer, state.item) + "\n" + SeedMessages.playAgain, .good)
        }
    }

    /// The session ended; a reason other than the rules' end is said.
    public mutating func matchEnded(_ result: GameResult) {
        self.ended = result
        if result.reason != "finished" {
            self.message = Span("The session ended (\(result.reason)). Press P for a new session.", .warning)
        }
    }

    /// A refusal or warning from the host.
    public mutating func warn(_ text: String) {
        self.message = Span(text, .warning)
    }

    /// News for the player.
    public mutating func inform(_ text: String) {
        self.message = Span(text)
    }

    // MARK: Keys

    /// A key: 1-4 choose a bill, Left/Right move the slider a cent (Shift: 10 cents; Page Up/Down: a
    /// dollar; Home/End: the ends), P or Enter plays again, Q twice leaves.
    public mutating func press(_ key: Key) -> [Action] {
        if case .character(let character) = key, character == "q" || character == "Q" {
            return self.quit()
        }
        self.confirmingQuit = false
        switch key {
        case .interrupt:
            return [.quit]
        case .character(let digit) where ("1"..."9").contains(digit):
            return self.choose(Int(String(digit))! - 1)
        case .left: self.slide(by: -1)
        case .right: self.slide(by: 1)
        case .shiftLeft: self.slide(by: -10)
        case .shiftRight: self.slide(by: 10)
        case .pageDown: self.slide(by: -100)
        case .pageUp: self.slide(by: 100)
        case .home: self.slide(by: -1_000_000)
        case .end: self.slide(by: 1_000_000)
        case .character("p"), .character("P"), .enter:
            return self.playAgain()
        default:
            break
        }
        return []
    }

    private mutating func quit() -> [Action] {
        guard self.controlled, let state, !state.isOver, self.ended == nil else { return [.quit] }
        guard self.confirmingQuit else {
            self.confirmingQuit = true
            self.message = Span("Press Q again to leave this session (the rounds you finished are kept).", .warning)
            return []
        }
        return [.leave]
    }

    private mutating func choose(_ index: Int) -> [Action] {
        guard self.controlled, let state, state.options.bills.indices.contains(index) else { return [] }
        let bill = state.options.bills[index]
        guard self.enabled[index] else {
            if state.isAnswered {
                self.message = Span(SeedMessages.playAgain, .warning)
            } else if state.wrong.contains(bill) {
                self.message = Span("You already tried \(Bills.name(bill)). Try a different bill.", .warning)
            } else if let right = Bills.right(for: state.cost, among: state.options.bills) {
                self.message = Span(SeedMessages.pointing(right), .warning)
            }
            return []
        }
        let hint = self.hintSeen && state.hintGuess == nil
        return [.move(.choose(bill, hint: hint, verdict: nil))]
    }

    private mutating func slide(by cents: Int64) {
        guard let state, state.options.numberLine else { return }
        self.slider = NumberLine.move(self.slider, by: cents, bills: state.options.bills)
        if self.pointing { self.hintSeen = true }
    }

    private mutating func playAgain() -> [Action] {
        guard self.controlled, let state else { return [] }
        if state.isOver || self.ended != nil { return [.rematch] }
        guard state.isAnswered else {
            self.message = Span("Find the right bill first, then Play Again.", .warning)
            return []
        }
        return [.move(.next(nil))]
    }
}
