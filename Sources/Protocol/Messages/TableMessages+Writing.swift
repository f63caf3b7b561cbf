import GameKit

// MARK: A table's messages, written without an Encoder

// NB: a table's description goes to its players and spectators whenever it changes (several times a
// match: seated, ready, playing, over), and the match's last `state` carries its result. These write the
// bytes of their `Encodable` forms directly, members sorted by key and absent optionals left out, as
// the synthesized conformances do; `WirePayloadTests` holds them to `JSONEncoder`'s bytes over whole
// matches and over every optional member present and absent.

extension SeatInfo: JSONTextWritable {
    public func writeJSON(to json: inout JSONTextWriter) {
        json.beginObject()
        json.member("away", self.away)
        if let bot = self.bot { json.member("bot", bot) }
        if let name = self.name { json.member("name", name) }
        if let player = self.player { json.member("player", player.rawValue) }
        json.member("ready", self.ready)
        json.member("seat", self.seat)
        json.endObject()
    }
}

extension TableInfo: JSONTextWritable {
    public func writeJSON(to json: inout JSONTextWriter) {
        json.beginObject()
        json.member("game", self.game)
        json.member("graceSeconds", self.graceSeconds)
        json.member("id", self.id)
        json.member("match", self.match)
        json.member("onTimeout", self.onTimeout.rawValue)
        if let options = self.options { json.member("options", JSONValue.object(options)) }
        if let pausedBy = self.pausedBy { json.member("pausedBy", pausedBy.rawValue) }
        json.member("ruleSet", self.ruleSet)
        json.member("seats", self.seats)
        json.member("spectators", self.spectators)
        json.member("status", self.status.rawValue)
        json.endObject()
    }
}

extension Standing: JSONTextWritable {
    public func writeJSON(to json: inout JSONTextWriter) {
        json.beginObject()
        json.member("rank", self.rank)
        json.member("score", self.score)
        json.member("seat", self.seat)
        json.endObject()
    }
}

extension MatchResult: JSONTextWritable {
    public func writeJSON(to json: inout JSONTextWriter) {
        json.beginObject()
        json.member("reason", self.reason)
        if let standings = self.standings { json.member("standings", standings) }
        if let winner = self.winner { json.member("winner", winner) }
        json.endObject()
    }
}

extension HighScore: JSONTextWritable {
    public func writeJSON(to json: inout JSONTextWriter) {
        json.beginObject()
        json.member("games", self.games)
        json.member("name", self.name)
        json.member("rank", self.rank)
        json.member("score", self.score)
        json.endObject()
    }
}

extension HighScores: JSONTextWritable {
    public func writeJSON(to json: inout JSONTextWriter) {
        json.beginObject()
        json.member("names", self.names)
        if let place = self.place { json.member("place", place) }
        json.member("top", self.top)
        json.endObject()
    }
}

extension TableUpdate {
    /// The `table` message's payload, written member by member in the order of their keys.
    ///
    /// NB: the same bytes as `WireCodec.payload`'s general path (`WirePayloadTests`).
    func payload(re: RequestID?) -> [UInt8] {
        messagePayload(capacity: 256 + 96 * self.table.seats.count) { json in
            if let re { json.member("re", re) }
            json.member("table", self.table)
            json.member("type", "table")
        }
    }
}

/// A message's payload: one object, whose members `members` writes in the order of their keys.
private func messagePayload(capacity: Int, _ members: (inout JSONTextWriter) -> Void) -> [UInt8] {
    var json = JSONTextWriter(capacity: capacity)
    json.beginObject()
    members(&json)
    json.endObject()
    return json.bytes
}

extension OfferNotice {
    /// A `draw-offered` or `rematch-offered` message's payload, written member by member in the order of
    /// their keys.
    ///
    /// NB: both players hear of a rematch at the end of every match; the general path walked an `Encoder`
    /// over these few members, about a percent of a busy host's time (docs/BENCHMARKS.md, twenty-fourth
    /// round). The same bytes as that path (`WirePayloadTests`).
    func payload(re: RequestID?, type: StaticString) -> [UInt8] {
        messagePayload(capacity: 96 + self.table.utf8.count + self.seat.utf8.count) { json in
            if let re { json.member("re", re) }
            json.member("seat", self.seat)
            json.member("table", self.table)
            json.member("type", type)
        }
    }
}

extension PresenceNotice {
    /// An `away` or `back` message's payload, written member by member in the order of their keys.
    ///
    /// NB: the same bytes as `WireCodec.payload`'s general path (`WirePayloadTests`).
    func payload(re: RequestID?, type: StaticString) -> [UInt8] {
        messagePayload(capacity: 160 + self.table.utf8.count + self.name.utf8.count) { json in
            if let graceMs = self.graceMs { json.member("graceMs", graceMs) }
            json.member("name", self.name)
            json.member("player", self.player.rawValue)
            if let re { json.member("re", re) }
            json.member("seat", self.seat)
            json.member("table", self.table)
            json.member("type", type)
        }
    }
}
