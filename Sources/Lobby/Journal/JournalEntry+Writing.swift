import GameKit
import Protocol

// MARK: A table's and a finished match's records, written without an Encoder

// NB: the journal writes a table's record whenever the table changes (seated, playing, over: a few
// times a match) and a match's archive record when it ends; through `Encodable` they cost the journal's
// thread more than the match's moves did. These write the bytes of their `Encodable` forms directly,
// members sorted by key and absent optionals left out, as the synthesized conformances do;
// `JournalRecordWritingTests` holds them to `JSONEncoder`'s bytes over every optional member present
// and absent, and `WirePayloadTests` over whole matches.

extension TableRecord: JSONTextWritable {
    public func writeJSON(to json: inout JSONTextWriter) {
        json.beginObject()
        if let bots = self.bots { json.member("bots", JSONValue.object(bots.mapValues(JSONValue.string))) }
        // NB: a word list a teacher gave the table: rare, and as long as it is; the general writer.
        if let content = self.content { json.member("content", JSONValue.encoding(content)) }
        json.member("firstSeat", self.firstSeat)
        json.member("game", self.game)
        json.member("graceSeconds", self.graceSeconds)
        json.member("id", self.id)
        json.member("match", self.match)
        json.member("number", self.number)
        json.member("onTimeout", self.onTimeout.rawValue)
        if let options = self.options { json.member("options", JSONValue.object(options)) }
        if let reserved = self.reserved { json.member("reserved", reserved) }
        if let result = self.result { json.member("result", result) }
        json.member("ruleSet", self.ruleSet)
        if let seatCount = self.seatCount { json.member("seatCount", seatCount) }
        json.member("seats", JSONValue.object(self.seats.mapValues { .string($0.rawValue) }))
        if let secret = self.secret { json.member("secret", secret) }
        if let startedAt = self.startedAt { json.member("startedAt", Int(startedAt)) }
        if let startsAt = self.startsAt { json.member("startsAt", Int(startsAt)) }
        json.member("status", self.status.rawValue)
        json.endObject()
    }
}

extension MatchArchive.Seat: JSONTextWritable {
    public func writeJSON(to json: inout JSONTextWriter) {
        json.beginObject()
        if let bot = self.bot { json.member("bot", bot) }
        if let name = self.name { json.member("name", name) }
        if let player = self.player { json.member("player", player.rawValue) }
        json.member("seat", self.seat)
        json.endObject()
    }
}

extension MatchArchive: JSONTextWritable {
    public func writeJSON(to json: inout JSONTextWriter) {
        json.beginObject()
        json.member("endedAt", Int(self.endedAt))
        json.member("finalHash", self.finalHash)
        json.member("finalState", self.finalState)
        json.member("game", self.game)
        json.member("match", self.match)
        json.member("moves", self.moves)
        json.member("options", JSONValue.object(self.options))
        json.member("result", self.result)
        json.member("ruleSet", self.ruleSet)
        json.member("seats", self.seats)
        json.member("startState", self.startState)
        json.member("startedAt", Int(self.startedAt))
        json.member("table", self.table)
        json.endObject()
    }
}
