import GameKit

// MARK: The wire's JSON, written without an Encoder

// NB: the host writes a move's events and the state after every move; these write the bytes of their
// `Encodable` forms (GameEvent+Codable, GameState+Codable) directly, members sorted by key. The tests
// hold the two to the same bytes over random games (JSONTextTests).

extension GameEvent: JSONTextWritable {
    public func writeJSON(to json: inout JSONTextWriter) {
        // NB: most of a move's events can take only a few values: a seed dropped on a square (ten of the
        // fifteen of a typical sowing), the sowing stopped on a square for a reason, and the turn passed to
        // a seat, which end nearly every move. Each of those is written once, by ``writeObject(to:)``, and
        // copied whole: the stop and the turn were two of a move's four events written member by member
        // (about 470 instructions each; docs/BENCHMARKS.md, issue 14's fortieth round).
        if let index = self.writtenOnceIndex {
            return json.raw(Self.writtenOnce[index])
        }
        self.writeObject(to: &json)
    }

    /// The events written once, as ``writeObject(to:)`` writes them, at their ``writtenOnceIndex``: a
    /// seed dropped on each square of the ring, the sowing stopped on each square for each reason, the
    /// turn passed to each seat.
    static let writtenOnce: [[UInt8]] = Self.writtenOnceEvents.map { event in
        var json = JSONTextWriter(capacity: 64)
        event.writeObject(to: &json)
        return json.bytes
    }

    /// The events of ``writtenOnce``, in its order.
    static var writtenOnceEvents: [GameEvent] {
        let ring = (0..<Square.ringSize).map(Square.init(ringIndex:))
        let dropped = ring.map { GameEvent.dropped(square: $0) }
        let stopped = ring.flatMap { square in
            StopReason.allCases.map { GameEvent.stopped(square: square, reason: $0) }
        }
        return dropped + stopped + Seat.allCases.map { GameEvent.turnPassed(seat: $0) }
    }

    /// The event's place in ``writtenOnce``, when it is one of them.
    var writtenOnceIndex: Int? {
        let stoppedStart = Square.ringSize
        let turnStart = stoppedStart + Square.ringSize * StopReason.count
        switch self {
        case .dropped(let square):
            return square.ringIndex
        case .stopped(let square, let reason):
            return square.ringIndex.map { stoppedStart + $0 * StopReason.count + reason.index }
        case .turnPassed(let seat):
            return turnStart + (seat == .a ? 0 : 1)
        default:
            return nil
        }
    }

    /// Writes the event member by member.
    private func writeObject(to json: inout JSONTextWriter) {
        json.beginObject()
        switch self {
        case .pickedUp(let square, let count), .relayed(let square, let count):
            json.member("count", count)
            json.member("square", square: square)
        case .dropped(let square):
            json.member("square", square: square)
        case .captured(let seat, let square, let count, let chain):
            json.member("chain", chain)
            json.member("count", count)
            json.member("seat", seat.wireName)
            json.member("square", square: square)
        case .stopped(let square, let reason):
            json.member("reason", reason.wireName)
            json.member("square", square: square)
        case .refilled(let seat, let fromCollection):
            json.member("fromCollection", fromCollection)
            json.member("seat", seat.wireName)
        case .borrowed(let seat, let lender, let count):
            json.member("count", count)
            json.member("lender", lender.wireName)
            json.member("seat", seat.wireName)
        case .turnPassed(let seat):
            json.member("seat", seat.wireName)
        case .swept(let seat, let count):
            json.member("count", count)
            json.member("seat", seat.wireName)
        case .gameOver(let winner, let scores, let reason):
            json.member("reason", reason.rawValue)
            json.member("scores", scores)
            json.member("type", self.typeName)
            json.member("winner", winner.description)
            json.endObject()
            return
        }
        json.member("type", self.typeName)
        json.endObject()
    }
}

extension GameState: JSONTextWritable {
    public func writeJSON(to json: inout JSONTextWriter) {
        json.beginObject()
        // NB: each seat's banks read off the board as they are written: `banks` makes two arrays.
        json.key("banks")
        json.beginObject()
        self.writeBanks(of: .a, to: &json)
        self.writeBanks(of: .b, to: &json)
        json.endObject()
        json.member("bottom", self.bottom)
        json.member("collections", self.collections)
        json.member("debts", self.debts)
        json.member("phase", self.phase.wireName)
        json.member("rules", self.rules.name)
        if self.phase == .over { json.member("scores", self.scores) }
        json.member("top", self.top)
        json.member("turn", self.turn.wireName)
        json.member("turns", self.turns)
        json.key("winner")
        if let winner = self.winner { json.string(winner.description) } else { json.null() }
        json.endObject()
    }

    /// A seat's five banks, top to bottom, keyed by the seat's name.
    private func writeBanks(of seat: Seat, to json: inout JSONTextWriter) {
        json.key(seat.wireName)
        json.beginArray()
        for number in 1...5 { json.integer(self[.bank(seat, number)]) }
        json.endArray()
    }
}

// NB: the names the host writes into nearly every event, as the code spells them (see
// `JSONTextWriter.string(_:)` for a `StaticString`); each is its `rawValue` or `description`, which
// JSONTextTests holds them to.

extension Seat {
    /// `"A"` or `"B"`.
    var wireName: StaticString { self == .a ? "A" : "B" }
}

extension Phase {
    /// The wire name.
    var wireName: StaticString {
        switch self {
        case .refill: "refill"
        case .sow: "sow"
        case .over: "over"
        }
    }
}

extension StopReason {
    /// How many reasons there are.
    static let count = StopReason.allCases.count

    /// The reason's place in `allCases`, without making the list.
    var index: Int {
        switch self {
        case .treasury: 0
        case .empty: 1
        case .youngTreasury: 2
        case .captured: 3
        case .repeated: 4
        }
    }

    /// The wire name.
    var wireName: StaticString {
        switch self {
        case .treasury: "treasury"
        case .empty: "empty"
        case .youngTreasury: "young-treasury"
        case .captured: "captured"
        case .repeated: "repeat"
        }
    }
}

extension Square {
    /// The wire name of a square on the board; `nil` for a bank numbered off it.
    var wireName: StaticString? {
        switch self {
        case .top: "top"
        case .bottom: "bottom"
        case .bank(let seat, let number):
            switch (seat, number) {
            case (.a, 1): "A1"
            case (.a, 2): "A2"
            case (.a, 3): "A3"
            case (.a, 4): "A4"
            case (.a, 5): "A5"
            case (.b, 1): "B1"
            case (.b, 2): "B2"
            case (.b, 3): "B3"
            case (.b, 4): "B4"
            case (.b, 5): "B5"
            default: nil
            }
        }
    }
}

extension JSONTextWriter {
    /// Writes a member: its key, then a square's wire name.
    fileprivate mutating func member(_ key: StaticString, square: Square) {
        if let name = square.wireName {
            self.member(key, name)
        } else {
            self.member(key, square.description)
        }
    }
}

extension BySeat: JSONTextWritable where Value: JSONTextWritable & Codable {
    public func writeJSON(to json: inout JSONTextWriter) {
        json.beginObject()
        json.member("A", self.a)
        json.member("B", self.b)
        json.endObject()
    }
}
