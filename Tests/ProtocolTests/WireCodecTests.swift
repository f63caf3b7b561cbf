import Protocol
import TestScheduling
import Testing

@Suite("Message decoding", .offThePool)
struct WireCodecTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var payload: [UInt8]
        var code: ErrorCode
        var fatal: Bool
        var re: RequestID?
        var testDescription: String { "\(self.code)" }
    }

    static let problems: [Case] = [
        Case(payload: [0x7B, 0xFF, 0x7D], code: .invalidUTF8, fatal: true),
        Case(payload: Array("{\"type\":".utf8), code: .invalidJSON, fatal: true),
        Case(payload: Array("hello".utf8), code: .invalidJSON, fatal: true),
        Case(payload: Array("[{\"type\":\"ping\"}]".utf8), code: .notAnObject, fatal: true),
        Case(payload: Array("\"ping\"".utf8), code: .notAnObject, fatal: true),
        Case(payload: Array("42".utf8), code: .notAnObject, fatal: true),
        Case(payload: Array("{\"id\":1}".utf8), code: .missingType, fatal: true),
        Case(payload: Array("{\"type\":7}".utf8), code: .missingType, fatal: true),
        Case(payload: Array("{\"type\":\"dance\",\"id\":9}".utf8), code: .unknownType, fatal: false, re: .number(9)),
        Case(
            payload: Array("{\"type\":\"hello\",\"id\":\"h\",\"name\":\"Lan\"}".utf8), code: .invalidMessage,
            fatal: false, re: .string("h")),
        Case(
            payload: Array("{\"type\":\"hello\",\"protocol\":\"1\",\"name\":\"Lan\"}".utf8), code: .invalidMessage,
            fatal: false),
        Case(payload: Array("{\"type\":\"ping\",\"id\":1.5}".utf8), code: .invalidMessage, fatal: false),
        Case(payload: Array("{\"type\":\"ping\",\"id\":{}}".utf8), code: .invalidMessage, fatal: false),
        Case(payload: Array("{\"type\":\"ping\",\"id\":9007199254740992}".utf8), code: .invalidMessage, fatal: false),
        Case(payload: Array("{\"type\":\"ping\",\"id\":\"\"}".utf8), code: .invalidMessage, fatal: false),
    ]

    @Test("malformed payloads map to their documented codes", arguments: Self.problems)
    func problem(_ testCase: Case) throws {
        let result = WireCodec.decodeClient(testCase.payload)
        guard case .failure(let problem) = result else {
            Issue.record("decoded \(result) instead of failing")
            return
        }
        #expect(problem.code == testCase.code)
        #expect(problem.fatal == testCase.fatal)
        #expect(problem.re == testCase.re)
        #expect(!problem.message.isEmpty)
    }

    @Test("a missing field is named in the message")
    func missingFieldNamed() throws {
        let result = WireCodec.decodeClient(Array("{\"type\":\"hello\",\"protocol\":1}".utf8))
        guard case .failure(let problem) = result else {
            Issue.record("decoded")
            return
        }
        #expect(problem.message == "bad hello: missing field 'name'")
    }

    @Test("unknown fields are ignored, as the versioning policy promises")
    func unknownFieldsIgnored() throws {
        let payload = Array("{\"type\":\"hello\",\"protocol\":1,\"name\":\"Lan\",\"avatar\":\"🐢\",\"x\":[1]}".utf8)
        #expect(try WireCodec.decodeClient(payload).get() == ClientEnvelope(.hello(Hello(name: "Lan"))))
    }

    @Test(
        "ids of both kinds round-trip",
        arguments: [RequestID.number(-9_007_199_254_740_991), .number(0), .string("ä-1")])
    func idsRoundTrip(id: RequestID) throws {
        let bytes = WireCodec.payload(ClientEnvelope(id: id, .ping(Ping())))
        #expect(try WireCodec.decodeClient(bytes).get().id == id)
    }

    @Test("every error code is kebab-case and listed once")
    func catalogue() {
        let codes = ErrorCode.catalogue.map(\.code.rawValue)
        #expect(Set(codes).count == codes.count)
        for code in codes {
            #expect(code.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }, "\(code)")
        }
    }
}

@Suite("Player names", .offThePool)
struct PlayerNameTests {
    @Test(
        "good names are trimmed",
        arguments: [("  Lan  ", "Lan"), ("Nguyễn Văn A", "Nguyễn Văn A"), ("\tBo\n", "Bo"), ("x", "x")])
    func accepted(raw: String, expected: String) throws {
        #expect(try PlayerName.validate(raw).get() == expected)
    }

    @Test(
        "bad names are refused with invalid-name",
        arguments: [
            "", "   ", String(repeating: "a", count: 25), "Lan\u{0007}", "a\u{202E}b", "a\u{2028}b",
            "e" + String(repeating: "\u{0301}", count: 100),
        ])
    func refused(raw: String) {
        guard case .failure(let refusal) = PlayerName.validate(raw) else {
            Issue.record("accepted \(raw.debugDescription)")
            return
        }
        #expect(refusal.code == .invalidName)
        #expect(refusal.fatal == false)
    }

    @Test("24 characters is the most, counted as people see them")
    func maximumLength() throws {
        #expect(try PlayerName.validate(String(repeating: "ă", count: 24)).get().count == 24)
    }

    @Test("the empty name carries the seed's warning")
    func seedWarning() {
        guard case .failure(let refusal) = PlayerName.validate(" ") else {
            Issue.record("accepted")
            return
        }
        #expect(refusal.message.hasPrefix("Please enter your username"))
    }

    @Test("names differing in case clash")
    func caseInsensitive() {
        #expect(PlayerName.uniquenessKey("LAN") == PlayerName.uniquenessKey("lan"))
    }
}

@Suite("Seat codes as people type them", .offThePool)
struct SeatCodeTypingTests {
    @Test(
        "case, spaces and hyphens do not matter; I and L read as 1, O as 0",
        arguments: [
            "XVM5W-MJAAV", "xvm5w-mjaav", "XVM5WMJAAV", " xvm5w mjaav ", "XVM5W--MJAAV",
        ])
    func lenient(typed: String) {
        #expect(SeatCode.typed(typed)?.rawValue == "XVM5W-MJAAV")
    }

    @Test("look-alike letters", arguments: [("1O0IL-ABCDE", "10011-ABCDE"), ("il0o1-zzzzz", "11001-ZZZZZ")])
    func lookAlikes(typed: String, canonical: String) {
        #expect(SeatCode.typed(typed)?.rawValue == canonical)
    }

    @Test(
        "not a code: too short, too long, a U, punctuation",
        arguments: ["XVM5W-MJAA", "XVM5W-MJAAVV", "XVM5W-MJAAU", "XVM5W/MJAAV", ""])
    func refused(typed: String) {
        #expect(SeatCode.typed(typed) == nil)
    }

    @Test("the code of a value, and a code never shows in logs")
    func bits() {
        #expect(SeatCode(bits: 0).rawValue == "00000-00000")
        #expect(SeatCode(bits: (1 << 50) - 1).rawValue == "ZZZZZ-ZZZZZ")
        #expect("\(SeatCode(bits: 1))" == "SeatCode(redacted)")
    }
}
