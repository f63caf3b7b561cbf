import CrapsRules
import Foundation
import GameKit
import TestScheduling
import Testing

@Suite("The state on the wire", .offThePool)
struct StateJSONTests {
    static let host = CrapsState(seats: ["P1", "P2"], shooter: "P1", secret: Golden.secret)!

    static let viewed = """
        {"rules":"classic","seats":[\
        {"seat":"P1","status":"playing","balance":20000,"ante":500,"seed":"","resets":0,"last":null},\
        {"seat":"P2","status":"playing","balance":20000,"ante":500,"seed":"","resets":0,"last":null}],\
        "shooter":"P1","point":null,"dice":null,"decisions":0,"decisionLimit":0,\
        "period":{"number":1,"commitment":"\(Golden.commitment)","seeds":null,"rolls":[]},"over":null}
        """

    @Test("the start, as every viewer sees it, and the host's copy with the secret")
    func startGolden() throws {
        #expect(try json(Self.host.viewed) == Self.viewed)
        #expect(try json(CrapsGame.view(of: Self.host, for: .seat("P2"))) == Self.viewed)
        let hostText = Self.viewed.replacingOccurrences(
            of: #""commitment":"\#(Golden.commitment)""#,
            with: #""commitment":"\#(Golden.commitment)","secret":"\#(Golden.secret)""#)
        #expect(try json(Self.host) == hostText)
        #expect(try decode(CrapsState.self, hostText) == Self.host)
        #expect(try decode(CrapsState.self, Self.viewed) == Self.host.viewed)
    }

    @Test("the hash is SHA-256 of the viewed state's JSON, the same on the host as for every viewer")
    func hash() {
        #expect(CrapsGame.hash(of: Self.host) == SHA256.hex(of: Array(Self.viewed.utf8)))
        #expect(CrapsGame.hash(of: Self.host.viewed) == CrapsGame.hash(of: Self.host))
        var moved = Self.host
        _ = moved.apply(.ante(Money(dollars: 10)), by: .seat("P2"))
        #expect(CrapsGame.hash(of: moved) != CrapsGame.hash(of: Self.host))
    }

    @Test(arguments: [
        (#""rules":"classic""#, #""rules":"vegas""#, "unknown rules \"vegas\""),
        (
            #""balance":20000,"ante":500,"seed":"","resets":0,"last":null},{"seat":"P2""#,
            #""balance":20001,"ante":500,"seed":"","resets":0,"last":null},{"seat":"P2""#, "a multiple of $5"
        ),
        (
            #""status":"playing","balance":20000,"ante":500,"seed":"","resets":0,"last":null},{"seat":"P2""#,
            #""status":"bankrupt","balance":20000,"ante":500,"seed":"","resets":0,"last":null},{"seat":"P2""#,
            "the status is playing"
        ),
        (
            #""ante":500,"seed":"","resets":0,"last":null},{"seat":"P2""#,
            #""ante":0,"seed":"","resets":0,"last":null},{"seat":"P2""#, "from $5 to the balance"
        ),
        (
            #""seed":"","resets":0,"last":null},{"seat":"P2""#, #""seed":"\t","resets":0,"last":null},{"seat":"P2""#,
            "printable ASCII"
        ),
        (#""seat":"P2""#, #""seat":"P1""#, "distinct names"),
        (#""shooter":"P1""#, #""shooter":"P3""#, "the shooter P3 must be a seat"),
        (#""shooter":"P1""#, #""shooter":null"#, "someone holds the dice"),
        (#""point":null"#, #""point":7"#, "the point is 4, 5, 6, 8, 9 or 10"),
        (#""point":null"#, #""point":6"#, "a point is set by a roll of the current period"),
        (#""decisions":0"#, #""decisions":1"#, "the period is 2, not 1"),
        (#""decisionLimit":0"#, #""decisionLimit":101"#, "the decision limit is 0 to 100"),
        (#""over":null"#, #""over":"finished""#, "without a decision limit cannot be finished"),
        (#""over":null"#, #""over":"resigned""#, "only when every seat has left"),
        (#""number":1"#, #""number":0"#, "starts at 1"),
        (#""commitment":"\#(Golden.commitment)""#, #""commitment":"abc""#, "64 lowercase hex digits"),
        (#""seeds":null"#, #""seeds":["a"]"#, "one per seat"),
        (#""rolls":[]"#, #""rolls":[[1,2]]"#, "a period with rolls has its seeds"),
        (
            #""commitment":"\#(Golden.commitment)""#,
            #""commitment":"\#(Golden.commitment)","secret":"\#(Golden.nextSecret)""#,
            "does not match its commitment"
        ),
        (#""dice":null"#, #""dice":[0,7]"#, "each 1 to 6"),
    ])
    func invalidStatesAreRefusedWithAReason(original: String, replacement: String, reason: String) {
        let text = Self.viewed.replacingOccurrences(of: original, with: replacement)
        #expect(text != Self.viewed)
        do {
            _ = try decode(CrapsState.self, text)
            Issue.record("decoded \(text)")
        } catch {
            #expect(decodingMessage(error).contains(reason), "\(decodingMessage(error))")
        }
    }

    @Test("a finished match's state shows its last secret to everyone, and needs it")
    func finishedState() throws {
        var table = TestTable(seats: 1, decisions: 1)
        table.roll([11])
        let text = try json(table.state.viewed)
        #expect(text.contains(#""secret":"\#(table.state.period.secret!)""#))
        #expect(text.hasSuffix(#""over":"finished"}"#))
        let hidden = text.replacingOccurrences(of: #","secret":"\#(table.state.period.secret!)""#, with: "")
        #expect(throws: DecodingError.self) { try decode(CrapsState.self, hidden) }
    }
}
