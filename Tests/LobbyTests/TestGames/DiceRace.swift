import GameKit
import Synchronization

/// A test game that uses every capability of the seat GameKit gives a game, so the lobby is proven
/// against more than Tax Collection: one to four seats that all roll in the same round
/// (simultaneous), dice from the host's randomness, a teacher option (`target`) and a clock
/// (`clock`: the match ends at its deadline, ranked by totals), seats that leave while the others
/// play on, and a bot.
enum DiceRace: Game {
    struct State: Codable, Sendable, Equatable {
        var totals: [String: Int]
        /// Seats still in the race, in seat order.
        var racing: [String]
        /// Seats that rolled this round.
        var rolled: [String]
        var target: Int
        var deadline: Int64?
        var reason: String?
    }

    struct Move: Codable, Sendable, Equatable {
        var roll: Bool?
        /// The die, filled in by the host.
        var die: Int?
        /// The host's moves: the clock ran out; a seat left.
        var timeUp: Bool?
        var out: String?
    }

    struct Event: Codable, Sendable, Equatable {
        var seat: String?
        var die: Int?
        var kind: String
    }

    static let descriptor = GameDescriptor(
        id: "dicerace", name: "Dice Race", seats: ["P1", "P2", "P3", "P4"], seatCounts: 1...4, defaultSeatCount: 3,
        ruleSets: ["plain"],
        options: [
            GameOption(
                name: "target", summary: "total to reach", kind: .integer(min: 10, max: 50, step: 5, default: 20)),
            GameOption(name: "clock", summary: "a 60-second clock", kind: .toggle(default: false)),
        ],
        bots: ["roller"], simultaneous: true)

    static func refusal(of options: GameOptions, seats: Int) -> OptionRefusal? {
        options.toggle("clock") && seats == 1 && options.integer("target") > 40
            ? OptionRefusal(option: "target", message: "option target must be 40 or less for one seat with a clock")
            : nil
    }

    static func start(_ setup: MatchSetup, random: inout HostRandom) -> State? {
        guard setup.ruleSet == "plain" else { return nil }
        return State(
            totals: Dictionary(uniqueKeysWithValues: setup.seats.map { ($0, 0) }), racing: setup.seats, rolled: [],
            target: setup.options.integer("target"),
            deadline: setup.options.toggle("clock") ? setup.startedAt.adding(seconds: 60).milliseconds : nil)
    }

    static func toAct(in state: State) -> [SeatName] {
        state.reason != nil ? [] : state.racing.filter { !state.rolled.contains($0) }
    }

    static func prepare(_ move: Move, by mover: Mover, in state: State, random: inout HostRandom) -> Move {
        guard move.roll == true else { return move }
        return Move(roll: true, die: random.nextUnbiased(below: 6) + 1)
    }

    static func apply(_ move: Move, by mover: Mover, to state: inout State) -> Result<[Event], GameRuleViolation> {
        switch (mover, move) {
        case (.host, let move) where move.timeUp == true:
            state.reason = "time-up"
            return .success([Event(kind: "time-up")])
        case (.host, let move) where move.out != nil:
            let seat = move.out!
            state.racing.removeAll { $0 == seat }
            state.rolled.removeAll { $0 == seat }
            if state.racing.isEmpty { state.reason = "resigned" }
            return .success([Event(seat: seat, kind: "out")] + Self.endRound(&state))
        case (.seat(let seat), let move) where move.roll == true:
            guard let die = move.die, (1...6).contains(die) else {
                return .failure(GameRuleViolation(code: "no-die", message: "the host rolls the die"))
            }
            guard state.racing.contains(seat), !state.rolled.contains(seat) else {
                return .failure(GameRuleViolation(code: "rolled", message: "you rolled this round"))
            }
            state.totals[seat, default: 0] += die
            state.rolled.append(seat)
            return .success([Event(seat: seat, die: die, kind: "rolled")] + Self.endRound(&state))
        default:
            return .failure(GameRuleViolation(code: "not-a-move", message: "roll, or wait"))
        }
    }

    /// When every seat still racing has rolled: the round ends, and the race when someone reached the target.
    private static func endRound(_ state: inout State) -> [Event] {
        guard !state.racing.isEmpty, state.racing.allSatisfy(state.rolled.contains) else { return [] }
        state.rolled = []
        if state.racing.contains(where: { state.totals[$0, default: 0] >= state.target }) {
            state.reason = "finished"
            return [Event(kind: "finished")]
        }
        return [Event(kind: "round")]
    }

    static func result(of state: State) -> GameResult? {
        guard let reason = state.reason else { return nil }
        let out = Set(state.totals.keys).subtracting(state.racing)
        return GameResult.ranking(Self.scores(in: state), reason: reason, last: out)
    }

    static func scores(in state: State) -> [(seat: SeatName, score: Int)] {
        state.totals.keys.sorted().map { ($0, state.totals[$0]!) }
    }

    static func deadline(of state: State) -> GameTime? {
        state.reason == nil ? state.deadline.map(GameTime.init(milliseconds:)) : nil
    }

    static func hostMove(_ cause: HostCause, in state: State) -> Move? {
        switch cause {
        case .deadline: Move(timeUp: true)
        case .seatLeft(let seat, _): Move(out: seat)
        }
    }

    static func hash(of state: State) -> String {
        // NB: a dictionary's order is not fixed: the totals are written in seat order.
        let totals = state.totals.keys.sorted().map { "\($0)=\(state.totals[$0]!)" }.joined(separator: ",")
        let text =
            "\(totals)|\(state.racing)|\(state.rolled)|\(state.target)|\(state.deadline ?? -1)|\(state.reason ?? "")"
        return SHA256.hex(of: Array(text.utf8))
    }

    static var hidesInformation: Bool { false }

    static func botMove(bot: String, seat: SeatName, in state: State, seed: UInt64) -> Move? {
        bot == "roller" && Self.toAct(in: state).contains(seat) ? Move(roll: true) : nil
    }

    /// A two-seat race with the default options and its randomness from a fixed secret, for a test that
    /// plays it by hand.
    static func twoSeatStart() throws -> (state: State, random: HostRandom) {
        let options = try GameOptions.checking([:], against: Self.descriptor.options).get()
        let setup = MatchSetup(
            ruleSet: "plain", seats: ["P1", "P2"], firstSeat: "P1", options: options,
            startedAt: GameTime(milliseconds: 0))
        var random = HostRandom(secret: Array("a secret for the dice race".utf8), step: 0)
        guard let state = Self.start(setup, random: &random) else { throw GameStartRefused() }
        return (state, random)
    }

    struct GameStartRefused: Error {}

    /// A seat's roll, the one move a seat sends, kept as its text.
    static func moveText(_ move: Move) -> [UInt8]? {
        move == Move(roll: true) ? Self.rollText : nil
    }

    static func keptMove(_ text: UnsafeRawBufferPointer) -> Move? {
        guard text.elementsEqual(Self.rollText) else { return nil }
        Self.keptMovesFound?.count.withLock { $0 += 1 }
        return Move(roll: true)
    }

    private static let rollText = Array(#"{"roll":true}"#.utf8)

    /// Counts the moves found by their kept text, for a test that sets it (each test its own).
    @TaskLocal static var keptMovesFound: Tally?

    final class Tally: Sendable {
        let count = Mutex(0)
    }
}
