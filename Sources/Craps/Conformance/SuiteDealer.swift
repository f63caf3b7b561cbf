import CrapsRules
import GameKit
import Protocol

/// The client suite's side of a Craps match: the host's own copy of the match (with its secrets), what
/// the client under test should hold, and the lies the script tells about the dice.
///
/// The two copies are the same but while a loaded roll is told: then the client's copy holds dice the
/// secret does not give, until the period's deciding roll reveals the secret. After a decision the two
/// are equal again (a new period, no rolls in it), so a client that does not recompute the dice sees a
/// consistent match, and only one that checks the rolls at the reveal notices.
struct SuiteDealer: Sendable {
    /// A lie about the dice, told on one move.
    enum Lie: Sendable, Equatable {
        /// A deciding roll reveals a secret other than the committed one.
        case reveal
        /// A roll that decides nothing shows dice other than the secret's (deciding nothing either).
        case loaded
    }

    /// The table the script plays at.
    let table: TableID
    /// The host's copy, with the current period's secret.
    private(set) var truth: CrapsState
    /// What the client should hold: the truth as every viewer sees it, but for a loaded roll being told.
    private(set) var shown: CrapsState
    /// Moves applied.
    private(set) var seq = 0
    /// Whether the shown copy differs from the truth (a loaded roll not yet revealed).
    var isLoaded: Bool { self.shown != self.truth.viewed }
    private let secret: [UInt8]

    /// A match at `table` for seats P1 and P2, P1 shooting, ending after `decisions` decisions.
    init(table: TableID, decisions: Int) {
        self.table = table
        self.secret = SHA256.digest(of: Array("tcnet conformance client craps".utf8))
        var random = HostRandom(secret: self.secret, step: 0)
        guard
            let start = CrapsState(
                seats: ["P1", "P2"], shooter: "P1", secret: random.secretHex(), decisionLimit: decisions)
        else { preconditionFailure("the suite's Craps table is a valid start") }
        self.truth = start
        self.shown = start.viewed
    }

    /// Whether a lie can be told on a roll now: a reveal on a roll that decides, loaded dice on a roll
    /// that decides nothing while the point is on (the host knows its dice before it rolls them).
    func canTell(_ lie: Lie) -> Bool {
        guard let dice = self.truth.nextRoll, !self.isLoaded else { return false }
        let decides = self.truth.decision(for: dice.total) != nil
        switch lie {
        case .reveal: return decides
        case .loaded: return !decides && self.truth.point != nil
        }
    }

    /// Plays a move for a mover: prepared and applied to the truth, and shown to the client as it may see
    /// it, or with a lie (which the caller checked ``canTell(_:)``).
    /// - Returns: the `state` message for the client, or the rules' refusal (nothing changes).
    mutating func play(_ move: CrapsMove, by mover: Mover, lie: Lie? = nil) -> Result<MatchUpdate, GameRuleViolation> {
        var random = HostRandom(secret: self.secret, step: UInt64(self.seq + 1))
        let prepared = CrapsGame.prepare(move, by: mover, in: self.truth, random: &random)
        var truth = self.truth
        let events: [CrapsEvent]
        switch CrapsGame.apply(prepared, by: mover, to: &truth) {
        case .failure(let violation): return .failure(violation)
        case .success(let applied): events = applied
        }
        var viewed = prepared.viewed
        var shownEvents = events
        var shown = truth.viewed
        switch (lie, viewed) {
        case (.reveal?, .roll(var roll?)) where roll.reveal != nil:
            roll.reveal = String((roll.reveal ?? "").reversed())
            viewed = .roll(roll)
            shownEvents = events.map { event in
                guard case .revealed(let period, let secret) = event else { return event }
                return .revealed(period: period, secret: String(secret.reversed()))
            }
        case (.loaded?, .roll(let roll?)):
            guard let point = self.truth.point, let fake = Self.otherDice(than: roll.dice, decidingNothingWith: point)
            else { break }
            viewed = .roll(PreparedRoll(dice: fake))
            (shown, shownEvents) = self.shownAfter(viewed, by: mover) ?? (shown, shownEvents)
        default:
            // NB: while loaded dice are being told, the client's copy follows the rolls that decide nothing;
            // the deciding roll makes it the truth again (a new period holds no rolls).
            if self.isLoaded, !events.contains(where: { if case .decided = $0 { true } else { false } }) {
                (shown, shownEvents) = self.shownAfter(viewed, by: mover) ?? (shown, shownEvents)
            }
        }
        self.truth = truth
        self.shown = shown
        self.seq += 1
        return .success(self.update(last: PlayedMove(seat: mover.seat, move: JSONValue.encoding(viewed)), shownEvents))
    }

    /// The client's copy after a move, and its events, when the rules (without the secret) take it.
    private func shownAfter(_ move: CrapsMove, by mover: Mover) -> (CrapsState, [CrapsEvent])? {
        var shown = self.shown
        guard case .success(let events) = CrapsGame.apply(move, by: mover, to: &shown) else { return nil }
        return (shown, events)
    }

    /// The `state` message of the shown copy: after a move, or (without `last`) for `sync`.
    func update(last: PlayedMove? = nil, _ events: [CrapsEvent] = []) -> MatchUpdate {
        let toAct = CrapsGame.toAct(in: self.truth)
        let result = CrapsGame.result(of: self.truth)
        return MatchUpdate(
            table: self.table, match: 1, seq: self.seq, turn: toAct.count == 1 ? toAct[0] : nil,
            status: result == nil ? .playing : .over, state: JSONValue.encoding(self.shown),
            hash: CrapsGame.hash(of: self.shown), last: last, events: events.map { JSONValue.encoding($0) },
            result: result.map { result in
                MatchResult(
                    winner: result.winner, reason: result.reason,
                    standings: result.standings.map { Standing(seat: $0.seat, score: $0.score, rank: $0.rank) })
            },
            toAct: toAct)
    }

    /// Dice other than `dice` that decide nothing while the point is `point`: the same total turned
    /// over when it can be, else another total that is neither 7 nor the point.
    static func otherDice(than dice: Dice, decidingNothingWith point: Int) -> Dice? {
        var candidates: [Dice] = []
        for first in Dice.faces {
            for second in Dice.faces where Dice(first, second) != dice {
                candidates.append(Dice(first, second))
            }
        }
        return candidates.first { $0.total == dice.total }
            ?? candidates.first { $0.total != 7 && $0.total != point }
    }
}
