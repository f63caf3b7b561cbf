import GameKit
import Protocol
import TaxCollectionRules

/// Tax Collection (Ô ăn quan) at the lobby's tables: the rules engine, plugged in.
///
/// NB: this is the whole of the game's presence in the lobby; a new game is a rules module plus a
/// conformance like this one.
public enum TaxCollectionGame: TurnBasedGame {
    public typealias State = GameState
    public typealias Move = TaxCollectionRules.Move
    public typealias Event = GameEvent

    public static let descriptor = GameDescriptor(
        id: "taxcollection", name: "Tax Collection", seats: Seat.allCases.map(\.rawValue),
        ruleSets: RuleSet.allNames)

    public static var bots: [String] { BotKind.allCases.map(\.rawValue) }

    /// Tax Collection has no hidden information: the board is open, and so is every event.
    public static var hidesInformation: Bool { false }

    public static func start(ruleSet: String, firstSeat: String) -> GameState? {
        guard let rules = RuleSet.named(ruleSet), let seat = Seat(rawValue: firstSeat) else { return nil }
        return GameState(rules: rules, firstToMove: seat)
    }

    public static func seatToMove(in state: GameState) -> String? {
        state.isOver ? nil : state.turn.rawValue
    }

    public static func apply(_ move: Move, to state: inout GameState) -> Result<[GameEvent], GameRuleViolation> {
        do {
            return .success(try state.apply(move))
        } catch {
            return .failure(GameRuleViolation(code: error.code, message: error.message))
        }
    }

    public static func winner(of state: GameState) -> String? {
        state.winner?.description
    }

    public static func hash(of state: GameState) -> String {
        state.stateHash
    }

    public static func botMove(bot: String, in state: GameState, seed: UInt64) -> Move? {
        guard !state.isOver, let player = BotKind.bot(named: bot) else { return nil }
        var generator = SplitMix64(seed: seed)
        return player.chooseMove(in: state, using: &generator)
    }
}
