import GameKit

// MARK: The wire's JSON, written without an Encoder

// NB: the host writes a move's events and the state after every move; these write the bytes of their
// `Encodable` forms (GameEvent+Codable, GameState+Codable) directly, members sorted by key. The tests
// hold the two to the same bytes over random games (JSONTextTests).

extension GameEvent: JSONTextWritable {
    public func writeJSON(to json: inout JSONTextWriter) {
        json.beginObject()
        switch self {
        case .pickedUp(let square, let count), .relayed(let square, let count):
            json.member("count", count)
            json.member("square", square.description)
        case .dropped(let square):
            json.member("square", square.description)
        case .captured(let seat, let square, let count, let chain):
            json.member("chain", chain)
            json.member("count", count)
            json.member("seat", seat.rawValue)
            json.member("square", square.description)
        case .stopped(let square, let reason):
            json.member("reason", reason.rawValue)
            json.member("square", square.description)
        case .refilled(let seat, let fromCollection):
            json.member("fromCollection", fromCollection)
            json.member("seat", seat.rawValue)
        case .borrowed(let seat, let lender, let count):
            json.member("count", count)
            json.member("lender", lender.rawValue)
            json.member("seat", seat.rawValue)
        case .turnPassed(let seat):
            json.member("seat", seat.rawValue)
        case .swept(let seat, let count):
            json.member("count", count)
            json.member("seat", seat.rawValue)
        case .gameOver(let winner, let scores, let reason):
            json.member("reason", reason.rawValue)
            json.member("scores", scores)
            json.member("type", self.type)
            json.member("winner", winner.description)
            json.endObject()
            return
        }
        json.member("type", self.type)
        json.endObject()
    }
}

extension GameState: JSONTextWritable {
    public func writeJSON(to json: inout JSONTextWriter) {
        json.beginObject()
        json.member("banks", self.banks)
        json.member("bottom", self.bottom)
        json.member("collections", self.collections)
        json.member("debts", self.debts)
        json.member("phase", self.phase.rawValue)
        json.member("rules", self.rules.name)
        if self.phase == .over { json.member("scores", self.scores) }
        json.member("top", self.top)
        json.member("turn", self.turn.rawValue)
        json.member("turns", self.turns)
        json.key("winner")
        if let winner = self.winner { json.string(winner.description) } else { json.null() }
        json.endObject()
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
