import GameKit

/// WhichBill as a game of the lobby: one student, one item at a time, four bills (docs/WHICHBILL.md).
///
/// The host draws each item and cost and judges each bill; the right bill stays off the wire until the
/// student chooses it. Every session ends in the host's archive, from which `tcnet progress` replays
/// the rounds with the rules and the times the host journalled.
public enum WhichBillGame: Game {
    public typealias State = WhichBillState
    public typealias Move = WhichBillMove
    public typealias Event = WhichBillEvent

    /// The one seat.
    public static let seat: SeatName = "P1"

    /// "whichbill": one seat P1, rule set "classic", options `bills`, `minCents`, `maxCents`,
    /// `numberLine`, `items`; bots "careful" and "guesser".
    public static let descriptor = GameDescriptor(
        id: "whichbill", name: "WhichBill", seats: [Self.seat], ruleSets: ["classic"],
        options: SessionOptions.declarations, bots: WhichBillBot.allCases.map(\.rawValue))

    public static func refusal(of options: GameOptions, seats: Int) -> OptionRefusal? {
        SessionOptions.refusal(of: options)
    }

    /// The first item, drawn with the start's randomness, shown at the match's start.
    public static func start(_ setup: MatchSetup, random: inout HostRandom) -> WhichBillState? {
        guard setup.ruleSet == "classic", SessionOptions.refusal(of: setup.options) == nil else { return nil }
        let options = SessionOptions(setup.options)
        let first = ItemDraw.draw(after: nil, costs: options.costs, random: &random)
        return WhichBillState(options: options, item: first.item, cost: first.cost)
    }

    public static func toAct(in state: WhichBillState) -> [SeatName] {
        state.isOver ? [] : [Self.seat]
    }

    /// Completes a choice with the host's verdict (whatever verdict the player sent is replaced), and Play
    /// Again with the next item, its cost and the right bill. Play Again before the round is over, or
    /// after the session's last round, is returned without an item (the rules refuse it).
    public static func prepare(
        _ move: WhichBillMove, by mover: Mover, in state: WhichBillState, random: inout HostRandom
    ) -> WhichBillMove {
        switch move {
        case .choose(let bill, let hint, _):
            let answer = state.answer ?? Bills.right(for: state.cost, among: state.options.bills)
            let verdict = answer.map { BillVerdict.judge(bill, cost: state.cost, answer: $0) } ?? .tooSmall
            return .choose(bill, hint: hint, verdict: verdict)
        case .next:
            guard state.isAnswered, !state.isOver else { return .next(nil) }
            let drawn = ItemDraw.draw(after: state.item.id, costs: state.options.costs, random: &random)
            let answer = Bills.right(for: drawn.cost, among: state.options.bills)
            return .next(NextItem(item: drawn.item.id, cost: drawn.cost, answer: answer))
        }
    }

    public static func apply(
        _ move: WhichBillMove, by mover: Mover, to state: inout WhichBillState
    ) -> Result<[WhichBillEvent], GameRuleViolation> {
        state.apply(move, by: mover)
    }

    /// At the end of the session: the seat's score is the rounds it answered right at the first try.
    public static func result(of state: WhichBillState) -> GameResult? {
        guard state.isOver else { return nil }
        return GameResult(
            reason: "finished", standings: [SeatStanding(seat: Self.seat, score: state.firstTry, rank: 1)])
    }

    public static func scores(in state: WhichBillState) -> [(seat: SeatName, score: Int)] {
        [(Self.seat, state.firstTry)]
    }

    /// SHA-256 of the state's JSON as given (docs/WHICHBILL.md, "The state hash").
    public static func hash(of state: WhichBillState) -> String {
        state.stateHash
    }

    public static func view(of state: WhichBillState, for viewer: Viewer) -> WhichBillState {
        state.viewed
    }

    public static func view(of move: WhichBillMove, for viewer: Viewer) -> WhichBillMove {
        move.viewed
    }

    public static func botMove(bot: String, seat: SeatName, in state: WhichBillState, seed: UInt64) -> WhichBillMove? {
        WhichBillBot(rawValue: bot)?.move(in: state, seed: seed)
    }
}
