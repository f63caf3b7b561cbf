import GameKit
import ScreenKit

/// `tcnet play`'s core: a match of any game on one terminal, people taking turns at the keyboard
/// (the seeds' first versions) and bots in the other seats. It plays the moves the screen asks for
/// with the game's own rules, as the host would: prepared with randomness from a secret of this
/// terminal's, then applied.
public struct LocalGame<S: GameScreen>: Sendable {
    /// The screen.
    public private(set) var screen: S
    /// The match's state.
    public private(set) var state: S.G.State
    /// The seats the bots play, and which bot.
    public let bots: [SeatName: String]
    /// Matches started, the first included.
    public private(set) var matches = 1
    /// Seconds a bot waits after the screen settles, so a person can follow.
    public var botPause: Double
    /// The terminal's size: while it is too small for the screen, a notice replaces the board and
    /// keys wait, except Ctrl-C.
    public var terminalSize = TerminalSize.standard
    let seats: [SeatName]
    let ruleSet: String
    let options: GameOptions
    let content: [String: GameContent]
    var secret: [UInt8]
    var seq = 0
    var seed: UInt64
    var botReadyAt: Double?
    var over = false
    /// The wall-clock time at which the screen's clock read 0 (a game's deadlines are wall-clock).
    let origin: GameTime
    var startedAt: GameTime
    /// What the game asks this terminal to speak (hear and type), once: the driver takes it.
    public private(set) var speechDue: String?
    var spoken: String?
    var soundRequests = 0

    /// Creates a match.
    /// - Parameters:
    ///   - names: each seat's player (or bot) name.
    ///   - seats: the seats, in order.
    ///   - ruleSet: the rule set.
    ///   - options: the options.
    ///   - bots: the seats the bots play.
    ///   - stepSeconds: seconds per animation step.
    ///   - seed: where the bots' choices and this terminal's randomness start.
    ///   - origin: the wall-clock time when the screen's clock reads 0.
    ///   - content: the content the table's library options name (a word list), by option name.
    /// - Returns: `nil` when the game has no such rule set.
    public init?(
        names: [SeatName: String], seats: [SeatName], ruleSet: String, options: GameOptions,
        bots: [SeatName: String], stepSeconds: Double, seed: UInt64, origin: GameTime = GameTime(milliseconds: 0),
        content: [String: GameContent] = [:]
    ) {
        self.content = content
        self.origin = origin
        self.startedAt = origin
        let people = Set(seats).subtracting(bots.keys)
        let title = bots.isEmpty ? "local game" : "against the \(Set(bots.values).sorted().joined(separator: ", ")) bot"
        self.screen = S(
            ScreenSetup(
                title: title, seats: seats, controlled: people, ruleSet: ruleSet, options: options,
                stepSeconds: stepSeconds))
        self.seats = seats
        self.ruleSet = ruleSet
        self.options = options
        self.bots = bots
        self.seed = seed
        self.secret = Self.secret(seed: seed, match: 1)
        self.botPause = max(0.2, stepSeconds * 2)
        var random = HostRandom(secret: self.secret, step: 0)
        let setup = MatchSetup(
            ruleSet: ruleSet, seats: seats, firstSeat: seats[0], options: options, startedAt: origin, content: content)
        guard let state = S.G.start(setup, random: &random) else { return nil }
        self.state = state
        self.screen.update(TableNews(names: names, link: .local))
        self.screen.show(state, after: nil, events: [], newMatch: true)
        self.noteSpeech()
    }

    /// Takes the text to speak, if there is one.
    public mutating func takeSpeech() -> String? {
        defer { self.speechDue = nil }
        return self.speechDue
    }

    /// Asks for the game's speech when it changed, or when the player asked to hear it again.
    mutating func noteSpeech() {
        let state = self.state
        let text = self.seats.compactMap { S.G.speech(in: state, for: .seat($0)) }.first
        if text != self.spoken || self.screen.soundRequests > self.soundRequests {
            self.speechDue = text
        }
        self.spoken = text
        self.soundRequests = self.screen.soundRequests
    }

    /// The screen to draw.
    public func frame(width: Int, height: Int) -> Frame {
        let size = TerminalSize(width: width, height: height)
        guard size.fits(S.minimumSize) else { return size.tooSmallFrame(for: S.minimumSize) }
        return self.screen.frame(width: width, height: height)
    }

    /// A key; returns whether to stop.
    public mutating func press(_ key: Key, now: Double = 0) -> Bool {
        if key == .interrupt { return true }
        // NB: the board is hidden by the notice; a key would act on what nobody sees.
        guard self.terminalSize.fits(S.minimumSize) else { return false }
        var stop = false
        for action in self.screen.press(key) {
            switch action {
            case .move(let move):
                let mover = S.G.toAct(in: self.state).first { self.bots[$0] == nil }
                if let mover { self.play(move, by: .seat(mover)) }
            case .moveAs(let seat, let move):
                // NB: only a person's seat; the rules refuse a seat that may not move now.
                if self.seats.contains(seat), self.bots[seat] == nil { self.play(move, by: .seat(seat)) }
            case .rematch: self.rematch(now: now)
            case .leave, .quit: stop = true
            }
        }
        self.noteSpeech()
        return stop
    }

    /// Advances the clock; a bot moves when it may and the screen has settled.
    /// - Returns: whether the screen changed.
    public mutating func tick(now: Double) -> Bool {
        var changed = self.screen.tick(now: now)
        let wall = self.origin.adding(milliseconds: Int64(now * 1000))
        self.screen.clock(
            timeLeft: self.over
                ? nil : S.G.deadline(of: self.state).map { Double($0.milliseconds - wall.milliseconds) / 1000 })
        if !self.over, let deadline = S.G.deadline(of: self.state), deadline <= wall,
            let move = S.G.hostMove(.deadline, in: self.state)
        {
            self.play(move, by: .host)
            return true
        }
        let botSeat = S.G.toAct(in: self.state).first { self.bots[$0] != nil }
        guard !self.over, let seat = botSeat, let bot = self.bots[seat], !self.screen.isBusy else {
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
        let view = S.G.view(of: self.state, for: .seat(seat))
        if let move = S.G.botMove(bot: bot, seat: seat, in: view, seed: self.seed) {
            self.play(move, by: .seat(seat))
            changed = true
        }
        return changed
    }

    /// Shows a problem of this terminal's own (no sound player).
    public mutating func warn(_ text: String) {
        self.screen.warn(text, rule: nil, details: [:])
    }

    mutating func play(_ move: S.G.Move, by mover: Mover) {
        var random = HostRandom(secret: self.secret, step: UInt64(self.seq + 1))
        let prepared = S.G.prepare(move, by: mover, in: self.state, random: &random)
        var next = self.state
        switch S.G.apply(prepared, by: mover, to: &next) {
        case .failure(let violation):
            self.screen.warn(violation.message, rule: violation.code, details: violation.details)
        case .success(let events):
            self.state = next
            self.seq += 1
            self.screen.show(next, after: ShownMove(mover: mover, move: prepared), events: events, newMatch: false)
            if let result = S.G.result(of: next) {
                self.over = true
                self.screen.matchEnded(result)
            }
        }
    }

    mutating func rematch(now: Double = 0) {
        self.matches += 1
        self.startedAt = self.origin.adding(milliseconds: Int64(now * 1000))
        self.seq = 0
        self.over = false
        self.secret = Self.secret(seed: self.seed, match: self.matches)
        // NB: the names are kept (the seeds' Replay); the first mover takes turns, as at the host's tables.
        let first = self.seats[(self.matches - 1) % self.seats.count]
        var random = HostRandom(secret: self.secret, step: 0)
        let setup = MatchSetup(
            ruleSet: self.ruleSet, seats: self.seats, firstSeat: first, options: self.options,
            startedAt: self.startedAt, content: self.content)
        guard let state = S.G.start(setup, random: &random) else { return }
        self.state = state
        self.screen.show(state, after: nil, events: [], newMatch: true)
        self.spoken = nil
        self.noteSpeech()
    }

    /// This terminal's randomness for a match (nobody else plays against it).
    static func secret(seed: UInt64, match: Int) -> [UInt8] {
        SHA256.digest(of: Array("tcnet play \(seed) \(match)".utf8))
    }
}
