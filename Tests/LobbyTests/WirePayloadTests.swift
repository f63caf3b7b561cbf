import Foundation
import GameKit
import Lobby
import TaxCollectionRules
import TestScheduling
import Testing

@testable import Protocol

/// `WireCodec.payload` writes most values itself; it must write exactly what `JSONEncoder` writes.
@Suite("WireCodec: the fast writer and JSONEncoder write the same bytes", .offThePool)
struct WirePayloadTests {
    /// - Parameter direct: whether the direct writer must take the value (`nil`: either way).
    static func expectSame(
        _ value: some Encodable, direct takes: Bool? = true, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let fast = WireCodec.payload(value)
        let reference = WireCodec.encoderPayload(value)
        #expect(
            String(decoding: fast, as: UTF8.self) == String(decoding: reference, as: UTF8.self),
            sourceLocation: sourceLocation)
        // NB: the direct writer must take our messages (else the fast path is never tested here), and
        // write for a value what the tree's writer writes for its tree.
        let direct = try? SortedJSONEncoder.bytes(of: value)
        if let takes { #expect((direct != nil) == takes, "the direct writer takes it", sourceLocation: sourceLocation) }
        if let direct {
            #expect(direct == SortedJSONWriter.bytes(JSONValue.encoding(value)), sourceLocation: sourceLocation)
        }
    }

    /// A host's message, as the host writes it (`WireCodec.payload(_: HostEnvelope)`: a `state` after a
    /// move member by member), against `JSONEncoder`.
    /// - Returns: whether the `state` writer took it.
    @discardableResult
    static func expectSame(_ envelope: HostEnvelope, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let written = WireCodec.payload(envelope)
        let reference = WireCodec.encoderPayload(envelope)
        #expect(
            String(decoding: written, as: UTF8.self) == String(decoding: reference, as: UTF8.self),
            sourceLocation: sourceLocation)
        Self.expectSame(envelope, direct: nil, sourceLocation: sourceLocation)
        guard case .state(let update) = envelope.message else { return false }
        return update.payload(re: envelope.re) != nil
    }

    /// A value that uses every part of the `Encoder` API: nested containers, super encoders, a key
    /// given twice, `nil`, an empty value and a single value holding a struct.
    struct Awkward: Encodable {
        struct Empty: Encodable {
            func encode(to encoder: any Encoder) throws {}
        }

        struct Wrapped: Encodable {
            var inner: [String: Int]
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(self.inner)
            }
        }

        enum Key: String, CodingKey {
            case zeta, alpha, nested, list, twice, none, empty, wrapped, superKey, big, small
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(3, forKey: .zeta)
            try container.encode("first", forKey: .twice)
            var nested = container.nestedContainer(keyedBy: Key.self, forKey: .nested)
            try nested.encode(true, forKey: .alpha)
            try nested.encodeNil(forKey: .none)
            var list = container.nestedUnkeyedContainer(forKey: .list)
            try list.encode(UInt8(7))
            try list.encodeNil()
            var inner = list.nestedContainer(keyedBy: Key.self)
            try inner.encode([Int8(-1), 2], forKey: .small)
            var deeper = list.nestedUnkeyedContainer()
            try deeper.encode("é")
            try Empty().encode(to: list.superEncoder())
            try container.encode("second", forKey: .twice)
            try container.encode(Empty(), forKey: .empty)
            try container.encode(Wrapped(inner: ["b": 2, "a": 1]), forKey: .wrapped)
            try "from super".encode(to: container.superEncoder(forKey: .superKey))
            try container.encode(Int64(9_007_199_254_740_991), forKey: .big)
            try container.encode(JSONValue.object(["y": .number(1.5), "x": .null]), forKey: .alpha)
            var plainSuper = container.superEncoder().unkeyedContainer()
            try plainSuper.encode(1)
        }
    }

    @Test("integers are spelled as String spells them, from Int64.min to Int64.max")
    func integers() {
        var values: [Int64] = [0, 1, -1, 9, 10, -10, 99, 100, .max, .min, .max - 1, .min + 1]
        var power: Int64 = 1
        for _ in 0..<18 {
            power *= 10
            values += [power - 1, power, power + 1, -power, -(power - 1)]
        }
        var random = SplitMix64(seed: 14)
        values += (0..<200).map { _ in Int64(bitPattern: random.next()) }
        for value in values {
            var output: [UInt8] = [UInt8(ascii: "x")]
            JSONText.appendInteger(value, to: &output)
            #expect(String(decoding: output, as: UTF8.self) == "x\(value)")
        }
    }

    @Test("every part of the Encoder API: nested and super containers, a key given twice, nil, empty values")
    func encoderAPI() throws {
        Self.expectSame(Awkward())
        #expect(try SortedJSONEncoder.bytes(of: Awkward()) == WireCodec.encoderPayload(Awkward()))
        #expect(throws: InexactTree.self) { try SortedJSONEncoder.bytes(of: ["x": 0.5]) }
        #expect(throws: InexactTree.self) { try SortedJSONEncoder.bytes(of: [Int64(9_007_199_254_740_992)]) }
    }

    @Test("every delivery and journal entry of whole matches played through the lobby", arguments: [1, 2] as [UInt64])
    func wholeMatches(seed: UInt64) throws {
        var harness = LobbyHarness()
        let (table, a, b) = harness.startMatch()
        var rng = SplitMix64(seed: seed)
        var local = GameState()
        var seq = 0
        while !local.isOver {
            let mover = local.turn == .a ? a : b
            let move = local.legalMoves[rng.nextIndex(below: local.legalMoves.count)]
            _ = try local.apply(move)
            let request = MoveRequest(table: table, seq: seq, move: JSONValue.encoding(move))
            Self.expectSame(ClientEnvelope(id: .number(Int64(seq)), .move(request)))
            harness.send(.move(request), from: mover, id: Int64(seq + 100))
            seq += 1
        }
        var (written, read, tables) = (0, 0, 0)
        for deliveries in harness.inbox.values {
            for delivery in deliveries {
                if Self.expectSame(delivery.envelope) { written += 1 }
                if Self.expectSameReading(WireCodec.payload(delivery.envelope)) { read += 1 }
                if case .table = delivery.envelope.message { tables += 1 }
            }
        }
        // NB: every state after a move is written and read member by member, the last with its result,
        // to both players, and so are the table messages.
        #expect(written == 2 * seq)
        #expect(read == 2 * seq + tables)
        #expect(tables == 2, "the table of the match's end, to both players")
        for entry in harness.journal {
            switch entry {
            case .player(let record): Self.expectSame(record)
            case .forgetPlayer(let id): Self.expectSame(id)
            case .table(let record): Self.expectSame(record)
            case .move(let record): Self.expectSame(record)
            case .archive(let record): Self.expectSame(record)
            case .tournament(let record): Self.expectSame(record)
            }
        }
        #expect(seq > 0)
    }

    @Test("a state written member by member: each optional member present and absent, both kinds of re")
    func stateMembers() {
        let state = EncodedJSON(encoding: JSONValue.object(["b": .array([.number(1)]), "a": .string("é\"")]))
        let events = EncodedJSON(encoding: [JSONValue.object(["event": .string("right")])])
        var taken = 0
        let lasts = [
            nil, PlayedMove(seat: nil, move: .object(["timeUp": .bool(true)])), PlayedMove(seat: "P2", move: .null),
        ]
        let turns: [(String?, [String]?, Int?)] = [("A", nil, nil), (nil, ["P1", "P2"], 1_500), (nil, [], 0)]
        for last in lasts {
            for (turn, toAct, timeLeft) in turns {
                for re in [nil, RequestID.number(-7), .string("x\"y")] {
                    let update = MatchUpdate(
                        table: "t9", match: 2, seq: 12, turn: turn, status: .playing, encodedState: state, hash: "h",
                        last: last, encodedEvents: events, toAct: toAct, timeLeftMs: timeLeft)
                    if Self.expectSame(HostEnvelope(re: re, .state(update))) { taken += 1 }
                }
            }
        }
        #expect(taken == 27)
        for re in [nil, RequestID.number(5)] {
            let first = MatchUpdate(
                table: "t9", match: 3, seq: 0, turn: "A", status: .playing, encodedState: state, hash: "h")
            #expect(
                Self.expectSame(HostEnvelope(re: re, .state(first))),
                "a match's first state, with no events, is written member by member")
        }
        let results = [
            MatchResult(winner: "A", reason: "done"), MatchResult(winner: nil, reason: "forfeit", standings: []),
            MatchResult(
                winner: "draw", reason: "finished",
                standings: [Standing(seat: "B", score: 25, rank: 1), Standing(seat: "A", score: -3, rank: 1)]),
        ]
        for result in results {
            for re in [nil, RequestID.number(3)] {
                let ended = MatchUpdate(
                    table: "t9", match: 2, seq: 12, turn: nil, status: .over, encodedState: state, hash: "h",
                    last: lasts[1], encodedEvents: events, result: result)
                #expect(Self.expectSame(HostEnvelope(re: re, .state(ended))), "a result is written member by member")
            }
        }
        let boards = [
            HighScores(top: [], names: 0),
            HighScores(
                top: [
                    HighScore(rank: 1, name: "Lan \"An\" Nguyễn", score: 40, games: 3),
                    HighScore(rank: 1, name: "Minh", score: 40, games: 1),
                    HighScore(rank: 3, name: "B", score: -2, games: 7),
                ], place: 2, names: 12),
        ]
        for board in boards {
            for re in [nil, RequestID.number(3), .string("r")] {
                let ended = MatchUpdate(
                    table: "t9", match: 2, seq: 12, turn: nil, status: .over, encodedState: state, hash: "h",
                    last: lasts[2], encodedEvents: events, result: results[2], board: board)
                #expect(Self.expectSame(HostEnvelope(re: re, .state(ended))), "a board is written member by member")
            }
        }
        let sounding = MatchUpdate(
            table: "t9", match: 2, seq: 12, turn: nil, status: .over, encodedState: state, hash: "h",
            encodedEvents: events, sound: SoundClip(format: "wav", data: "UklGRg=="))
        #expect(!Self.expectSame(HostEnvelope(re: nil, .state(sounding))), "a sound goes the general way")
    }

    @Test("a welcome's games written once: the bytes of a list written at each welcome, read back the same")
    func welcomeGamesWrittenOnce() throws {
        let infos = [
            GameInfo(
                id: "odd \"game\"", name: "Ô ăn quan / tab\t", seats: ["A", "B"], ruleSets: ["classic", "short"],
                options: [
                    OptionInfo(
                        name: "tip", summary: "a\u{1}b", kind: "integer", min: 0, max: 100, step: 5,
                        default: .number(15)),
                    OptionInfo(
                        name: "lists", summary: "é", kind: "subset", values: ["x", "y"],
                        default: .array([.string("x")])
                    ),
                ], bots: ["random"], simultaneous: true),
            GameInfo(id: "solo", name: "Solo", seats: ["S"], ruleSets: ["classic"]),
        ]
        let written = GameList.written(infos)
        for re in [nil, RequestID.number(1), RequestID.string("a")] {
            for seatCode in [nil, SeatCode(rawValue: "XVM5W-MJAAV")] {
                var welcome = Welcome(
                    host: "Room \"12\"", maxFrame: 65_536, idleTimeoutMs: 60_000,
                    rateLimit: RateLimit(burst: 50, perSecond: 20), player: PlayerID(rawValue: "p-1"), name: "Lan",
                    resumeToken: ResumeToken(rawValue: "t"), games: infos, resumed: re == nil, seatCode: seatCode)
                let each = HostEnvelope(re: re, .welcome(welcome))
                welcome.gameList = written
                let once = HostEnvelope(re: re, .welcome(welcome))
                #expect(once == each, "a list is its games, written or not")
                #expect(
                    String(decoding: WireCodec.payload(once), as: UTF8.self)
                        == String(decoding: WireCodec.payload(each), as: UTF8.self))
                Self.expectSame(once)
                #expect(try WireCodec.decodeHost(WireCodec.payload(once)).get() == each)
            }
        }
        // NB: the lobby's own `welcome` lists its catalogue as written once.
        var harness = LobbyHarness()
        let lan = harness.connect("Lan")
        let welcome = try #require(harness.inbox[lan]?.first?.envelope)
        guard case .welcome(let sent) = welcome.message else {
            Issue.record("no welcome: \(welcome)")
            return
        }
        #expect(sent.games == GameCatalog.classroom.gameList.infos)
        #expect(sent.games.count > 1)
        Self.expectSame(welcome)
    }

    @Test("a table written member by member: each optional member present and absent, both kinds of re")
    func tableMembers() {
        let seats = [
            SeatInfo(seat: "A"),
            SeatInfo(seat: "B", player: PlayerID(rawValue: "p-2"), name: "Lan \"Ba\"", ready: true, away: true),
            SeatInfo(seat: "C", ready: true, bot: "greedy"),
        ]
        let options: [[String: JSONValue]?] = [
            nil, [:],
            ["rounds": .number(5), "tip": .number(0.15), "words": .array([.string("cat"), .null]), "Z": .bool(true)],
        ]
        for options in options {
            for pausedBy in [nil, PauseReason.away, .diskFull] {
                for re in [nil, RequestID.number(Int64.max), .string("r/1")] {
                    let info = TableInfo(
                        id: "t\(seats.count)", game: "whichbill", ruleSet: "classic", status: .paused,
                        seats: pausedBy == nil ? [] : seats, spectators: 2, graceSeconds: 90, onTimeout: .forfeit,
                        match: 7, options: options, pausedBy: pausedBy)
                    Self.expectSame(HostEnvelope(re: re, .table(TableUpdate(table: info))))
                }
            }
        }
    }

    @Test("offers and presence written member by member: every kind, grace present and absent, both kinds of re")
    func noticeMembers() {
        let names = ["Lan", "Lan \"Ba\" \\ é\u{1}/\u{7f}", ""]
        let tables = ["t1", "t\u{8}/é\"", ""]
        var written = 0
        /// The member writer's bytes against `JSONEncoder`'s, and `WireCodec`'s (which must take it).
        func expectWritten(_ bytes: [UInt8], _ envelope: HostEnvelope) {
            let reference = WireCodec.encoderPayload(envelope)
            #expect(String(decoding: bytes, as: UTF8.self) == String(decoding: reference, as: UTF8.self))
            Self.expectSame(envelope)
            written += 1
        }
        for (index, name) in names.enumerated() {
            let table = tables[index]
            for re in [nil, RequestID.number(Int64.max), .number(-3), .string("r/1\"")] {
                let offer = OfferNotice(table: table, seat: "B\(index)")
                expectWritten(
                    offer.payload(re: re, type: "rematch-offered"), HostEnvelope(re: re, .rematchOffered(offer)))
                expectWritten(offer.payload(re: re, type: "draw-offered"), HostEnvelope(re: re, .drawOffered(offer)))
                for graceMs in [nil, 0, 90_000, Int.max] {
                    let notice = PresenceNotice(
                        table: table, seat: "A", player: PlayerID(rawValue: "p-\(index)\"é"), name: name,
                        graceMs: graceMs)
                    expectWritten(notice.payload(re: re, type: "away"), HostEnvelope(re: re, .away(notice)))
                    expectWritten(notice.payload(re: re, type: "back"), HostEnvelope(re: re, .back(notice)))
                }
            }
        }
        #expect(written == 3 * 4 * (2 + 4 * 2))
    }

    /// The member-by-member reading of a `state` or a `table` against `Decodable`'s: the same result,
    /// success or failure. - Returns: whether a member-by-member reader took it (a `state` read as it is
    /// parsed, a `table` from its parsed members).
    @discardableResult
    static func expectSameReading(_ payload: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let direct = WireCodec.decodeHost(payload, deferring: true)
        let general = WireCodec.decodeHost(payload, deferring: true, direct: false)
        Self.expectSame(direct, general, sourceLocation: sourceLocation)
        if case (.success(let read), .success(let decoded)) = (direct, general) {
            #expect(WireCodec.payload(read) == WireCodec.payload(decoded), sourceLocation: sourceLocation)
        }
        guard
            let scanned = MatchUpdate.envelope(scanning: payload) ?? TableUpdate.envelope(scanning: payload)
                ?? OfferNotice.envelope(scanning: payload)
        else { return false }
        Self.expectSame(.success(scanned), general, sourceLocation: sourceLocation)
        return true
    }

    /// A payload read member by member and through `Decodable`: the same result, success or failure.
    static func expectSame<T: Equatable>(
        _ direct: Result<T, InboundProblem>, _ general: Result<T, InboundProblem>, sourceLocation: SourceLocation
    ) {
        switch (direct, general) {
        case (.success(let read), .success(let decoded)):
            #expect(read == decoded, sourceLocation: sourceLocation)
        case (.failure(let read), .failure(let decoded)):
            #expect(read == decoded, sourceLocation: sourceLocation)
        default:
            Issue.record("member by member \(direct), decoded \(general)", sourceLocation: sourceLocation)
        }
    }

    /// Variants of a message's text for each of `members` (each as it is written in it): taken out (with
    /// the comma before it or after it), given twice, after another value of its own, with `null` after it,
    /// and with each of `values` instead of its value.
    static func memberVariants(
        _ text: String, _ members: [String],
        values: [String] = ["null", "1.0", "-3", #""x""#, "[1]", #"{"a":1}"#, "true", "9223372036854775808"]
    ) -> [String] {
        var variants: [String] = []
        for member in members {
            let key = String(member.prefix { $0 != ":" })
            variants.append(text.replacingOccurrences(of: member + ",", with: ""))
            variants.append(text.replacingOccurrences(of: "," + member, with: ""))
            variants.append(text.replacingOccurrences(of: member, with: member + "," + member))
            variants.append(text.replacingOccurrences(of: member, with: key + #":"other","# + member))
            variants.append(text.replacingOccurrences(of: member, with: member + "," + key + ":null"))
            for value in values { variants.append(text.replacingOccurrences(of: member, with: key + ":" + value)) }
        }
        return variants
    }

    /// Reads each variant both ways (`read` says whether the member-by-member reader took it): it must
    /// take only what it reads exactly as `Decodable` does and leave the rest to it, so some of each.
    static func expectSomeTaken(
        _ variants: [String], _ read: ([UInt8]) -> Bool, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let taken = variants.filter { read(Array($0.utf8)) }.count
        #expect(taken > 5 && taken < variants.count, sourceLocation: sourceLocation)
    }

    /// A `state` after a move as a host writes it, with every optional member a reader takes.
    static var sampleState: [UInt8] {
        let state = EncodedJSON(encoding: JSONValue.object(["banks": .array([.number(1)]), "turn": .string("A")]))
        let events = EncodedJSON(encoding: [JSONValue.object(["type": .string("dropped")])])
        let update = MatchUpdate(
            table: "t9", match: 2, seq: 12, turn: "A", status: .playing, encodedState: state, hash: "h",
            last: PlayedMove(seat: "B", move: .object(["bank": .number(2)])), encodedEvents: events, toAct: ["A"],
            timeLeftMs: 5)
        return WireCodec.payload(HostEnvelope(re: .number(7), .state(update)))
    }

    @Test("a state read member by member: each member missing, mistyped or unknown reads as Decodable reads it")
    func stateReading() throws {
        let payload = Self.sampleState
        #expect(Self.expectSameReading(payload), "the reader takes a host's state")
        let text = String(decoding: payload, as: UTF8.self)
        var variants: [String] = []
        // Each member taken out, then each member's value replaced by one of another kind.
        let members = [
            #""events":[{"type":"dropped"}]"#, #""hash":"h""#, #""last":{"move":{"bank":2},"seat":"B"}"#,
            #""match":2"#, #""re":7"#, #""seq":12"#, #""state":{"banks":[1],"turn":"A"}"#, #""status":"playing""#,
            #""table":"t9""#, #""timeLeftMs":5"#, #""toAct":["A"]"#, #""turn":"A""#, #""type":"state""#,
        ]
        for member in members {
            #expect(text.contains(member), "\(member)")
            let key = String(member.prefix { $0 != ":" })
            variants.append(text.replacingOccurrences(of: member + ",", with: ""))
            // NB: a name given twice, with its own value again, with another before it and with null
            // after it: the last counts.
            variants.append(text.replacingOccurrences(of: member, with: member + "," + member))
            variants.append(text.replacingOccurrences(of: member, with: key + #":"other","# + member))
            variants.append(text.replacingOccurrences(of: member, with: member + "," + key + ":null"))
            for value in ["null", "1.0", "-3", #""x""#, "[1]", #"{"a":1}"#, "true", "9007199254740993"] {
                variants.append(text.replacingOccurrences(of: member, with: key + ":" + value))
            }
        }
        // A result, as a host writes it and not: the reader takes the first ones.
        let results = [
            #"{"reason":"finished","standings":[{"rank":1,"score":30,"seat":"A"},"#
                + #"{"rank":2,"score":-4,"seat":"B"}],"winner":"A"}"#,
            #"{"reason":"forfeit"}"#, #"{"reason":"x","winner":null}"#, #"{"reason":"x","standings":null}"#,
            #"{"reason":"x","standings":[]}"#, #"{"winner":"A"}"#, #"{"reason":1}"#, #"{"reason":"x","winner":2}"#,
            #"{"reason":"x","other":true}"#, #"{"reason":"x","standings":[{"rank":1,"score":3}]}"#,
            #"{"reason":"x","standings":[{"rank":1,"score":3.0,"seat":"A"}]}"#,
            #"{"reason":"x","standings":[{"rank":1,"score":3,"seat":"A","x":0}]}"#,
            #"{"reason":"x","standings":[{"rank":"1","score":3,"seat":"A"}]}"#,
            #"{"reason":"x","standings":{"rank":1}}"#, #"{"reason":"x","standings":[7]}"#,
            #"{"reason":"x","reason":"y"}"#, #"{"reason":"x","winner":"A","winner":"B"}"#,
            #"{"reason":"x","standings":[{"rank":1,"score":3,"seat":"A","seat":"B"}]}"#,
            #"{"reason":"x","standings":[{"rank":1,"score":9007199254740993,"seat":"A"}]}"#,
            #"{"reason":"x","standings":[{"rank":1,"score":-0,"seat":"A"}]}"#,
            #"{ "reason" : "x" , "standings" : [ { "rank" : 1 , "score" : 3 , "seat" : "A" } ] }"#,
            #"{"reason":"x","standings":[{"rank":1,"score":3,"seat":"A"},]}"#, #"{"reason":"x",}"#,
            #"{"reason":"x","standings":null,"standings":[]}"#, #"{"reason":"x","winner":null,"other":{}}"#,
        ]
        for (index, result) in results.enumerated() {
            let ended = text.replacingOccurrences(of: #""seq":12"#, with: #""result":"# + result + #","seq":12"#)
            let taken = Self.expectSameReading(Array(ended.utf8))
            if index < 5 { #expect(taken, "the reader takes \(result)") }
        }
        variants += [
            text.replacingOccurrences(of: #""turn":"A""#, with: #""turn":"A","result":{"reason":"x","winner":null}"#),
            text.replacingOccurrences(of: #""turn":"A""#, with: #""turn":"A","future":1"#),
            text.replacingOccurrences(of: #""seat":"B""#, with: #""seat":null"#),
            text.replacingOccurrences(of: #","seat":"B""#, with: ""),
            text.replacingOccurrences(of: #""seat":"B""#, with: #""seat":"B","x":1"#),
            text.replacingOccurrences(of: #"{"bank":2}"#, with: #"{"bank":2.0}"#),
            text.replacingOccurrences(of: #""seat":"B""#, with: #""seat":7"#),
            text.replacingOccurrences(of: #""seat":"B""#, with: #""seat":["B"]"#),
            text.replacingOccurrences(of: #""seat":"B""#, with: #""seat":"B","seat":"A""#),
            text.replacingOccurrences(of: #"{"bank":2}"#, with: #"{"bank":2},"move":{"bank":3}"#),
            text.replacingOccurrences(of: #"{"bank":2}"#, with: #"{"b\u0061nk":2,"é":[true,null,"\n",-1.5]}"#),
            text.replacingOccurrences(of: #"{"bank":2}"#, with: #"{"bank":[2, 3 ],"x":{}, "y":[]}"#),
            text.replacingOccurrences(
                of: #"{"bank":2}"#, with: String(repeating: "[", count: 70) + String(repeating: "]", count: 70)),
            text.replacingOccurrences(
                of: #"{"bank":2}"#, with: String(repeating: "[", count: 60) + String(repeating: "]", count: 60)),
            text.replacingOccurrences(of: #"{"bank":2}"#, with: #"{"bank":2,}"#),
            text.replacingOccurrences(of: #"{"bank":2}"#, with: #"[1,2,]"#),
            text.replacingOccurrences(of: #""banks":[1]"#, with: #""banks":[1.0]"#),
            text.replacingOccurrences(of: #"["A"]"#, with: #"["A",1]"#),
            text.replacingOccurrences(of: #""re":7"#, with: #""re":"seven""#),
            text.replacingOccurrences(of: #""status":"playing""#, with: #""status":"dancing""#),
        ]
        // Plain values, read in place, and values written otherwise, which the general path reads: escapes,
        // white space, numbers at their edges, `null` where a member may hold it.
        variants += [
            (#""hash":"h""#, #""hash":"\u0068""#), (#""table":"t9""#, #""table":"t\u0039""#),
            (#""turn":"A","type""#, #""turn":"\u0041","type""#), (#""seat":"B""#, #""seat":"\u0042""#),
            (#""type":"state""#, #""type":"st\u0061te""#), (#""status":"playing""#, #""status":"pl\u0061ying""#),
            (#""status":"playing""#, #""status":"over""#), (#""status":"playing""#, #""status":"Playing""#),
            (#""hash":"h""#, #""hash": "h" "#), (#""seq":12"#, #""seq": 12 "#),
            (#""turn":"A","type""#, #""turn": null,"type""#), (#""turn":"A","type""#, #""turn":nul,"type""#),
            (#""turn":"A","type""#, #""turn":nulls,"type""#), (#""timeLeftMs":5"#, #""timeLeftMs":null"#),
            (#""seq":12"#, #""seq":0"#), (#""seq":12"#, #""seq":-0"#), (#""seq":12"#, #""seq":012"#),
            (#""seq":12"#, #""seq":-12"#), (#""seq":12"#, #""seq":123456789012345678"#),
            (#""seq":12"#, #""seq":1234567890123456789"#), (#""seq":12"#, #""seq":12e0"#), (#""seq":12"#, #""seq":-"#),
            (#""re":7"#, #""re":9007199254740991"#), (#""re":7"#, #""re":-9007199254740992"#),
            (#""re":7"#, #""re":-0"#),
            (#""hash":"h""#, #""hash":"é""#), (#""hash":"h""#, #""hash":"""#), (#""table":"t9""#, #""table":"t9"#),
            (#""seat":"B""#, #""seat":nul"#),
        ].map { text.replacingOccurrences(of: $0.0, with: $0.1) }
        Self.expectSomeTaken(variants) { Self.expectSameReading($0) }
    }

    @Test("a state read as it is parsed: each byte of a host's state taken out or changed reads as Decodable does")
    func stateReadingByteByByte() throws {
        let payload = Self.sampleState
        #expect(MatchUpdate.envelope(scanning: payload) != nil)
        // NB: a digit changed, or a name's letter that makes another name the reader knows, is taken.
        #expect(Self.everyByteChanged(payload) { Self.expectSameReading($0) } > 10)
    }

    /// Reads `payload` with each of its bytes taken out, then changed to each of a set of bytes that
    /// matter to JSON; `read` says whether the member-by-member reader took the text. - Returns: how
    /// many it took.
    static func everyByteChanged(_ payload: [UInt8], _ read: ([UInt8]) -> Bool) -> Int {
        let replacements: [UInt8] = Array(#"{}[],:"\ -0.e1tnx"#.utf8) + [0x01, 0xC3]
        var taken = 0
        for index in payload.indices {
            var removed = payload
            removed.remove(at: index)
            if read(removed) { taken += 1 }
            for replacement in replacements where replacement != payload[index] {
                var changed = payload
                changed[index] = replacement
                if read(changed) { taken += 1 }
            }
        }
        return taken
    }

    @Test(
        "a table read member by member: any member missing, mistyped or unknown, any byte changed, as Decodable"
    )
    func tableReading() throws {
        let info = TableInfo(
            id: "t3", game: "whichbill", ruleSet: "classic", status: .paused,
            seats: [
                SeatInfo(seat: "A", player: PlayerID(rawValue: "p-1"), name: "Lan", ready: true, away: true),
                SeatInfo(seat: "B", ready: false, bot: "greedy"),
            ],
            spectators: 2, graceSeconds: 90, onTimeout: .forfeit, match: 4,
            options: ["rounds": .number(5), "tip": .number(0.15)], pausedBy: .away)
        let payload = WireCodec.payload(HostEnvelope(re: .number(9), .table(TableUpdate(table: info))))
        #expect(Self.expectSameReading(payload), "the reader takes a host's table")
        let plain = TableInfo(
            id: "t1", game: "taxcollection", ruleSet: "classic", status: .waiting, seats: [SeatInfo(seat: "A")],
            spectators: 0, graceSeconds: 60, onTimeout: .pause, match: 0)
        #expect(Self.expectSameReading(WireCodec.payload(HostEnvelope(.table(TableUpdate(table: plain))))))
        let text = String(decoding: payload, as: UTF8.self)
        let members = [
            #""game":"whichbill""#, #""graceSeconds":90"#, #""id":"t3""#, #""match":4"#, #""onTimeout":"forfeit""#,
            #""options":{"rounds":5,"tip":0.15}"#, #""pausedBy":"away""#, #""ruleSet":"classic""#,
            #""spectators":2"#, #""status":"paused""#, #""re":9"#, #""type":"table""#, #""away":true"#,
            #""bot":"greedy""#, #""name":"Lan""#, #""player":"p-1""#, #""ready":false"#, #""seat":"B""#,
        ]
        for member in members { #expect(text.contains(member), "\(member)") }
        var variants = Self.memberVariants(text, members)
        variants += [
            text.replacingOccurrences(of: #""type":"table""#, with: #""type":"table","future":1"#),
            text.replacingOccurrences(of: #""seat":"B""#, with: #""seat":"B","x":1"#),
            text.replacingOccurrences(of: #""status":"paused""#, with: #""status":"dancing""#),
            text.replacingOccurrences(of: #""onTimeout":"forfeit""#, with: #""onTimeout":"never""#),
            text.replacingOccurrences(of: #""re":9"#, with: #""re":"nine""#),
            text.replacingOccurrences(of: #""tip":0.15"#, with: #""tip":[null,{"a":"b"}]"#),
            text.replacingOccurrences(of: #""match":4"#, with: #""match":4.0"#),
            text.replacingOccurrences(of: #""pausedBy":"away""#, with: #""pausedBy":"lunch""#),
            text.replacingOccurrences(of: #"{"seat":"A""#, with: #"{"seat":"A","seat":"C""#),
            text.replacingOccurrences(of: #""seats":["#, with: #""seats":[],"seats":["#),
            text.replacingOccurrences(of: #""seats":["#, with: #""seats":[ "#),
        ]
        Self.expectSomeTaken(variants) { Self.expectSameReading($0) }
        #expect(Self.everyByteChanged(payload) { Self.expectSameReading($0) } > 10)
    }

    @Test("an offer read member by member: any member missing, mistyped, repeated or unknown, as Decodable")
    func offerReading() {
        let offers: [HostEnvelope] = [
            HostEnvelope(.rematchOffered(OfferNotice(table: "t1", seat: "B"))),
            HostEnvelope(re: .number(4), .drawOffered(OfferNotice(table: "t\u{1}é", seat: "A"))),
        ]
        for offer in offers {
            #expect(Self.expectSameReading(WireCodec.payload(offer)), "the reader takes a host's offer")
        }
        let text = String(decoding: WireCodec.payload(offers[1]), as: UTF8.self)
        let members = [#""re":4"#, #""seat":"A""#, #""table":"t\u0001é""#, #""type":"draw-offered""#]
        for member in members { #expect(text.contains(member), "\(member)") }
        var variants = Self.memberVariants(text, members)
        variants += [
            text.replacingOccurrences(of: #""type":"draw-offered""#, with: #""type":"draw-offered","future":1"#),
            text.replacingOccurrences(of: #""draw-offered""#, with: #""rematch-offered""#),
            text.replacingOccurrences(of: #""draw-offered""#, with: #""resign-offered""#),
            text.replacingOccurrences(of: #""re":4"#, with: #""re":"four""#),
            text.replacingOccurrences(of: #""re":4"#, with: #""re":9007199254740992"#),
        ]
        Self.expectSomeTaken(variants) { Self.expectSameReading($0) }
        #expect(Self.everyByteChanged(WireCodec.payload(offers[0])) { Self.expectSameReading($0) } > 10)
    }

    /// A client's message written by `WireCodec.payload`: the bytes `JSONEncoder` writes, and framed so.
    static func expectWrittenAsEncoder(_ envelope: ClientEnvelope, sourceLocation: SourceLocation = #_sourceLocation) {
        let fast = WireCodec.payload(envelope)
        let reference = WireCodec.encoderPayload(envelope)
        #expect(
            String(decoding: fast, as: UTF8.self) == String(decoding: reference, as: UTF8.self),
            sourceLocation: sourceLocation)
        #expect(WireCodec.frame(envelope) == FrameEncoder.frame(fast), sourceLocation: sourceLocation)
    }

    @Test("a move written member by member: ids of both kinds and none, awkward tables, moves of every shape")
    func moveWriting() {
        let moves: [JSONValue] = [
            .object(["bank": .number(2), "direction": .string("up")]), .object(["refill": .bool(true)]),
            .object(["bet": .object(["cents": .number(-150)]), "x": .array([.null, .number(0.5)])]), .null,
            .string("é\"\\\u{1}"), .number(1e300), .array([]),
        ]
        let ids: [RequestID?] = [nil, .number(0), .number(-9_007_199_254_740_991), .string("a\"b\\c\u{7f}é")]
        var written = 0
        for (index, move) in moves.enumerated() {
            for id in ids {
                let table = ["t1", "", "ta\u{8}ble/é"][index % 3]
                Self.expectWrittenAsEncoder(
                    ClientEnvelope(id: id, .move(MoveRequest(table: table, seq: index * 7, move: move))))
                written += 1
            }
        }
        #expect(written == moves.count * ids.count)
    }

    @Test("a request that names only a table is written member by member with the general path's bytes")
    func tableRequestWriting() {
        let requests: [(TableRequest) -> ClientMessage] = [
            ClientMessage.ready, ClientMessage.leave, ClientMessage.watch, ClientMessage.sync, ClientMessage.resign,
            ClientMessage.offerDraw, ClientMessage.rematch,
        ]
        let ids: [RequestID?] = [nil, .number(7), .number(-9_007_199_254_740_991), .string("a\"b\\c\u{7f}é")]
        var written = 0
        for (index, request) in requests.enumerated() {
            for id in ids {
                let table = ["t1", "", "ta\u{8}ble/é"][index % 3]
                Self.expectWrittenAsEncoder(ClientEnvelope(id: id, request(TableRequest(table: table))))
                written += 1
            }
        }
        #expect(written == requests.count * ids.count)
    }

    /// The member-by-member reading of a client's `move` against `Decodable`'s: the same result, success
    /// or failure. - Returns: whether the member-by-member reader took it.
    @discardableResult
    static func expectSameMoveReading(
        _ payload: [UInt8], sourceLocation: SourceLocation = #_sourceLocation
    ) -> Bool {
        let direct = WireCodec.decodeClient(payload)
        let general = WireCodec.decodeClient(payload, reading: .strict, direct: false)
        Self.expectSame(direct, general, sourceLocation: sourceLocation)
        guard let scanned = MoveRequest.envelope(scanning: payload) else { return false }
        Self.expectSame(.success(scanned), general, sourceLocation: sourceLocation)
        // NB: the game reads a move kept as text with its own reader, a built one from its tree: the same
        // move, or an error for both.
        if case .move(let fast) = scanned.message, case .success(let envelope) = general,
            case .move(let built) = envelope.message
        {
            let fromText = Result { try fast.decodeMove(of: TaxCollectionGame.self) }
            let fromTree = Result { try built.move.decodeMove(of: TaxCollectionGame.self) }
            switch (fromText, fromTree) {
            case (.success(let text), .success(let tree)):
                #expect(text == tree, sourceLocation: sourceLocation)
            case (.failure, .failure): break
            default:
                Issue.record(
                    "the move read as \(fromText) from its text, \(fromTree) from its tree",
                    sourceLocation: sourceLocation)
            }
        }
        return true
    }

    @Test(
        "a move read member by member: any member missing, mistyped or unknown, any byte changed, as Decodable"
    )
    func moveReading() throws {
        let text = #"{"id":7,"move":{"bank":2,"direction":"up"},"seq":12,"table":"t9","type":"move"}"#
        #expect(Self.expectSameMoveReading(Array(text.utf8)), "the reader takes a client's move")
        // NB: the move stays text, which the game finds among its kept texts or reads without a tree
        // (Match.play).
        guard case .move(let request)? = MoveRequest.envelope(scanning: Array(text.utf8))?.message else {
            Issue.record("the reader does not take a client's move")
            return
        }
        #expect(request.moveJSON.isDeferred)
        #expect(try request.decodeMove(of: TaxCollectionGame.self) == .sow(bank: 2, direction: .up))
        var variants: [String] = []
        // Each member taken out, then each member's value replaced by one of another kind.
        let members = [#""id":7"#, #""move":{"bank":2,"direction":"up"}"#, #""seq":12"#, #""table":"t9""#]
        let longID = "\"" + String(repeating: "i", count: 65) + "\""
        variants += Self.memberVariants(
            text, members + [#""type":"move""#],
            values: [
                "null", "1.0", "-3", #""x""#, "[1]", #"{"a":1}"#, "true", "9007199254740993", "\"\"",
                "9223372036854775807", "1e2", longID,
            ])
        variants += [
            text.replacingOccurrences(of: #""seq":12"#, with: #""seq":12,"future":1"#),
            text.replacingOccurrences(of: #""id":7"#, with: #""id":"seven""#),
            text.replacingOccurrences(of: #""id":7"#, with: #""id":-9007199254740991"#),
            text.replacingOccurrences(of: #""id":7"#, with: #""re":7"#),
            text.replacingOccurrences(of: #""bank":2"#, with: #""bank":2.0"#),
            text.replacingOccurrences(of: #""bank":2"#, with: #""bank":2.5"#),
            text.replacingOccurrences(of: #""type":"move""#, with: #""type":"sync""#),
            text.replacingOccurrences(of: #"{"bank":2,"direction":"up"}"#, with: #"{"refill":true}"#),
            text.replacingOccurrences(of: #"{"bank":2,"direction":"up"}"#, with: #"{"a":[1,{"b":[]}],"é\n":null}"#),
            text.replacingOccurrences(of: #"{"bank":2,"direction":"up"}"#, with: #"{ "bank" : 2 , "up" : [ ] }"#),
            text.replacingOccurrences(of: #""direction":"up""#, with: #""direction":"up","direction":"down""#),
            text.replacingOccurrences(of: #""table":"t9""#, with: #""t\u0061ble":"t9""#),
            text.replacingOccurrences(of: #""table":"t9""#, with: #""table":"t\u0039""#),
            text.replacingOccurrences(of: #""type":"move""#, with: #""type":"m\u006Fve""#),
            text.replacingOccurrences(of: #""id":7"#, with: #""id":"s\u0065ven""#),
            text.replacingOccurrences(of: #""id":7"#, with: #""id":"é""#),
            text.replacingOccurrences(of: #""id":7"#, with: #""id": 7 "#),
            text.replacingOccurrences(of: #""seq":12"#, with: #""seq":-0"#),
            text.replacingOccurrences(of: #""seq":12"#, with: #""seq":012"#),
            text.replacingOccurrences(of: #""seq":12"#, with: #""seq":1234567890123456789"#),
        ]
        Self.expectSomeTaken(variants) { Self.expectSameMoveReading($0) }
        #expect(Self.everyByteChanged(Array(text.utf8)) { Self.expectSameMoveReading($0) } > 10)
    }

    @Test(
        "a request naming only a table read member by member: any member missing, mistyped or unknown, as Decodable",
        arguments: ["ready", "rematch", "leave", "watch", "sync", "resign", "offer-draw"]
    )
    func tableRequestReading(type: String) {
        let text = #"{"id":7,"table":"t9","type":""# + type + #""}"#
        #expect(Self.expectSameMoveReading(Array(text.utf8)), "the reader takes a client's \(type)")
        var variants: [String] = []
        let longID = "\"" + String(repeating: "i", count: 65) + "\""
        for member in [#""id":7"#, #""table":"t9""#, #""type":""# + type + #"""#] {
            let key = String(member.prefix { $0 != ":" })
            variants.append(text.replacingOccurrences(of: member + ",", with: ""))
            variants.append(text.replacingOccurrences(of: "," + member, with: ""))
            variants.append(text.replacingOccurrences(of: member, with: member + "," + member))
            variants.append(text.replacingOccurrences(of: member, with: key + #":"other","# + member))
            for value in ["null", "1.0", "-3", #""x""#, "[1]", #"{"a":1}"#, "true", "9007199254740993", "\"\"", longID]
            {
                variants.append(text.replacingOccurrences(of: member, with: key + ":" + value))
            }
        }
        variants += [
            text.replacingOccurrences(of: #""id":7"#, with: #""id":"seven""#),
            text.replacingOccurrences(of: #""id":7"#, with: #""seq":3"#),
            text.replacingOccurrences(of: #""id":7"#, with: #""move":{"bank":2}"#),
            text.replacingOccurrences(of: #""id":7"#, with: #""future":1"#),
            text.replacingOccurrences(of: #""table":"t9""#, with: #""t\u0061ble":"t9""#),
            text.replacingOccurrences(of: #""table":"t9""#, with: #""table":"t\u0039""#),
            text.replacingOccurrences(of: type, with: type.uppercased()),
        ]
        Self.expectSomeTaken(variants) { Self.expectSameMoveReading($0) }
        #expect(Self.everyByteChanged(Array(text.utf8)) { Self.expectSameMoveReading($0) } > 3)
    }

    @Test("strings with every control character, quotes, slashes and non-ASCII; keys that sort by case")
    func strings() {
        var text = ""
        for scalar in 0..<0x30 { text.unicodeScalars.append(Unicode.Scalar(scalar)!) }
        text += "\u{7f}\u{2028}é/\\\"😀"
        Self.expectSame(
            HostEnvelope(re: .string(text), .error(ErrorMessage(code: .invalidName, message: text, fatal: false))))
        Self.expectSame(
            JSONValue.object([
                "resumeToken": .number(1), "resumed": .bool(true), "a10": .null, "a9": .string(text), "B": .array([]),
                "_x": .object([:]), "é": .number(-0.5), text: .number(0),
            ]))
    }

    @Test("numbers: integers, fractions, huge and tiny values, and request ids beyond 2^53")
    func numbers() {
        let numbers: [Double] = [
            0, -0.0, 1, -1, 0.1, 2.5, 1e300, -1e-300, 1.5e-7, 123_456_789.125, 1e16, 9_007_199_254_740_992,
            9_007_199_254_740_991, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 100_000.5,
        ]
        Self.expectSame(JSONValue.array(numbers.map(JSONValue.number)))
        for id in [Int64.max, Int64.min, 9_007_199_254_740_993, -9_007_199_254_740_992, 0] {
            let exact = id.magnitude < 1 << 53
            Self.expectSame(HostEnvelope(re: .number(id), .pong(Pong())), direct: exact)
            Self.expectSame(ClientEnvelope(id: .number(id), .ping(Ping())), direct: exact)
        }
    }

    @Test("every message fixture")
    func fixtures() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../ProtocolTests/Fixtures").standardized
        var count = 0
        for side in ["client", "host"] {
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(side).path)
            for file in files where file.hasSuffix(".json") {
                let data = try Data(contentsOf: folder.appendingPathComponent(side).appendingPathComponent(file))
                if side == "client", case .success(let envelope) = WireCodec.decodeClient(Array(data)) {
                    Self.expectSame(envelope)
                    count += 1
                }
                if side == "host", case .success(let envelope) = WireCodec.decodeHost(Array(data)) {
                    Self.expectSame(envelope)
                    count += 1
                }
            }
        }
        #expect(count >= 10)
    }
}
