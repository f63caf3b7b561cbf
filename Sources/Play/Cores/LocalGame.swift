import GameKit
import Board
import TaxCollectionRules

/// `tcnet play`'s core: a match on one terminal, two players turn by turn (the seed's first version)
/// or one player against a bot. It applies the moves the board asks for with the rules engine.
public struct LocalGame: Sendable {
    /// The board.
    public private(set) var board: BoardModel
    /// The match's state.
    public private(set) var state: GameState
    /// The bot's seat and kind, when playing against one.
    public let bot: (seat: Seat, kind: BotKind)?
    /// Matches started, the first included.
    public private(set) var matches = 1
    /// Seconds the bot waits after the board settles, so a person can follow.
    public var botPause: Double
    var seed: UInt64
    var botReadyAt: Double?

    /// Creates a match.
    /// - Parameters:
    ///   - names: the players' names.
    ///   - rules: the rule set.
    ///   - bot: the bot's seat and kind, or `nil` for two people.
    ///   - stepSeconds: seconds per animation step.
    ///   - seed: where the bot's random choices start.
    public init(names: BySeat<String>, rules: RuleSet, bot: (seat: Seat, kind: BotKind)?, stepSeconds: Double, seed: UInt64) {
        let controlled: Set<Seat> = bot.map { [$0.seat.opponent] } ?? [.a, .b]
        self.board = BoardModel(
            names: names, controlled: controlled, title: bot == nil ? "two players" : "against the \(bot!.kind) bot",
            rules: rules, stepSeconds: stepSeconds)
        self.state = GameState(rules: rules)
        self.bot = bot
        self.seed = seed
        self.botPause = max(0.2, stepSeconds * 2)
        self.board.show(self.state, newMatch: true)
    }

    /// A key; returns whether to stop.
    public mutating func press(_ key: Key) -> Bool {
        var stop = false
        for action in self.board.press(key) {
            switch action {
            case .move(let move): self.play(move)
            case .rematch: self.rematch()
            case .leave, .quit: stop = true
            }
        }
        return stop
    }

    /// Advances the clock; the bot moves when it is its turn and the board has settled.
    /// - Returns: whether the screen changed.
    public mutating func tick(now: Double) -> Bool {
        var changed = self.board.tick(now: now)
        guard let bot, !self.state.isOver, self.state.turn == bot.seat, !self.board.isAnimating else {
            self.botReadyAt = nil
            return changed
        }
        guard let readyAt = self.botReadyAt else {
            self.botReadyAt = now + self.botPause
            return changed
        }
        guard now >= readyAt else { return changed }
        self.botReadyAt = nil
        self.seed = self.seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        var generator = SplitMix64(seed: self.seed)
        self.play(bot.kind.bot.chooseMove(in: self.state, using: &generator))
        changed = true
        return changed
    }

    mutating func play(_ move: Move) {
        let mover = self.state.turn
        do {
            let events = try self.state.apply(move)
            self.board.show(self.state, after: (mover, move), events: events)
        } catch {
            self.board.warn(error.message, rule: error.code)
        }
    }

    mutating func rematch() {
        self.matches += 1
        // NB: the names are kept (the seed's Replay); the first mover alternates, as at the host's tables.
        self.state = GameState(rules: self.state.rules, firstToMove: self.matches % 2 == 1 ? .a : .b)
        self.board.show(self.state, newMatch: true)
    }
}
