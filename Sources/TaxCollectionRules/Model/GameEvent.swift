/// Something that happened while a move was applied, in order, for a screen to animate.
///
/// On the wire an event is an object with a `"type"` (see docs/RULES.md for every shape), e.g.
/// `{"type":"dropped","square":"A4"}` or `{"type":"captured","seat":"A","square":"top","count":12,"chain":1}`.
public enum GameEvent: Sendable, Hashable {
    /// The mover took every dollar of one of their banks into the hand.
    case pickedUp(square: Square, count: Int)
    /// One dollar left the hand into a square.
    case dropped(square: Square)
    /// The hand was empty, the next square was a bank with dollars: they were all picked up to sow on.
    case relayed(square: Square, count: Int)
    /// The mover captured a square into their collection. A chain capture is a run of these events with
    /// `chain` 1, 2, 3, …
    case captured(seat: Seat, square: Square, count: Int, chain: Int)
    /// The sowing ended; `square` is the square that made it end (see ``StopReason``).
    case stopped(square: Square, reason: StopReason)
    /// The mover put one dollar into each of their five banks, `fromCollection` of them from their own
    /// collection (a ``borrowed`` event follows for the rest).
    case refilled(seat: Seat, fromCollection: Int)
    /// The mover borrowed `count` dollars from the lender's collection for a refill; it is recorded as debt.
    case borrowed(seat: Seat, lender: Seat, count: Int)
    /// The turn passed; `seat` now holds it.
    case turnPassed(seat: Seat)
    /// At the end of the game, a player's banks were emptied into their collection.
    case swept(seat: Seat, count: Int)
    /// The game ended; scores are collection − debt owed + debt lent.
    case gameOver(winner: Outcome, scores: BySeat<Int>, reason: EndReason)

    /// The event's `"type"` on the wire, such as `"picked-up"`.
    public var type: String { self.typeName.description }

    /// ``type`` as the code spells it (what the host writes: `JSONTextWriter.string(_:)` copies it).
    var typeName: StaticString {
        switch self {
        case .pickedUp: "picked-up"
        case .dropped: "dropped"
        case .relayed: "relayed"
        case .captured: "captured"
        case .stopped: "stopped"
        case .refilled: "refilled"
        case .borrowed: "borrowed"
        case .turnPassed: "turn-passed"
        case .swept: "swept"
        case .gameOver: "game-over"
        }
    }
}

/// Why a sowing ended (the `"reason"` of a `"stopped"` event).
public enum StopReason: String, Sendable, Hashable, Codable, CaseIterable {
    /// The hand was empty and the next square was a treasury.
    case treasury
    /// The hand was empty, the next square was an empty bank and the one after it was empty too.
    case empty
    /// The hand was empty, the next square was an empty bank and the one after it a treasury too young
    /// to capture (only in rule sets with a young-treasury minimum).
    case youngTreasury = "young-treasury"
    /// One or more squares were captured; `square` is the last one captured.
    case captured
    /// A relay came back to a board and position it already had in this turn (see docs/RULES.md: it
    /// cannot happen under the current rule sets, but the rule guarantees termination).
    case repeated = "repeat"
}

/// Why a game ended (the `"reason"` of a `"game-over"` event).
public enum EndReason: String, Sendable, Hashable, Codable, CaseIterable {
    /// After a sowing turn both treasuries were empty.
    case treasuriesEmpty = "treasuries-empty"
    /// The rule set's cap on sowing turns was reached.
    case turnCap = "turn-cap"
    /// The next player had to refill and could not: not enough in their collection and (with borrowing)
    /// not enough in the opponent's to lend the whole shortfall.
    case refillImpossible = "refill-impossible"
}
