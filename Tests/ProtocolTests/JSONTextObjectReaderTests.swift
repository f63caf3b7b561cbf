import GameKit
import Testing

@testable import Protocol

/// A flat object read from its text (a client reads each `state`'s move so) must answer as the strict
/// tree's reader answers, and leave every other text to the tree.
@Suite("JSONTextObjectReader: a flat object read from its text")
struct JSONTextObjectReaderTests {
    /// Texts the reader takes.
    static let taken = [
        #"{"bank":3,"direction":"up"}"#, #"{"refill":true}"#, "{}", #"{"a":null}"#, #"{"t":true,"f":false}"#,
        #" { "bank" : 3 , "direction" : "up" } "#, #"{"n":9007199254740991}"#, #"{"n":-9007199254740991}"#,
        #"{"n":9007199254740992}"#, #"{"n":-9007199254740992}"#, #"{"n":1.5}"#, #"{"n":0}"#, #"{"n":-1}"#,
        #"{"s":"caf\u00e9 \"x\""}"#, #"{"s":""}"#, #"{"n":12345678901234567890}"#, #"{"":1,"a":2}"#,
        #"{"a":1,"bank":2,"direction":"up","f":false,"n":5,"refill":null,"s":"x","t":true}"#,
    ]
    /// Texts it leaves: not a flat object, not JSON, a name with an escape or written twice, a whole
    /// number not written as an integer (which the strict reading refuses).
    static let left = [
        #"{"o":{}}"#, #"{"a":[]}"#, "[1]", #""x""#, "3", "null", #"{"b\u0061nk":3}"#, #"{"bank":3,"bank":4}"#,
        #"{"n":1.0}"#, #"{"n":-0}"#, #"{"n":1e0}"#, "\u{FEFF}{}", #"{"a":1}x"#, #"{"a":}"#, #"{"a":1,}"#, "{",
        #"{"s":"\#u{1}"}"#, #"{"a":1,"a":1}"#, #"{"t":true,"f":false,"t":true}"#,
    ]
    static let keys = ["bank", "direction", "refill", "a", "t", "f", "n", "s", "o", "x", ""]

    @Test("answers as the strict tree's reader does, for every name", arguments: Self.taken)
    func answersAsTheTree(text: String) throws {
        let bytes = Array(text.utf8)
        let reader = try #require(JSONTextObjectReader(bytes))
        let tree = try ParsedJSON.parse(bytes).get().jsonValue(.strict)
        guard case .object(let members) = tree else {
            Issue.record("\(text) is not an object in the tree: \(tree)")
            return
        }
        let reference = JSONValueObjectReader(members)
        // NB: and as a message's member, kept as a slice of the message's text that does not start at 0.
        let message = try ParsedJSON.parse(Array((#"{"a":"x","move":"# + text + "}").utf8), deferring: true).get()
        guard case .object(let parsed) = message, case .deferred(let slice)? = parsed["move"] else {
            Issue.record("\(text) is not kept as text in a message: \(message)")
            return
        }
        let member = try #require(JSONTextObjectReader(slice))
        for reader in [reader, member] {
            #expect(reader.memberCount == reference.memberCount)
            for key in Self.keys {
                #expect(reader.integer(key) == reference.integer(key), "integer \(key) in \(text)")
                #expect(reader.string(key) == reference.string(key), "string \(key) in \(text)")
                #expect(reader.bool(key) == reference.bool(key), "bool \(key) in \(text)")
            }
        }
    }

    @Test("leaves anything else to the tree", arguments: Self.left)
    func leavesTheRest(text: String) {
        #expect(JSONTextObjectReader(Array(text.utf8)) == nil)
    }

    @Test("a state's move stays text, and is read from it as from its tree")
    func movesOfAState() throws {
        for move in [#"{"bank":5,"direction":"down"}"#, #"{"refill":true}"#, #"[1,2]"#, #""pass""#, "7"] {
            let payload = Array(
                (#"{"events":[],"hash":"h","last":{"move":"# + move + #","seat":"A"},"match":1,"seq":1,"#
                    + #""state":{},"status":"playing","table":"t1","turn":"B","type":"state"}"#).utf8)
            let envelope = try WireCodec.decodeHost(payload).get()
            guard case .state(let update) = envelope.message, let last = update.last else {
                Issue.record("no state with a last move: \(envelope)")
                continue
            }
            // NB: read at the parser (not by the general path), containers kept as text.
            #expect(update.stateJSON.isDeferred)
            #expect(last.moveJSON.isDeferred == (move.hasPrefix("{") || move.hasPrefix("[")))
            #expect(last.move == (try ParsedJSON.parse(Array(move.utf8)).get().jsonValue(.strict)))
            #expect(WireCodec.payload(envelope) == payload)
        }
    }
}
