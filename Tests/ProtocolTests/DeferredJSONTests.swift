import GameKit
import TestScheduling
import Testing

@testable import Protocol

/// A client reads a `state`'s state and events lazily (`WireCodec.decodeHost` defers them): it must
/// accept, refuse and report exactly what reading them at once does, and give the same values.
@Suite("Deferred game values in a host's messages", .offThePool)
struct DeferredJSONTests {
    /// A `state` message with `value` as its state and as its only event.
    static func stateMessage(_ value: [UInt8]) -> [UInt8] {
        Array(#"{"events":["#.utf8) + value + Array(#"],"hash":"h","match":1,"seq":0,"state":"#.utf8) + value
            + Array(#","status":"playing","table":"t1","type":"state"}"#.utf8)
    }

    static func expectSameReading(_ payload: [UInt8], _ comment: Comment? = nil) {
        let deferred = WireCodec.decodeHost(payload, deferring: true)
        let built = WireCodec.decodeHost(payload, deferring: false)
        switch (deferred, built) {
        case (.success(let lazy), .success(let eager)):
            #expect(lazy == eager, comment)
            #expect(WireCodec.payload(lazy) == WireCodec.payload(eager), comment)
        case (.failure(let lazy), .failure(let eager)):
            #expect(lazy == eager, comment)
        default:
            Issue.record("deferred \(deferred), built at once \(built): \(comment ?? "")")
        }
    }

    @Test("every y_ and i_ text as a state and an event reads as it does built at once")
    func acceptedCorpus() {
        for sample in JSONCorpusTests.accepted + JSONCorpusTests.implementationAccepted {
            Self.expectSameReading(Self.stateMessage(sample.bytes), "\(sample.name)")
        }
    }

    @Test("every n_ and refused i_ text inside a state is refused with the same reason at the same byte")
    func refusedCorpus() {
        for sample in JSONCorpusTests.refused + JSONCorpusTests.implementationRefused {
            let inside = Array(#"{"x":[0,"#.utf8) + sample.bytes + Array("]}".utf8)
            let payload = Self.stateMessage(inside)
            Self.expectSameReading(payload, "\(sample.name)")
            if String(validating: payload, as: UTF8.self) != nil {
                #expect(WireCodec.decodeHost(payload).failure?.code == .invalidJSON, "\(sample.name)")
            }
        }
    }

    @Test(
        "numbers against M-8 in a deferred state or event are refused with their path; others read",
        arguments: [
            #"{"bank":1.0}"#, #"{"a":[1,2,1e0]}"#, #"{"a":{"b":-0}}"#, #"[2.5, 3]"#, #"{"a":1e300}"#,
            #"{"a":12345678901234567890123}"#, #"[{"n":-1E+2}]"#,
        ])
    func numberRule(_ text: String) {
        Self.expectSameReading(Self.stateMessage(Array(text.utf8)), "\(text)")
    }

    @Test("a fraction where M-8 wants an integer names the member")
    func numberRuleMessage() {
        let failure = WireCodec.decodeHost(Self.stateMessage(Array(#"{"bank":1.0}"#.utf8))).failure
        #expect(failure?.code == .invalidMessage)
        #expect(failure?.message.contains("bank") == true, "\(failure?.message ?? "")")
    }

    @Test("events that are not an array are refused as before; nesting counts from the message")
    func shapesAndDepth() {
        let objectEvents = Array(
            (#"{"events":{"a":1},"hash":"h","match":1,"seq":0,"state":{},"#
                + #""status":"playing","table":"t1","type":"state"}"#).utf8)
        Self.expectSameReading(objectEvents)
        #expect(WireCodec.decodeHost(objectEvents).failure?.code == .invalidMessage)
        // The message's object is the first level and the events' array the second: an event nested
        // 62 deep is the limit (64).
        for depth in [61, 62, 63] {
            let nested = Array((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8)
            let payload = Self.stateMessage(nested)
            Self.expectSameReading(payload, "depth \(depth)")
            #expect((WireCodec.decodeHost(payload).failure == nil) == (depth <= 62), "depth \(depth)")
        }
    }

    @Test("a state and events written plainly are checked in one pass; every byte changed reads as built at once")
    func plainTexts() throws {
        let state =
            #"{"banks":{"A":[6,16,0,6,0],"B":[0,6,6,6,-6]},"bottom":0,"debts":{"A":0,"B":1},"done":[true,false],"#
            + #""nest":[[],{},[[{"a":[]}]]],"turn":"B","winner":null}"#
        let events = #"[{"count":5,"square":"A5","type":"picked-up"},{"seat":"B","type":"turn-passed"}]"#
        // NB: the one-pass check takes both texts whole (else this test would not test it), and containers
        // that end as they open, nested and side by side ...
        let shapes = [
            "[]", "{}", "[[]]", #"{"a":{}}"#, "[[],{},[]]", #"{"a":[],"b":{},"c":[[]]}"#, #"[{},{"a":{"b":[]}}]"#,
            #"[0,-1,123456789012345678,true,false,null,"",""]"#, #"{"":0}"#, #"[[[[0]]],{"x":[{"y":null}]}]"#,
        ]
        for text in [state, events] + shapes {
            let bytes = Array(text.utf8)
            let end = bytes.withUnsafeBufferPointer { JSONParser(bytes: $0).plainContainerEnd(from: 0) }
            #expect(end == bytes.count, "\(text)")
        }
        // ... and leaves white space, escapes, fractions and the like to the byte-by-byte checks.
        for other in [
            #"{"a": 1}"#, #"["\n"]"#, #"[1.0]"#, #"[1e2]"#, #"[-0]"#, #"[01]"#, #"["é"]"#, #"[1234567890123456789]"#,
            "[", "[[]", "{", #"{"a""#, #"{"a":"#, #"{"a":1"#, #"{"a":1,"#, "[1,", "[1", "[tru", #"{"a":1,}"#, "[1,]",
            #"{"a"}"#, #"{1:2}"#, "[}", "{]", #"[{"a":1]]"#, "[-]", "[--1]",
        ] {
            let bytes = Array(other.utf8)
            #expect(
                bytes.withUnsafeBufferPointer { JSONParser(bytes: $0).plainContainerEnd(from: 0) } == nil, "\(other)")
        }
        let payload = Self.stateMessage(Array(state.utf8))
        Self.expectSameReading(payload)
        #expect(try WireCodec.decodeHost(payload).get() == WireCodec.decodeHost(payload, deferring: false).get())
        // NB: every byte of the state and of the events replaced by each of these, and taken out: the
        // deferred reading accepts, refuses and reports as the reading that builds at once.
        let replacements: [UInt8] = Array(#"{}[],:"\ -0.e1tfnx"#.utf8) + [0x01, 0x7F, 0xC3, 0xFF]
        for text in [state, events] {
            let bytes = Array(text.utf8)
            for index in bytes.indices {
                var removed = bytes
                removed.remove(at: index)
                Self.expectSameReading(Self.stateMessage(removed), "\(index) removed")
                for replacement in replacements where replacement != bytes[index] {
                    var changed = bytes
                    changed[index] = replacement
                    Self.expectSameReading(Self.stateMessage(changed), "\(index): \(replacement)")
                }
            }
        }
    }

    @Test("a real state's state and events stay text until read, and read back as sent")
    func staysText() throws {
        let state = #"{"banks":{"A":[6,6,6,6,0],"B":[0,6,6,6,6]},"bottom":0,"phase":"sow","turn":"B","winner":null}"#
        let events = #"[{"count":5,"square":"A5","type":"picked-up"},{"seat":"B","type":"turn-passed"}]"#
        let payload = Array(
            (#"{"events":"# + events + #","hash":"h","last":{"move":{"bank":5,"direction":"down"},"seat":"A"},"#
                + #""match":1,"re":8,"seq":1,"state":"# + state + #","status":"playing","table":"t1","#
                + #""turn":"B","type":"state"}"#).utf8)
        let envelope = try WireCodec.decodeHost(payload).get()
        guard case .state(let update) = envelope.message else {
            Issue.record("not a state: \(envelope)")
            return
        }
        #expect(update.stateJSON.isDeferred)
        #expect(update.eventsJSON.json.isDeferred)
        #expect(update.state == (try WireCodec.decodeHost(payload, deferring: false).get().message.stateValue))
        #expect(update.events.count == 2)
        #expect(update.events.first?.objectValue?["square"] == .string("A5"))
        #expect(update.last?.move == .object(["bank": .number(5), "direction": .string("down")]))
        #expect(WireCodec.payload(envelope) == payload)
        struct Banks: Decodable, Equatable { var banks: [String: [Int]] }
        #expect(try update.decodeState(as: Banks.self) == Banks(banks: ["A": [6, 6, 6, 6, 0], "B": [0, 6, 6, 6, 6]]))
        // A value set on this side is kept as it is.
        var changed = update
        changed.state = .string("x")
        #expect(!changed.stateJSON.isDeferred)
        #expect(changed.state == .string("x"))
        #expect(changed != update)
    }
}

extension HostMessage {
    fileprivate var stateValue: JSONValue? {
        if case .state(let update) = self { return update.state }
        return nil
    }
}

extension JSONValue {
    fileprivate var objectValue: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }
}

/// A game's value that writes itself is written by its own `writeJSON`, not through its `Encodable` form.
@Suite("EncodedJSON: a value that writes itself")
struct EncodedJSONWriterTests {
    /// Writes a text of its own that its `Encodable` form never gives, so the path taken shows.
    struct Marked: Encodable, JSONTextWritable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode("encoder")
        }

        func writeJSON(to json: inout JSONTextWriter) {
            json.string("writer")
        }
    }

    @Test("EncodedJSON takes writeJSON for a JSONTextWritable value, and for an array of them")
    func writerFirst() {
        #expect(EncodedJSON(encoding: Marked()).bytes == Array(#""writer""#.utf8))
        #expect(EncodedJSON(encoding: [Marked(), Marked()]).bytes == Array(#"["writer","writer"]"#.utf8))
        #expect(EncodedJSON(encoding: ["plain"]).bytes == Array(#"["plain"]"#.utf8))
    }
}
