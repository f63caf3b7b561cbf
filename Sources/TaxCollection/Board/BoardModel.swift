import ScreenKit
import TaxCollectionRules

/// The board screen's whole state and behaviour, without a terminal: keys, states and events go in;
/// actions to carry out come back, and ``BoardRenderer`` draws it.
///
/// The same model serves a networked seat (one controlled seat), `tcnet play` (both seats), a game
/// against a bot (one seat) and a spectator (none). It never applies a move itself: a move is an
/// ``Action`` for the driver, and the board changes only when the driver shows the resulting state.
public struct BoardModel: Sendable {
    /// What the driver must do after an input.
    public enum Action: Sendable, Equatable {
        /// Play this move for the seat to move.
        case move(Move)
        /// Offer (or start) a rematch.
        case rematch
        /// Leave the match (it was confirmed) and stop.
        case leave
        /// Stop; nothing is under way.
        case quit
    }

    /// What covers the board.
    public enum Overlay: Sendable, Equatable {
        case none
        /// The rules walk-through, at a page.
        case walkthrough(page: Int)
        /// "Leave the match?"
        case confirmQuit
    }

    /// The players' names.
    public var names: BySeat<String>
    /// The seats this terminal moves for.
    public let controlled: Set<Seat>
    /// The title bar's text after the game's name (the table, or "local game").
    public var title: String
    /// The connection.
    public var link: Link = .local
    /// A line shown while there is no match yet ("waiting for an opponent").
    public var waiting: String?
    /// Whether the match waits for an absent player (the table is paused).
    public var paused = false
    /// Whether the pause is the host's full disk rather than an absent player.
    public var diskFull = false
    /// This terminal's seat code, shown while it waits for the match and with the rules.
    public var seatCode: String?
    /// Seconds each animation step stays on screen; 0 shows the result at once.
    public var stepSeconds: Double

    /// The latest state (the host's, verified), which the screen reaches when the animation ends.
    public private(set) var state: GameState
    /// Whether a match has started.
    public private(set) var hasMatch = false
    /// What the board shows now.
    public private(set) var shown: BoardView
    /// The animation step shown, if a move is being animated.
    public private(set) var step: AnimationStep?
    /// The selected bank (1-5) of the seat to move.
    public private(set) var selected: Int?
    /// The message line: a warning, a winner, an offer.
    public private(set) var notice: Span?
    /// A summary of the last move, shown once its animation has ended.
    public private(set) var lastMove: String?
    /// What covers the board.
    public private(set) var overlay: Overlay = .none
    /// How the match ended, in words, once it has (shown once the last move's animation has ended).
    public private(set) var result: String?
    /// Absent players and when their seat stops being held (seconds on the model's clock).
    public private(set) var away: [Seat: Double] = [:]
    /// The model's clock, in seconds, advanced by ``tick(now:)``.
    public private(set) var now: Double = 0

    var pending: [AnimationStep] = []
    var nextStepAt: Double = 0
    var awaitingHost = false
    /// The summary of the move being animated, shown as ``lastMove`` when the animation ends.
    var pendingSummary: String?
    /// The seat whose move is being animated.
    public private(set) var animatedMover: Seat?

    /// Creates a board before any match.
    /// - Parameters:
    ///   - names: the players' names.
    ///   - controlled: the seats this terminal moves for.
    ///   - title: the title bar's text.
    ///   - rules: the rule set, for the empty board shown before the match.
    ///   - stepSeconds: seconds per animation step (`--speed`).
    public init(
        names: BySeat<String>, controlled: Set<Seat>, title: String, rules: RuleSet = .classic,
        stepSeconds: Double = 0.25
    ) {
        self.names = names
        self.controlled = controlled
        self.title = title
        self.stepSeconds = stepSeconds
        self.state = GameState(rules: rules)
        self.shown = BoardView(self.state)
    }

    /// Whether a move is being animated.
    public var isAnimating: Bool { self.step != nil }

    /// Whether this terminal may move now.
    public var mayMove: Bool {
        self.hasMatch && self.result == nil && !self.state.isOver && self.controlled.contains(self.state.turn)
            && !self.awaitingHost
    }

    /// Whether a match is under way (quitting asks first).
    public var matchUnderWay: Bool { self.hasMatch && self.result == nil && !self.state.isOver }

    // MARK: Inputs from the driver

    /// Shows a new state: the first of a match, or the one after a move (animated from the events).
    /// - Parameters:
    ///   - state: the state.
    ///   - move: the move that led to it and who played it; `nil` for a first state or a resync.
    ///   - events: the move's events.
    ///   - newMatch: whether this is the first state of a new match (a rematch).
    public mutating func show(
        _ state: GameState, after move: (seat: Seat, move: Move)? = nil, events: [GameEvent] = [],
        newMatch: Bool = false
    ) {
        self.finishAnimation()
        if !self.hasMatch || newMatch {
            self.result = nil
            self.lastMove = nil
            self.notice = nil
        }
        self.hasMatch = true
        self.waiting = nil
        self.awaitingHost = false
        if let move {
            let summary = MoveAnimation.summary(
                of: move.move, by: move.seat, events: events, names: self.names, width: BoardRenderer.lastMoveWidth)
            if self.stepSeconds > 0 {
                self.pending = MoveAnimation.steps(from: self.shown, events: events, names: self.names)
                self.nextStepAt = self.now
            }
            if self.pending.isEmpty {
                self.lastMove = summary
            } else {
                // NB: the turn flag, this line and the winner wait for the animation's end (finishAnimation).
                self.pendingSummary = summary
                self.animatedMover = move.seat
            }
            if self.notice?.style == .warning { self.notice = nil }
        }
        if state.turn != self.state.turn || move != nil { self.selected = nil }
        self.state = state
        if self.pending.isEmpty {
            self.shown = BoardView(state)
        } else {
            self.advance()
        }
        if state.isOver {
            self.announceWinner()
        }
    }

    /// Records how the match ended when it ended outside the rules (resignation, agreement, forfeit).
    /// - Parameters:
    ///   - winner: the winning seat, or `nil` for a draw.
    ///   - reason: "resigned", "draw-agreed", "forfeit" or "finished".
    public mutating func matchEnded(winner: Seat?, reason: String) {
        guard reason != "finished" else {
            self.announceWinner()
            return
        }
        let loser = winner.map { self.names[$0.opponent] } ?? ""
        switch (reason, winner) {
        case ("resigned", let seat?): self.result = "\(loser) left the match: \(self.names[seat]) wins"
        case ("forfeit", let seat?): self.result = "\(loser) did not come back in time: \(self.names[seat]) wins"
        default: self.result = "The match ended in a draw by agreement"
        }
        // NB: the status line announces the result, once; a notice would say it a second time.
        self.notice = nil
        self.awaitingHost = false
    }

    /// Shows a refusal or any other warning.
    /// - Parameters:
    ///   - message: the sentence to show.
    ///   - rule: the game's rule code, when the rules refused a move.
    public mutating func warn(_ message: String, rule: String? = nil) {
        self.awaitingHost = false
        switch rule {
        case "refill-required": self.notice = Span(SeedMessages.refillNeeded, .warning)
        case "refill-not-allowed": self.notice = Span(SeedMessages.refillRefused, .warning)
        default: self.notice = Span(message, .warning)
        }
    }

    /// Shows news that is not a warning (an offer, a player back).
    public mutating func inform(_ message: String) {
        self.notice = Span(message, .good)
    }

    /// A player's connection dropped; their seat is held for `graceSeconds`.
    public mutating func playerAway(_ seat: Seat, graceSeconds: Double) {
        self.away[seat] = self.now + graceSeconds
    }

    /// A player came back.
    public mutating func playerBack(_ seat: Seat) {
        self.away[seat] = nil
        self.inform("\(self.names[seat]) is back")
    }

    /// Advances the clock: the animation moves on when a step's time is up.
    /// - Parameter now: seconds on any steady clock.
    /// - Returns: whether the screen changed.
    public mutating func tick(now: Double) -> Bool {
        self.now = now
        guard self.step != nil || !self.pending.isEmpty, now >= self.nextStepAt else { return !self.away.isEmpty }
        self.advance()
        return true
    }

    /// Shows every remaining step at once, and what waited for the animation's end.
    public mutating func finishAnimation() {
        self.pending = []
        self.step = nil
        self.animatedMover = nil
        self.shown = BoardView(self.state)
        if let summary = self.pendingSummary {
            self.lastMove = summary
            self.pendingSummary = nil
        }
    }

    mutating func advance() {
        guard !self.pending.isEmpty else {
            self.finishAnimation()
            return
        }
        let next = self.pending.removeFirst()
        self.step = next
        self.shown = next.view
        self.nextStepAt = self.now + self.stepSeconds
    }

    mutating func announceWinner() {
        guard self.state.isOver else { return }
        let scores = self.state.scores
        let text: String
        switch self.state.winner {
        case .won(let seat)?:
            text = SeedMessages.winner(self.names[seat], scores: (scores[seat], scores[seat.opponent]))
        default: text = SeedMessages.winner(nil, scores: (scores.a, scores.b))
        }
        // NB: the status line announces the winner, once; no notice repeats it.
        self.result = text
    }

    mutating func setOverlay(_ overlay: Overlay) {
        self.overlay = overlay
    }

    mutating func select(_ bank: Int?) {
        self.selected = bank
    }

    mutating func sent() {
        self.awaitingHost = true
        self.selected = nil
    }

    mutating func setNotice(_ notice: Span?) {
        self.notice = notice
    }
}
