import Protocol
import TestScheduling
import Testing

/// The inputs of issue 16, each read as docs/PROTOCOL.md says (F-3, F-7, M-2, M-3, M-8, section 4).
@Suite("Strict reading: the payloads the host used to accept", .offThePool)
struct StrictReadingTests {
    static func decode(_ text: String) -> Result<ClientEnvelope, InboundProblem> {
        WireCodec.decodeClient(Array(text.utf8))
    }

    static let syntaxErrors: [(String, String)] = [
        (#"{"type":"ping",}"#, "a comma before the end"),
        (#"{"type":"ping","x":[1,2,]}"#, "a comma before the end"),
        ("{\"type\":\"ping\",\"x\":\"a\tb\"}", "a raw control character"),
        ("{\"type\":\"ping\",\"x\":\"a\nb\"}", "a raw control character"),
        ("{\"type\":\"ping\",\"x\":\"\u{1F}\"}", "a raw control character"),
        (#"{"type":"ping","id":01}"#, "a leading zero"),
        (#"{"type":"ping","x":1.}"#, "a malformed number"),
        (#"{"type":"ping","x":-}"#, "a malformed number"),
        (#"{"type":"ping","x":.5}"#, "a character that cannot start"),
        ("\u{FEFF}{\"type\":\"ping\"}", "a byte-order mark"),
        (#"{"type":"p\qing"}"#, "an escape that JSON does not have"),
        (#"{"type":"ping","x":"\ud800"}"#, "a lone surrogate"),
        (#"{"type":"ping","x":1e400}"#, "beyond the range"),
    ]

    @Test("payloads RFC 8259 refuses get invalid-json, fatal, with what and where", arguments: syntaxErrors)
    func invalidJSON(text: String, reason: String) throws {
        guard case .failure(let problem) = Self.decode(text) else {
            Issue.record("accepted \(text.debugDescription)")
            return
        }
        #expect(problem.code == .invalidJSON)
        #expect(problem.fatal)
        #expect(problem.message.contains(reason), "\(problem.message)")
        #expect(problem.message.contains("at byte "), "\(problem.message)")
    }

    @Test("a UTF-16LE payload is not UTF-8 JSON: invalid-json (its ASCII is valid UTF-8, with NULs)")
    func utf16() {
        let payload = Array(#"{"type":"ping"}"#.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        guard case .failure(let problem) = WireCodec.decodeClient(payload) else {
            Issue.record("accepted")
            return
        }
        #expect(problem.code == .invalidJSON)
        #expect(problem.fatal)
    }

    @Test("a payload that is not UTF-8 still gets invalid-utf8, not invalid-json")
    func invalidUTF8Kept() throws {
        let result = WireCodec.decodeClient(Array(#"{"type":"ping","x":""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8))
        #expect(result.failure?.code == .invalidUTF8)
    }

    @Test("escapes are read: a type written with \\u escapes is the type")
    func escapesRead() throws {
        #expect(
            try Self.decode(#"{"type":"\u0070i\u006eg","id":"\ud83d\ude00\n"}"#).get()
                == ClientEnvelope(id: .string("😀\n"), .ping(Ping())))
    }

    @Test("a repeated member: the last one counts")
    func repeatedMember() throws {
        #expect(
            try Self.decode(#"{"type":"dance","id":1,"type":"ping","id":2}"#).get()
                == ClientEnvelope(id: .number(2), .ping(Ping())))
    }

    // MARK: Nesting

    static func nested(_ depth: Int) -> String {
        // NB: the message object is level 1, so depth − 1 arrays go inside it.
        #"{"type":"ping","x":"# + String(repeating: "[", count: depth - 1) + String(repeating: "]", count: depth - 1)
            + "}"
    }

    @Test("64 levels of arrays and objects are read; 65 are invalid-json, fatal (section 4)")
    func nestingLimit() throws {
        #expect(try Self.decode(Self.nested(64)).get() == ClientEnvelope(.ping(Ping())))
        let refused = Self.decode(Self.nested(65)).failure
        #expect(refused?.code == .invalidJSON)
        #expect(refused?.fatal == true)
        #expect(refused?.message.contains("nested more than 64 deep") == true, "\(String(describing: refused))")
    }

    // MARK: Ids (M-2, M-3)

    static let notIDs = [
        "1.0", "1e3", "1E0", "-0", "0.0", "1e-400", "-0.0", "9007199254740992", "-9007199254740992", "true", "[1]",
    ]

    @Test(
        "an id that is not an integer written as digits, or is -0 or too large: invalid-message, not fatal, no re",
        arguments: notIDs)
    func badIDs(id: String) throws {
        let problem = try #require(Self.decode(#"{"type":"ping","id":\#(id)}"#).failure)
        #expect(problem.code == .invalidMessage)
        #expect(!problem.fatal)
        #expect(problem.re == nil)
        #expect(problem.message.contains("id"), "\(problem.message)")
    }

    static let echoedIDs = [
        "0", "7", "-7", "9007199254740991", "-9007199254740991", #""a""#, #""p-17 ✓""#, #""ä-1""#,
        "\"" + String(repeating: "x", count: 64) + "\"",
    ]

    @Test("every accepted id is echoed as re with the bytes it was sent with", arguments: echoedIDs)
    func idEcho(id: String) throws {
        let request = try Self.decode(#"{"type":"ping","id":\#(id)}"#).get()
        let reply = String(decoding: WireCodec.payload(HostEnvelope(re: request.id, .pong(Pong()))), as: UTF8.self)
        #expect(reply == #"{"re":\#(id),"type":"pong"}"#)
    }

    // MARK: Integer members (M-8)

    static let integersWrittenOtherwise: [(String, String)] = [
        (#"{"type":"hello","protocol":1.0,"name":"Lan"}"#, "'protocol'"),
        (#"{"type":"create-table","game":"taxcollection","graceSeconds":6e1}"#, "'graceSeconds'"),
        (#"{"type":"move","table":"t1","seq":1e0,"move":{"refill":true}}"#, "'seq'"),
        (#"{"type":"move","table":"t1","seq":-0,"move":{"refill":true}}"#, "'seq'"),
        (#"{"type":"move","table":"t1","seq":0,"move":{"bank":1.0,"direction":"up"}}"#, "'move.bank'"),
        (#"{"type":"move","table":"t1","seq":0,"move":{"bank":5E0,"direction":"up"}}"#, "'move.bank'"),
        (#"{"type":"move","table":"t1","seq":0,"move":{"x":[1,2.00]}}"#, "'move.x.[1]'"),
        (#"{"type":"tables","limit":2.0}"#, "'limit'"),
    ]

    @Test(
        "an integer written with a fraction or exponent is invalid-message naming the member",
        arguments: integersWrittenOtherwise)
    func integerForm(text: String, member: String) throws {
        let problem = try #require(Self.decode(text).failure)
        #expect(problem.code == .invalidMessage)
        #expect(!problem.fatal)
        #expect(problem.message.contains(member), "\(problem.message)")
        #expect(
            problem.message.contains("fraction or exponent") || problem.message.contains("-0"), "\(problem.message)")
    }

    @Test("numbers a game may mean as fractions are read: 2.5, -0.125, 1e-3, and whole numbers past 2^53")
    func fractionsInMoves() throws {
        let envelope = try Self.decode(
            #"{"type":"move","table":"t1","seq":0,"move":{"a":2.5,"b":-0.125,"c":1e-3,"d":1e300}}"#
        ).get()
        guard case .move(let move) = envelope.message else {
            Issue.record("\(envelope)")
            return
        }
        #expect(
            move.move == .object(["a": .number(2.5), "b": .number(-0.125), "c": .number(0.001), "d": .number(1e300)]))
    }

    @Test("a member deep inside arrays and objects is named with its whole path")
    func deepPaths() throws {
        let players = #"{"type":"players","players":[{"id":"p-1","name":"A"},{"id":"p-2","name":7}]}"#
        let problem = try #require(WireCodec.decodeHost(Array(players.utf8)).failure)
        #expect(problem.message == "bad players: field 'players.[1].name' should be a string")
        let missing = #"{"type":"tables","tables":[{"id":"t1"}]}"#
        let unread = WireCodec.decodeHost(Array(missing.utf8))
        #expect(unread.failure?.message == "bad tables: missing field 'tables.[0].game'")
        let move = #"{"type":"move","table":"t1","seq":0,"move":{"a":[{"b":1},{"b":[0,3E0]}]}}"#
        let refused = Self.decode(move).failure?.message ?? ""
        #expect(refused.hasPrefix("bad move: field 'move.a.[1].b.[1]': an integer is"), "\(refused)")
    }

    @Test("a number that is not whole is not an integer: invalid-message naming the member")
    func fractionalInteger() throws {
        let problem = try #require(Self.decode(#"{"type":"move","table":"t1","seq":0.5,"move":{}}"#).failure)
        #expect(problem.message == "bad move: field 'seq': the number is not an integer")
    }
}

extension Result {
    /// The error, when this is a failure.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
