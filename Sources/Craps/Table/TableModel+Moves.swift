import CrapsRules
import GameKit
import ScreenKit

// MARK: - Sending moves, and taking in what the host did

extension TableModel {
    // MARK: Helpers for the keys

    /// Whether the rules, as the host runs them, take this move from this seat in the latest state.
    func accepts(_ move: CrapsMove, by seat: SeatName) -> Bool {
        self.refusal(of: move, by: seat) == nil
    }

    /// Why the rules refuse this move from this seat in the latest state, or `nil`.
    func refusal(of move: CrapsMove, by seat: SeatName) -> GameRuleViolation? {
        guard var copy = self.state else { return nil }
        if case .failure(let violation) = CrapsGame.apply(move, by: .seat(seat), to: &copy) { return violation }
        return nil
    }

    /// Records a move as sent and returns the action that sends it.
    mutating func send(_ move: CrapsMove, as seat: SeatName) -> Action {
        self.awaiting = (move, seat)
        return .move(move, seat: seat)
    }

    mutating func setOverlay(_ overlay: Overlay) {
        self.overlay = overlay
    }

    mutating func setNotice(_ notice: Span?) {
        self.notice = notice
    }

    mutating func setActive(_ seat: SeatName) {
        self.active = seat
        if let ante = self.me?.ante { self.slider.set(ante) }
    }

    mutating func moveSlider(by steps: Int) {
        self.slider.move(by: steps)
    }

    mutating func setSlider(_ value: Money) {
        self.slider.set(value)
    }

    // MARK: What a state does to the screen

    mutating func took(_ move: (mover: Mover, move: CrapsMove), events: [CrapsEvent]) {
        if let awaiting = self.awaiting, move.mover == .seat(awaiting.seat), Self.sameKind(move.move, awaiting.move) {
            self.awaiting = nil
            self.retries = 0
        }
        if self.notice?.style == .warning { self.notice = nil }
        self.lastMove = Narration.line(for: events, name: self.name) ?? self.lastMove
        if let outcome = Narration.outcome(of: events, for: self.controlled) {
            self.outcome = Span(outcome.text, outcome.good ? .good : .warning)
        } else if events.contains(where: { Narration.isRoll($0) || self.isOwnReset($0) }) {
            // NB: as the seed's won and lost flags, a roll that decides nothing (or a reset) clears the message.
            self.outcome = nil
        }
        if self.stepSeconds > 0, case .roll(let prepared?) = move.move {
            self.rolling = RollAnimation(settlingOn: prepared.dice)
            self.nextStepAt = self.now + self.stepSeconds
        }
    }

    func isOwnReset(_ event: CrapsEvent) -> Bool {
        if case .reset(let seat, _, _) = event { return self.controlled.contains(seat) }
        return false
    }

    static func sameKind(_ a: CrapsMove, _ b: CrapsMove) -> Bool {
        switch (a, b) {
        case (.roll, .roll), (.ante, .ante), (.reset, .reset), (.seed, .seed): true
        default: false
        }
    }

    /// Keeps the keys on a seat that is still in the match (a local table's person who left hands them on).
    mutating func keepActiveSeat() {
        guard let state = self.state else { return }
        if let active = self.active, state.player(active)?.isIn ?? false { return }
        if let next = self.controlled.first(where: { state.player($0)?.isIn ?? false }) { self.active = next }
    }

    mutating func announceResult() {
        guard let state = self.state, let result = state.result else { return }
        self.matchEnded(result)
    }
}
