import CrapsRules
import GameKit
import ScreenKit

/// The Craps table screen's whole state and behaviour, without a terminal: states, events, refusals and
/// keys go in; moves to send come back, and ``TableRenderer`` draws it.
///
/// The same model serves a networked seat (one seat), `tcnet play craps` (every seat a person plays, the
/// keys acting for one of them at a time) and a spectator (none). It never applies a move to its state:
/// a move is an ``Action`` for the driver, and the table changes when the driver shows the next state.
/// It uses the rules only to predict a refusal before sending, with the code the host runs.
public struct TableModel: Sendable {
    /// What the driver must do after an input.
    public enum Action: Sendable, Equatable {
        /// Play this move for this seat.
        case move(CrapsMove, seat: SeatName)
        /// Offer (or start) a rematch.
        case rematch
        /// Leave the match (it was confirmed) and stop.
        case leave
        /// Stop; nothing is under way.
        case quit
    }

    /// What covers the bottom lines.
    public enum Overlay: Sendable, Equatable {
        case none
        /// "Leave the match?"
        case confirmQuit
        /// The seed being typed for the dice.
        case seedEntry(String)
    }

    /// The players' names by seat.
    public var names: [SeatName: String] = [:]
    /// The table's seats, in order.
    public let seats: [SeatName]
    /// The seats this terminal plays, in seat order.
    public let controlled: [SeatName]
    /// The title bar's text after the game's name.
    public var title: String
    /// The connection.
    public var link: Link = .local
    /// A line shown while there is no match yet.
    public var waiting: String?
    /// Seconds per animation step; 0 shows each roll at once.
    public var stepSeconds: Double

    /// The latest state (verified by the driver), once a match has started.
    public internal(set) var state: CrapsState?
    /// The seat the keys act for: this terminal's seat, or at a local table the one chosen with Tab.
    public internal(set) var active: SeatName?
    /// The ante slider.
    public internal(set) var slider = AnteSlider()
    /// The message line: a refusal, news.
    public internal(set) var notice: Span?
    /// The seed's won, lost or bankrupt message after the latest decision.
    public internal(set) var outcome: Span?
    /// What the latest move did, in words.
    public internal(set) var lastMove: String?
    /// The provably fair dice: the commitment, and the latest verification.
    public internal(set) var audit: DiceAudit?
    /// What covers the bottom lines.
    public internal(set) var overlay: Overlay = .none
    /// How the match ended, in words, once it has.
    public internal(set) var result: String?
    /// Each seat's place once the match has ended (1 for the best balance; equal balances share it).
    public internal(set) var places: [SeatName: Int] = [:]
    /// Absent players and when their seat stops being held (seconds on the model's clock).
    public internal(set) var away: [SeatName: Double] = [:]
    /// The model's clock, in seconds, advanced by ``tick(now:)``.
    public internal(set) var now: Double = 0
    /// The roll being shown tumbling, if any.
    public internal(set) var rolling: RollAnimation?

    /// The move sent and not yet answered.
    var awaiting: (move: CrapsMove, seat: SeatName)?
    /// A move the host could not take (not by its rules: a stale seq, no connection), to send again
    /// once the current state is shown.
    var retry: (move: CrapsMove, seat: SeatName)?
    /// Moves sent again since the player's last move was taken.
    var retries = 0
    var nextStepAt: Double = 0

    /// The most moves sent again in a row before the screen gives up and says so.
    public static let retryLimit = 3

    /// Creates a table before any match.
    /// - Parameters:
    ///   - seats: the table's seats, in order.
    ///   - controlled: the seats this terminal plays.
    ///   - title: the title bar's text.
    ///   - stepSeconds: seconds per animation step.
    public init(seats: [SeatName], controlled: Set<SeatName>, title: String, stepSeconds: Double = 0.25) {
        self.seats = seats
        self.controlled = seats.filter(controlled.contains)
        self.title = title
        self.stepSeconds = stepSeconds
        self.active = self.controlled.first
    }

    /// Whether a match has started.
    public var hasMatch: Bool { self.state != nil }

    /// Whether a match is under way (quitting asks first).
    public var matchUnderWay: Bool { (self.state.map { !$0.isOver } ?? false) && self.result == nil }

    /// Whether a roll is being shown tumbling.
    public var isAnimating: Bool { self.rolling != nil }

    /// The dice the table shows now: tumbling, or the latest roll.
    public var shownDice: Dice? { self.rolling?.faces ?? self.state?.dice }

    /// A seat's name for people: the player's name, or the seat.
    public func name(_ seat: SeatName) -> String {
        self.names[seat] ?? seat
    }

    /// The active seat's player in the latest state.
    public var me: CrapsPlayer? {
        self.active.flatMap { self.state?.player($0) }
    }

    // MARK: Inputs from the driver

    /// Shows a new state: the first of a match, or the one after a move.
    /// - Parameters:
    ///   - state: the state (verified).
    ///   - move: the move that led to it and who made it; `nil` for a first state or a resync.
    ///   - events: the move's events.
    ///   - newMatch: whether this is the first state of a new match.
    public mutating func show(
        _ state: CrapsState, after move: (mover: Mover, move: CrapsMove)? = nil, events: [CrapsEvent] = [],
        newMatch: Bool = false
    ) {
        let previousAnte = self.me?.ante
        self.finishAnimation()
        if self.state == nil || newMatch {
            self.result = nil
            self.places = [:]
            self.lastMove = nil
            self.notice = nil
            self.outcome = nil
            self.awaiting = nil
            self.retry = nil
            self.retries = 0
            self.audit = DiceAudit(from: state)
        } else if let move {
            self.audit?.observe(move.move, by: move.mover, after: state)
        } else {
            self.audit?.resync(to: state)
        }
        let first = self.state == nil || newMatch
        self.state = state
        self.waiting = nil
        if let move {
            self.took(move, events: events)
        } else {
            // NB: a state without a move (a resync, a resume) answers whatever was in flight.
            self.awaiting = nil
        }
        self.keepActiveSeat()
        if let ante = self.me?.ante, ante != previousAnte || first {
            // NB: the slider follows the ante in force whenever it changes (a bet, a loss, a reset).
            self.slider.set(ante)
        }
        if state.isOver { self.announceResult() }
    }

    /// Records how the match ended: why, and each seat's place (the players' table shows them).
    public mutating func matchEnded(_ result: GameResult) {
        self.awaiting = nil
        self.retry = nil
        self.places = Dictionary(result.standings.map { ($0.seat, $0.rank) }, uniquingKeysWith: min)
        let why: String
        switch result.reason {
        case "finished": why = "The table's decisions are played"
        case "resigned": why = "Every player has left"
        case "forfeit": why = "The last player did not come back in time"
        default: why = "The match is over (\(result.reason))"
        }
        let best = result.standings.filter { $0.rank == 1 }.map { standing in
            "\(self.name(standing.seat)) \(Money(cents: Int64(standing.score)))"
        }
        let leader = best.isEmpty ? "" : (result.standings.count > 1 ? ": best balance " : ": ")
        self.result = why + leader + best.joined(separator: ", ")
        self.notice = Span(self.result ?? "", .good)
    }

    /// Shows a refusal or any other warning. A refusal by the rules with the ante they accept moves the
    /// slider back to it, as the seed's controller does.
    /// - Parameters:
    ///   - message: the sentence to show.
    ///   - rule: the game's rule code, when the rules refused a move.
    ///   - details: the refusal's details (`allowed`: the ante the rules accept, in cents).
    public mutating func warn(_ message: String, rule: String? = nil, details: [String: Int] = [:]) {
        if rule == nil, let awaiting = self.awaiting {
            // NB: the host could not take the move (a stale seq when seats act at once): try again on the
            // state that comes next, if the player still may.
            self.retry = awaiting
        }
        self.awaiting = nil
        var text = message
        if let allowed = details["allowed"] {
            self.slider.set(Money(cents: Int64(allowed)))
            text += " (the slider is back at \(self.slider.value))"
        }
        self.notice = Span(text, .warning)
    }

    /// Shows news that is not a warning.
    public mutating func inform(_ message: String) {
        self.notice = Span(message, .good)
    }

    /// A player's connection dropped; their seat is held for `graceSeconds`.
    public mutating func playerAway(_ seat: SeatName, graceSeconds: Double) {
        self.away[seat] = self.now + graceSeconds
    }

    /// A player came back.
    public mutating func playerBack(_ seat: SeatName) {
        guard self.away.removeValue(forKey: seat) != nil else { return }
        self.inform("\(self.name(seat)) is back")
    }

    /// The move to send again after the host could not take it, if the player still may make it and it
    /// would still change something: at most ``retryLimit`` times in a row.
    public mutating func followUp() -> [Action] {
        guard let retry = self.retry else { return [] }
        self.retry = nil
        guard self.retries < Self.retryLimit, self.awaiting == nil, let state = self.state, !state.isOver else {
            return []
        }
        let still: Bool
        switch retry.move {
        case .roll: still = state.shooter == retry.seat
        case .ante(let ante): still = state.player(retry.seat)?.ante != ante && self.accepts(retry.move, by: retry.seat)
        case .reset, .seed: still = self.accepts(retry.move, by: retry.seat)
        case .leave: still = false
        }
        guard still else { return [] }
        self.retries += 1
        return [self.send(retry.move, as: retry.seat)]
    }

    /// Advances the clock: a tumbling roll moves on when a step's time is up.
    /// - Parameter now: seconds on any steady clock.
    /// - Returns: whether the screen changed.
    public mutating func tick(now: Double) -> Bool {
        self.now = now
        guard var rolling = self.rolling, now >= self.nextStepAt else { return !self.away.isEmpty }
        if rolling.advance() {
            self.rolling = rolling
            self.nextStepAt = now + self.stepSeconds
        } else {
            self.rolling = nil
        }
        return true
    }

    /// Shows the dice settled at once.
    public mutating func finishAnimation() {
        self.rolling = nil
    }
}
