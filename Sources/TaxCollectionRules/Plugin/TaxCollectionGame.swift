import GameKit

/// Tax Collection (Ô ăn quan) at the lobby's tables: the rules engine, plugged in.
///
/// NB: this is the whole of the rules' presence in the lobby: two seats, one mover at a time, no
/// hidden information, no randomness, no clock.
public enum TaxCollectionGame: Game {
    public typealias State = GameState
    public typealias Move = TaxCollectionRules.Move
    public typealias Event = GameEvent

    public static let descriptor = GameDescriptor(
        id: "taxcollection", name: "Tax Collection", seats: Seat.allCases.map(\.rawValue),
        ruleSets: RuleSet.allNames, bots: BotKind.allCases.map(\.rawValue))

    /// Tax Collection has no hidden information: the board is open, and so is every event.
    public static var hidesInformation: Bool { false }

    public static func start(_ setup: MatchSetup, random: inout HostRandom) -> GameState? {
        guard let rules = RuleSet.named(setup.ruleSet), let seat = Seat(rawValue: setup.firstSeat) else { return nil }
        return GameState(rules: rules, firstToMove: seat)
    }

    public static func toAct(in state: GameState) -> [SeatName] {
        // NB: asked after every move by the host and each client: one list a seat, made once.
        state.isOver ? [] : state.turn == .a ? Self.seatA : Self.seatB
    }

    private static let seatA: [SeatName] = [Seat.a.rawValue]
    private static let seatB: [SeatName] = [Seat.b.rawValue]

    public static func apply(
        _ move: Move, by mover: Mover, to state: inout GameState
    ) -> Result<[GameEvent], GameRuleViolation> {
        do {
            return .success(try state.apply(move))
        } catch {
            return .failure(GameRuleViolation(code: error.code, message: error.message))
        }
    }

    /// ``GameState/play(_:)``: the rules' one implementation, without building the events.
    public static func advance(
        _ move: Move, by mover: Mover, to state: inout GameState
    ) -> Result<Void, GameRuleViolation> {
        do {
            return .success(try state.play(move))
        } catch {
            return .failure(GameRuleViolation(code: error.code, message: error.message))
        }
    }

    public static func result(of state: GameState) -> GameResult? {
        guard state.isOver else { return nil }
        return GameResult.ranking(Self.scores(in: state), reason: "finished")
    }

    /// The dollars each player has collected.
    public static func scores(in state: GameState) -> [(seat: SeatName, score: Int)] {
        Seat.allCases.map { ($0.rawValue, state.scores[$0]) }
    }

    /// Each of the eleven moves' text, written once (``Move/text``).
    public static func moveText(_ move: Move) -> [UInt8]? {
        move.text
    }

    /// The move of one of the eleven texts (``Move/init(keptText:)``).
    public static func keptMove(_ text: UnsafeRawBufferPointer) -> Move? {
        Move(keptText: text)
    }

    public static func hash(of state: GameState) -> String {
        state.stateHash
    }

    public static func state(_ state: GameState, hashesTo hash: String) -> Bool {
        state.hashes(to: hash)
    }

    public static func botMove(bot: String, seat: SeatName, in state: GameState, seed: UInt64) -> Move? {
        guard !state.isOver, state.turn.rawValue == seat, let player = BotKind.bot(named: bot) else { return nil }
        var generator = SplitMix64(seed: seed)
        return player.chooseMove(in: state, using: &generator)
    }
}
