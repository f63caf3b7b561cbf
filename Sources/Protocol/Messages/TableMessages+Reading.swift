// MARK: A table's messages, read without a Decoder

// NB: a client hears its table's description whenever it changes (several times a match), and a match's
// result in its last `state`. These read them member by member as they are parsed (a result from its
// checked text) when they are as a host writes them, and return `nil` for anything else, which
// `Decodable` then reads or refuses; `WirePayloadTests` holds the two readings to the same results.

extension TableUpdate {
    /// A `table` message read member by member as it is parsed, when it is as a host writes one; `nil` for
    /// anything else, which `WireCodec.decodeHost` reads as any other message.
    static func envelope(scanning payload: [UInt8]) -> HostEnvelope? {
        var re: RequestID?
        var info: TableInfo?
        var typed = false
        let read = JSONParser.readObject(of: payload) { parser, name in
            switch name.count {
            case 2 where name.isNamed("re"):
                re = RequestID.scannedNumber(&parser)
                return re != nil
            case 4 where name.isNamed("type"):
                guard case .string("table")? = parser.memberValue() else { return false }
                typed = true
            case 5 where name.isNamed("table"):
                info = TableInfo.reading(&parser)
                return info != nil
            default:
                return false
            }
            return true
        }
        guard read, typed, let info else { return nil }
        return HostEnvelope(re: re, .table(TableUpdate(table: info)))
    }
}

extension OfferNotice {
    /// A `rematch-offered` or `draw-offered` read member by member as it is parsed, when it is as a host
    /// writes one; `nil` for anything else (a name that repeats too), which `WireCodec.decodeHost` reads
    /// as any other message.
    ///
    /// NB: a seat hears its opponent's rematch offer at the end of every game `tcnet bench net` plays; read
    /// through `Decodable`, that one message cost a client 1 % of its time.
    static func envelope(scanning payload: [UInt8]) -> HostEnvelope? {
        var re: RequestID?
        var (seat, table, type): (String?, String?, String?)
        // NB: each name is matched before its value is read: any other message (a `welcome` with its games)
        // is left at its first name, none of its values built.
        let read = JSONParser.readObject(of: payload) { parser, name in
            switch name.count {
            case 2 where name.isNamed("re") && re == nil:
                re = RequestID.scannedNumber(&parser)
                return re != nil
            case 4 where name.isNamed("seat") && seat == nil:
                guard case .string(let text)? = parser.memberValue() else { return false }
                seat = text
            case 5 where name.isNamed("table") && table == nil:
                guard case .string(let text)? = parser.memberValue() else { return false }
                table = text
            case 4 where name.isNamed("type") && type == nil:
                guard case .string(let text)? = parser.memberValue() else { return false }
                type = text
            default:
                return false
            }
            return true
        }
        guard read, let seat, let table, let type else { return nil }
        let notice = OfferNotice(table: table, seat: seat)
        switch type {
        case "rematch-offered": return HostEnvelope(re: re, .rematchOffered(notice))
        case "draw-offered": return HostEnvelope(re: re, .drawOffered(notice))
        default: return nil
        }
    }
}

extension TableInfo {
    /// A table's description as a host writes it, read at the parser (a member of the message); `nil` for
    /// anything else. A name that repeats counts with its last value, as in the general reading.
    static func reading(_ parser: inout JSONParser) -> TableInfo? {
        var (id, game, ruleSet, status, onTimeout): (String?, String?, String?, TableStatus?, TimeoutPolicy?)
        var (seats, spectators, graceSeconds, match): ([SeatInfo]?, Int?, Int?, Int?)
        var options: [String: JSONValue]?
        var pausedBy: PauseReason?
        // NB: names matched as bytes, not made `String`s: a client hears a table's description several times
        // a match, each with a dozen names and more for each seat.
        let read = parser.readMembers(depth: 2) { parser, name in
            if name.isNamed("seats") {
                seats = parser.readList(depth: 2) { SeatInfo.reading(&$0) }
                return seats != nil
            }
            if name.isNamed("options") {
                switch parser.strictValue(depth: 2) {
                case .null?: options = nil
                case .object(let values)?: options = values
                default: return false
                }
                return true
            }
            switch (TableInfoMember(name), parser.memberValue()) {
            case (.id?, .string(let text)?): id = text
            case (.game?, .string(let text)?): game = text
            case (.ruleSet?, .string(let text)?): ruleSet = text
            case (.status?, .string(let text)?): status = TableStatus(rawValue: text)
            case (.onTimeout?, .string(let text)?): onTimeout = TimeoutPolicy(rawValue: text)
            case (.spectators?, .integer(let number)?): spectators = Int(exactly: number)
            case (.graceSeconds?, .integer(let number)?): graceSeconds = Int(exactly: number)
            case (.match?, .integer(let number)?): match = Int(exactly: number)
            case (.pausedBy?, .string(let text)?): pausedBy = PauseReason(rawValue: text)
            case (.pausedBy?, .null?): pausedBy = nil
            default: return false
            }
            return true
        }
        guard read, let id, let game, let ruleSet, let status, let seats, let spectators, let graceSeconds,
            let onTimeout, let match
        else { return nil }
        return TableInfo(
            id: id, game: game, ruleSet: ruleSet, status: status, seats: seats, spectators: spectators,
            graceSeconds: graceSeconds, onTimeout: onTimeout, match: match, options: options, pausedBy: pausedBy)
    }
}

extension SeatInfo {
    /// A seat as a host writes it, read at the parser; `nil` for anything else.
    static func reading(_ parser: inout JSONParser) -> SeatInfo? {
        var (seat, ready, away): (String?, Bool?, Bool?)
        var read = SeatInfo(seat: "")
        let members = parser.readMembers(depth: 3) { parser, name in
            switch (SeatInfoMember(name), parser.memberValue()) {
            case (.seat?, .string(let text)?): seat = text
            case (.ready?, .bool(let flag)?): ready = flag
            case (.away?, .bool(let flag)?): away = flag
            case (.player?, .string(let text)?): read.player = PlayerID(rawValue: text)
            case (.name?, .string(let text)?): read.name = text
            case (.bot?, .string(let text)?): read.bot = text
            case (.player?, .null?): read.player = nil
            case (.name?, .null?): read.name = nil
            case (.bot?, .null?): read.bot = nil
            default: return false
            }
            return true
        }
        guard members, let seat, let ready, let away else { return nil }
        (read.seat, read.ready, read.away) = (seat, ready, away)
        return read
    }
}

/// The members of a table's description that ``TableInfo/reading(_:)`` reads as plain values.
private enum TableInfoMember {
    case id, game, ruleSet, status, onTimeout, spectators, graceSeconds, match, pausedBy

    /// The member of that name, written without escapes; `nil` for any other name.
    init?(_ name: UnsafeBufferPointer<UInt8>) {
        switch name.count {
        case 2 where name.isNamed("id"): self = .id
        case 4 where name.isNamed("game"): self = .game
        case 5 where name.isNamed("match"): self = .match
        case 6 where name.isNamed("status"): self = .status
        case 7 where name.isNamed("ruleSet"): self = .ruleSet
        case 8 where name.isNamed("pausedBy"): self = .pausedBy
        case 9 where name.isNamed("onTimeout"): self = .onTimeout
        case 10 where name.isNamed("spectators"): self = .spectators
        case 12 where name.isNamed("graceSeconds"): self = .graceSeconds
        default: return nil
        }
    }
}

/// The members of a seat that ``SeatInfo/reading(_:)`` reads.
private enum SeatInfoMember {
    case seat, ready, away, player, name, bot

    /// The member of that name, written without escapes; `nil` for any other name.
    init?(_ name: UnsafeBufferPointer<UInt8>) {
        switch name.count {
        case 3 where name.isNamed("bot"): self = .bot
        case 4 where name.isNamed("seat"): self = .seat
        case 4 where name.isNamed("away"): self = .away
        case 4 where name.isNamed("name"): self = .name
        case 5 where name.isNamed("ready"): self = .ready
        case 6 where name.isNamed("player"): self = .player
        default: return nil
        }
    }
}

extension MatchResult {
    /// `result` as a host writes it, read at the parser (a member of a `state`): `reason`, `winner` unless
    /// none, `standings` of seats with whole scores and ranks; `nil` for anything else (a name that repeats
    /// too), which `Decodable` then reads or says what is wrong with.
    ///
    /// NB: read as it is parsed, not from a tree: a match's last `state` built a dictionary for the result
    /// and one for each standing (each client, at the end of every game).
    static func reading(_ parser: inout JSONParser) -> MatchResult? {
        var reason: String?
        var winner: String?
        var standings: [Standing]?
        var seen: (reason: Bool, winner: Bool, standings: Bool) = (false, false, false)
        let read = parser.readMembers(depth: 2) { parser, name in
            switch name.count {
            case 6 where name.isNamed("reason") && !seen.reason:
                seen.reason = true
                guard case .string(let text)? = parser.memberValue() else { return false }
                reason = text
            case 6 where name.isNamed("winner") && !seen.winner:
                seen.winner = true
                switch parser.memberValue() {
                case .null?: break
                case .string(let text)?: winner = text
                default: return false
                }
            case 9 where name.isNamed("standings") && !seen.standings:
                seen.standings = true
                guard parser.valueIsContainer() else {
                    guard case .null? = parser.memberValue() else { return false }
                    return true
                }
                standings = parser.readList(depth: 2) { Standing.reading(&$0) }
                return standings != nil
            default:
                return false
            }
            return true
        }
        guard read, let reason else { return nil }
        return MatchResult(winner: winner, reason: reason, standings: standings)
    }
}

extension Standing {
    /// A standing as a host writes it, read at the parser: `seat`, `score` and `rank`, each once, the
    /// numbers written as integers; `nil` for anything else.
    static func reading(_ parser: inout JSONParser) -> Standing? {
        var (seat, score, rank): (String?, Int?, Int?)
        let read = parser.readMembers(depth: 3) { parser, name in
            switch name.count {
            case 4 where name.isNamed("seat") && seat == nil:
                guard case .string(let text)? = parser.memberValue() else { return false }
                seat = text
            case 5 where name.isNamed("score") && score == nil:
                guard case .integer(let number)? = parser.memberValue() else { return false }
                score = Int(number)
            case 4 where name.isNamed("rank") && rank == nil:
                guard case .integer(let number)? = parser.memberValue() else { return false }
                rank = Int(number)
            default:
                return false
            }
            return true
        }
        guard read, let seat, let score, let rank else { return nil }
        return Standing(seat: seat, score: score, rank: rank)
    }
}
