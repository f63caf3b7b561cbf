import GameKit

/// The three spelling games of the seed as one game of the lobby (docs/SPELLING.md): one seat, the `mode`
/// option (pick, unscramble, hear), the `list` option (a word list), three lives, two minutes.
///
/// The host holds the answer; the student's client gets the three spellings without which is right, the
/// tiles without the word, or the sound without its text, and applies the host's verdict on each answer.
public enum SpellingGame: Game {
    public typealias State = SpellingState
    public typealias Move = SpellingMove
    public typealias Event = SpellingEvent

    /// The `mode` option's name.
    public static let modeOption = "mode"
    /// The `list` option's name.
    public static let listOption = "list"

    /// "spelling": one seat "S", rule set "classic", options `mode` and `list`, high scores kept.
    public static let descriptor = GameDescriptor(
        id: "spelling", name: "Spelling", seats: ["S"], ruleSets: ["classic"],
        options: [
            GameOption(
                name: Self.modeOption, summary: "pick the right spelling, unscramble the tiles, or hear and type",
                kind: .choice(SpellingMode.allCases.map(\.rawValue), default: SpellingMode.pick.rawValue)),
            GameOption(
                name: Self.listOption, summary: "the word list (tcnet words list shows the host's lists)",
                kind: .library(builtIn: [FirstGradeWords.name], default: FirstGradeWords.name)),
        ],
        keepsHighScores: true)

    /// The list a table names: its imported content, or the built-in list.
    public static func words(_ setup: MatchSetup) -> WordList? {
        let name = setup.options.choice(Self.listOption)
        guard let content = setup.content[Self.listOption] else {
            return name == FirstGradeWords.name ? FirstGradeWords.list : nil
        }
        return try? WordList.reading(content, name: name).get()
    }

    public static func start(_ setup: MatchSetup, random: inout HostRandom) -> SpellingState? {
        guard setup.ruleSet == "classic", setup.seats.count == 1,
            let mode = SpellingMode(rawValue: setup.options.choice(Self.modeOption)), let list = Self.words(setup),
            let challenge = ChallengeDraw.next(mode: mode, words: list.words, after: nil, number: 1, random: &random)
        else { return nil }
        return SpellingState(
            mode: mode, list: list.name, seat: setup.seats[0],
            deadline: setup.startedAt.adding(seconds: SpellingState.seconds).milliseconds, lives: SpellingState.lives,
            misses: 0, score: 0, number: 1, challenge: challenge, marked: [], solved: [], over: nil,
            words: list.words)
    }

    public static func toAct(in state: SpellingState) -> [SeatName] {
        state.over == nil ? [state.seat] : []
    }

    /// Judges an answer with the answer the host holds and, when it is right, draws the next word. The
    /// verdict the student sent, if any, is replaced; a move the rules refuse is returned as it came.
    public static func prepare(
        _ move: SpellingMove, by mover: Mover, in state: SpellingState, random: inout HostRandom
    ) -> SpellingMove {
        guard state.over == nil, move != .timeUp, let words = state.words, let answers = state.challenge.answers,
            case .success(let answer) = state.answer(move)
        else { return move.with(nil) }
        guard answers.contains(answer) else { return move.with(HostVerdict(right: false)) }
        let next = ChallengeDraw.next(
            mode: state.mode, words: words, after: state.challenge.word, number: state.number + 1, random: &random)
        return move.with(HostVerdict(right: true, next: next))
    }

    public static func apply(
        _ move: SpellingMove, by mover: Mover, to state: inout SpellingState
    ) -> Result<[SpellingEvent], GameRuleViolation> {
        state.apply(move, by: mover)
    }

    public static func result(of state: SpellingState) -> GameResult? {
        state.result
    }

    public static func scores(in state: SpellingState) -> [(seat: SeatName, score: Int)] {
        [(state.seat, state.score)]
    }

    /// Two minutes after the start, while the game goes on.
    public static func deadline(of state: SpellingState) -> GameTime? {
        state.over == nil ? GameTime(milliseconds: state.deadline) : nil
    }

    /// At the deadline: time is up. A student who leaves ends the game (the default).
    public static func hostMove(_ cause: HostCause, in state: SpellingState) -> SpellingMove? {
        cause == .deadline ? .timeUp : nil
    }

    /// Hear and type needs the host's voice.
    public static func features(for options: GameOptions) -> Set<HostFeature> {
        options.choice(Self.modeOption) == SpellingMode.hear.rawValue ? [.speech] : []
    }

    /// Hear and type: the word being asked, spoken to everyone at the table and never shown.
    public static func speech(in state: SpellingState, for viewer: Viewer) -> String? {
        state.mode == .hear && state.over == nil ? state.challenge.word : nil
    }

    /// SHA-256 of the state's JSON (docs/SPELLING.md, "The state hash").
    public static func hash(of state: SpellingState) -> String {
        state.stateHash
    }

    public static func view(of state: SpellingState, for viewer: Viewer) -> SpellingState {
        state.viewed
    }

    public static func view(of event: SpellingEvent, for viewer: Viewer) -> SpellingEvent? {
        if case .next(let challenge) = event { return .next(challenge.viewed) }
        return event
    }

    public static func view(of move: SpellingMove, for viewer: Viewer) -> SpellingMove {
        move.viewed
    }

    /// No bots: a bot would see only what the student sees, and cannot know the answer.
    public static func botMove(bot: String, seat: SeatName, in state: SpellingState, seed: UInt64) -> SpellingMove? {
        nil
    }
}
