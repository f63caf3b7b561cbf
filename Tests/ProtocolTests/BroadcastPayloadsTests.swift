import TestScheduling
import Testing

@testable import Protocol

/// A broadcast is encoded once; each recipient must still get exactly `WireCodec.payload`'s bytes.
@Suite("BroadcastPayloads: one encoding, the same bytes", .offThePool)
struct BroadcastPayloadsTests {
    static let state = HostMessage.state(
        MatchUpdate(
            table: "t1", match: 2, seq: 3, turn: "A", status: .playing,
            state: .object(["banks": .array([.number(5), .number(0)]), "phase": .string("sow"), "winner": .null]),
            hash: "ab12",
            last: PlayedMove(seat: "B", move: .object(["square": .number(4), "direction": .string("cw")])),
            events: [.object(["kind": .string("sow"), "text": .string("a \"quoted\" } ] , value")])],
            result: MatchResult(winner: "A", reason: "finished")))

    /// States as the host writes them after a move (state and events written once, shared): their text is
    /// written without `re`, which goes in after `match`. The second is the first one move later, with the
    /// same state and events text: it must not be taken for the first.
    static let written: [HostMessage] = {
        let state = EncodedJSON(encoding: JSONValue.object(["banks": .array([.number(5)]), "turn": .string("B")]))
        let events = EncodedJSON(encoding: [JSONValue.object(["square": .string("A1"), "type": .string("dropped")])])
        let first = MatchUpdate(
            table: "t1", match: 2, seq: 3, turn: "B", status: .playing, encodedState: state, hash: "ab12",
            last: PlayedMove(seat: "A", move: .object(["bank": .number(1)])), encodedEvents: events)
        var later = first
        later.seq = 4
        let ended = MatchUpdate(
            table: "t1", match: 2, seq: 5, turn: nil, status: .over, encodedState: state, hash: "cd34",
            encodedEvents: events, result: MatchResult(winner: "A", reason: "finished"), toAct: ["A", "B"],
            timeLeftMs: 1500)
        return [.state(first), .state(later), .state(ended)]
    }()

    static let messages: [HostMessage] =
        written + [
            state,
            .state(MatchUpdate(table: "t9", match: 1, seq: 0, turn: nil, status: .over, state: .object([:]), hash: "")),
            .table(
                TableUpdate(
                    table: TableInfo(
                        id: "t1", game: "taxcollection", ruleSet: "classic", status: .waiting,
                        seats: [SeatInfo(seat: "A", player: PlayerID(rawValue: "p-1"), name: "Lan", ready: true)],
                        spectators: 0,
                        graceSeconds: 120, onTimeout: .pause, match: 0))),
            .error(ErrorMessage(code: .staleSeq, message: "stale", fatal: false, expected: 4)),
            .error(ErrorMessage(code: .rateLimited, message: "slow down", fatal: false, retryAfterMs: 5)),
            .pong(Pong()),
            .rematchOffered(OfferNotice(table: "t1", seat: "B")),
            .away(
                PresenceNotice(table: "t1", seat: "A", player: PlayerID(rawValue: "p-2"), name: "Minh", graceMs: 1000)),
        ]

    static let ids: [RequestID?] = [nil, .number(0), .number(7), .number(-3), .number(Int64.max), .string("a/b \"c\"")]

    @Test("every message, with and without re, in any order of recipients")
    func sameBytes() {
        for message in Self.messages {
            var payloads = BroadcastPayloads()
            for re in Self.ids + Self.ids.reversed() {
                let envelope = HostEnvelope(re: re, message)
                let expected = WireCodec.payload(envelope)
                #expect(payloads.payload(envelope) == expected, "\(message.type) re \(String(describing: re))")
                #expect(payloads.outgoing(envelope).count == expected.count, "\(message.type)")
            }
        }
    }

    @Test("a state the host wrote is written once without re, and re goes in after match")
    func writtenStates() throws {
        for message in Self.written {
            guard case .state(let update) = message, let written = update.payloadWithoutRe() else {
                Issue.record("\(message.type) has no text of its own")
                continue
            }
            #expect(written.bytes == WireCodec.payload(HostEnvelope(re: nil, message)))
            let text = try #require(String(validating: written.inserting(.number(7)), as: UTF8.self))
            #expect(text.contains(#""match":2,"re":7,"#))
        }
    }

    @Test("re spliced into a written state as JSONEncoder writes the whole message: ids of every length and sign")
    func splicedAsEncoder() {
        var ids: [RequestID] = [
            .string(""), .string("a\"b\\c\u{1}\u{7f}/é😀"), .string(String(repeating: "x", count: 64)),
        ]
        for magnitude in [0, 1, 9, 10, 99, 100, 12_345, RequestID.maxNumber, Int64.max] {
            ids += [.number(magnitude), .number(-magnitude)]
        }
        ids.append(.number(Int64.min))
        var spliced = 0
        for message in Self.written {
            guard case .state(let update) = message, let written = update.payloadWithoutRe() else { continue }
            for re in ids {
                let reference = WireCodec.encoderPayload(HostEnvelope(re: re, message))
                #expect(
                    String(decoding: written.inserting(re), as: UTF8.self) == String(decoding: reference, as: UTF8.self)
                )
                var member: [UInt8] = []
                StatePayload.appendMember(re, to: &member)
                #expect(member == StatePayload.member(re))
                // NB: as the host frames it: the shared text's parts around the member, which is written apart.
                let outgoing = OutgoingPayload(written, re: re)
                #expect(outgoing.bytes == reference, "re \(re)")
                #expect(outgoing.count == reference.count, "re \(re)")
                outgoing.withParts { head, member, tail in
                    #expect(Array(head) == Array(written.bytes[..<written.reAt]))
                    #expect(Array(member) == [UInt8(ascii: ",")] + StatePayload.member(re), "re \(re)")
                    #expect(Array(tail) == Array(written.bytes[written.reAt...]))
                }
                spliced += 1
            }
        }
        #expect(spliced == Self.written.count * ids.count)
    }

    @Test("consecutive different messages are each encoded for themselves")
    func alternating() {
        var payloads = BroadcastPayloads()
        for (index, message) in (Self.messages + Self.messages).enumerated() {
            let envelope = HostEnvelope(re: index.isMultiple(of: 2) ? .number(Int64(index)) : nil, message)
            #expect(payloads.payload(envelope) == WireCodec.payload(envelope))
        }
    }

    @Test("a message and its copies are one value, found without comparing members; other messages are not")
    func identity() {
        for (index, message) in Self.messages.enumerated() {
            let copy = message
            #expect(BroadcastPayloads.identical(message, copy), "\(message.type)")
            for (other, second) in Self.messages.enumerated() where other != index {
                #expect(!BroadcastPayloads.identical(message, second), "\(message.type), \(second.type)")
            }
        }
        // NB: equal states stored apart are not compared (each is written for itself), and give the same bytes.
        let twins = Self.written[0...1].map { message -> HostMessage in
            guard case .state(var update) = message else { return message }
            update.seq = 3
            return .state(update)
        }
        #expect(twins[0] == twins[1])
        var payloads = BroadcastPayloads()
        for message in twins {
            #expect(
                payloads.payload(HostEnvelope(re: nil, message)) == WireCodec.payload(HostEnvelope(re: nil, message)))
        }
    }

    @Test("text that is not a compact object is left to the slow path")
    func refusesOddText() {
        #expect(BroadcastPayloads.splice(re: .number(1), into: Array("[1]".utf8)) == nil)
        #expect(BroadcastPayloads.splice(re: .number(1), into: Array(#"{"re":2}"#.utf8)) == nil)
        #expect(BroadcastPayloads.splice(re: .number(1), into: Array("{}".utf8)) == Array(#"{"re":1}"#.utf8))
    }
}
