// MARK: A table's messages, read without a Decoder

// NB: a client hears its table's description whenever it changes (several times a match), and a match's
// result in its last `state`. These read them member by member when they are as a host writes them, and
// return `nil` for anything else, which `Decodable` then reads or refuses; `WirePayloadTests` holds the
// two readings to the same results.

extension HostEnvelope {
    /// The host's messages a client reads most, member by member: a `table` from its parsed members
    /// (``TableUpdate/envelope(reading:)``); `nil` for any other message. (A `state` is read as it is
    /// parsed, before: ``MatchUpdate/envelope(scanning:)``.)
    static func envelope(reading members: ParsedMembers) -> HostEnvelope? {
        switch members["type"] {
        case .string("table")?: TableUpdate.envelope(reading: members)
        default: nil
        }
    }
}

extension TableUpdate {
    /// A `table` message read member by member from its parsed object, read with `deferring`, when it is
    /// as a host writes one; `nil` for anything else.
    static func envelope(reading members: ParsedMembers) -> HostEnvelope? {
        var re: RequestID?
        var info: TableInfo?
        for (key, node) in members {
            switch (key, node) {
            case ("type", .string("table")): break
            case ("re", .integer(let number)) where number.magnitude <= RequestID.maxNumber: re = .number(number)
            case ("table", .deferred(let text)) where !text.isArray && !text.wroteWholeAsFraction:
                info = TableInfo.reading(text.built)
            default:
                return nil
            }
        }
        guard let info else { return nil }
        return HostEnvelope(re: re, .table(TableUpdate(table: info)))
    }
}

extension TableInfo {
    /// A table's description as a host writes it; `nil` for anything else.
    static func reading(_ node: ParsedJSON) -> TableInfo? {
        guard case .object(let members) = node else { return nil }
        var (id, game, ruleSet, status, onTimeout): (String?, String?, String?, TableStatus?, TimeoutPolicy?)
        var (seats, spectators, graceSeconds, match): ([SeatInfo]?, Int?, Int?, Int?)
        var options: [String: JSONValue]?
        var pausedBy: PauseReason?
        for (key, member) in members {
            switch (key, member) {
            case ("id", .string(let text)): id = text
            case ("game", .string(let text)): game = text
            case ("ruleSet", .string(let text)): ruleSet = text
            case ("status", .string(let text)): status = TableStatus(rawValue: text)
            case ("onTimeout", .string(let text)): onTimeout = TimeoutPolicy(rawValue: text)
            case ("spectators", .integer(let number)): spectators = Int(exactly: number)
            case ("graceSeconds", .integer(let number)): graceSeconds = Int(exactly: number)
            case ("match", .integer(let number)): match = Int(exactly: number)
            case ("pausedBy", .string(let text)): pausedBy = PauseReason(rawValue: text)
            case ("pausedBy", .null), ("options", .null): break
            case ("options", .object):
                guard case .object(let values)? = try? member.jsonValue(.strict) else { return nil }
                options = values
            case ("seats", .array(let items)):
                var read: [SeatInfo] = []
                for item in items {
                    guard let seat = SeatInfo.reading(item) else { return nil }
                    read.append(seat)
                }
                seats = read
            default:
                return nil
            }
        }
        guard let id, let game, let ruleSet, let status, let seats, let spectators, let graceSeconds,
            let onTimeout, let match
        else { return nil }
        return TableInfo(
            id: id, game: game, ruleSet: ruleSet, status: status, seats: seats, spectators: spectators,
            graceSeconds: graceSeconds, onTimeout: onTimeout, match: match, options: options, pausedBy: pausedBy)
    }
}

extension SeatInfo {
    /// A seat as a host writes it; `nil` for anything else.
    static func reading(_ node: ParsedJSON) -> SeatInfo? {
        guard case .object(let members) = node else { return nil }
        var (seat, ready, away): (String?, Bool?, Bool?)
        var read = SeatInfo(seat: "")
        for (key, member) in members {
            switch (key, member) {
            case ("seat", .string(let text)): seat = text
            case ("ready", .bool(let flag)): ready = flag
            case ("away", .bool(let flag)): away = flag
            case ("player", .string(let text)): read.player = PlayerID(rawValue: text)
            case ("name", .string(let text)): read.name = text
            case ("bot", .string(let text)): read.bot = text
            case ("player", .null), ("name", .null), ("bot", .null): break
            default: return nil
            }
        }
        guard let seat, let ready, let away else { return nil }
        (read.seat, read.ready, read.away) = (seat, ready, away)
        return read
    }
}

extension MatchResult {
    /// `result` as a host writes it: `reason`, `winner` unless none, `standings` of seats with whole
    /// scores and ranks; `nil` for anything else (`Decodable` reads it or says what is wrong).
    static func reading(_ node: ParsedJSON) -> MatchResult? {
        guard case .object(let members) = node, case .string(let reason)? = members["reason"] else { return nil }
        var result = MatchResult(winner: nil, reason: reason)
        for (key, member) in members {
            switch (key, member) {
            case ("reason", _), ("winner", .null), ("standings", .null): break
            case ("winner", .string(let winner)): result.winner = winner
            case ("standings", .array(let items)):
                var standings: [Standing] = []
                for item in items {
                    guard case .object(let standing) = item, standing.count == 3,
                        case .string(let seat)? = standing["seat"], case .integer(let score)? = standing["score"],
                        case .integer(let rank)? = standing["rank"]
                    else { return nil }
                    standings.append(Standing(seat: seat, score: Int(score), rank: Int(rank)))
                }
                result.standings = standings
            default:
                return nil
            }
        }
        return result
    }
}
