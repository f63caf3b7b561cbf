import CrapsRules
import Foundation
import GameKit
import TestScheduling
import Testing

/// The examples of docs/CRAPS.md, read from the page itself so that the page and the code agree.
@Suite("Worked examples of docs/CRAPS.md", .offThePool)
struct WorkedExampleTests {
    static let page: String = {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/CRAPS.md")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    /// The contents of the fenced blocks that follow `marker`, up to the next marker or heading.
    static func blocks(after marker: String) -> [String] {
        guard let start = page.range(of: marker) else { return [] }
        var blocks: [String] = []
        var current: [Substring]?
        for line in page[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                if let open = current {
                    blocks.append(open.joined(separator: "\n"))
                    current = nil
                } else {
                    current = []
                }
            } else if current != nil {
                current!.append(line)
            } else if line.hasPrefix("<!-- ") || line.hasPrefix("#") {
                break
            }
        }
        return blocks
    }

    /// The first column of the table that follows `marker`, without its backquotes.
    static func tableColumn(after marker: String) -> [String] {
        guard let start = page.range(of: marker) else { return [] }
        let rows = page[start.upperBound...].split(separator: "\n").drop { !$0.hasPrefix("|") }.prefix {
            $0.hasPrefix("|")
        }
        return rows.dropFirst(2).map { row in
            String(row.split(separator: "|")[0].trimmingCharacters(in: .whitespaces).dropFirst().dropLast())
        }
    }

    @Test(arguments: ["come-out", "seven-out"])
    func example(name: String) throws {
        let blocks = Self.blocks(after: "<!-- example: \(name) -->")
        try #require(blocks.count == 4, "example \(name) needs 4 blocks: before, move, events, after")
        var state = try decode(CrapsState.self, blocks[0])
        #expect(try json(state) == blocks[0], "the before-state is written as the rules write it")
        let move = try decode(CrapsMove.self, blocks[1])
        #expect(try json(move) == blocks[1])
        let events = try CrapsGame.apply(move, by: .seat(try #require(state.shooter)), to: &state).get()
        #expect(try events.map(json) == blocks[2].split(separator: "\n").map(String.init))
        #expect(try json(state) == blocks[3])
    }

    @Test("the hash example: SHA-256 of the state's JSON")
    func hash() throws {
        let blocks = Self.blocks(after: "<!-- example-hash: seven-out -->")
        try #require(blocks.count == 2)
        let state = try decode(CrapsState.self, blocks[0])
        #expect(try json(state) == blocks[0])
        #expect(CrapsGame.hash(of: state) == blocks[1])
        #expect(SHA256.hex(of: Array(blocks[0].utf8)) == blocks[1])
    }

    @Test("the dice example, step by step: commitment, message, HMAC block, dice")
    func dice() throws {
        let blocks = Self.blocks(after: "<!-- example-dice -->")
        try #require(blocks.count == 9, "secret, commitment, seeds, then message, block and dice of rolls 1 and 2")
        let secret = blocks[0]
        #expect(DiceDerivation.commitment(ofSecret: secret) == blocks[1])
        let seeds = try decode([String].self, blocks[2])
        let key = HMACSHA256.Key(try #require(Hex.bytes(of: secret)))
        for roll in 1...2 {
            let message = DiceDerivation.message(seeds: seeds, roll: roll, block: 0)
            #expect(Hex.string(of: message) == blocks[3 * roll])
            #expect(message.count == 57)
            #expect(Hex.string(of: key.code(of: message)) == blocks[3 * roll + 1])
            #expect(try json(DiceDerivation.dice(secret: secret, seeds: seeds, roll: roll)) == blocks[3 * roll + 2])
        }
        let record = try decode(CrapsRecord.self, try #require(Self.blocks(after: "<!-- example-record -->").first))
        #expect(record.periods[1].secret == secret && record.periods[1].seeds == seeds)
        #expect(try record.periods[1].rolls.map(json) == [blocks[5], blocks[8]])
    }

    @Test("the record example verifies, and fails when a secret or a roll is changed")
    func record() throws {
        let text = try #require(Self.blocks(after: "<!-- example-record -->").first)
        let record = try decode(CrapsRecord.self, text)
        #expect(try json(record) == text)
        #expect(CrapsVerifier.verify(record) == .verified(periods: 2, rolls: 3, unchecked: 0))
        var wrongSecret = record
        wrongSecret.periods[0].secret = record.periods[1].secret
        #expect(CrapsVerifier.verify(wrongSecret).failureCode == "commitment-mismatch")
        var wrongRoll = record
        wrongRoll.periods[1].rolls[1] = Dice(6, 1)
        #expect(CrapsVerifier.verify(wrongRoll).failureCode == "roll-mismatch")
    }

    @Test("the ante examples: each request's refusal and allowed value")
    func antes() throws {
        let lines = try #require(Self.blocks(after: "<!-- example-antes -->").first).split(separator: "\n")
        #expect(lines.count == 6)
        for line in lines {
            // "balance 20000 ante 500 point off: ante 0 -> ante-not-positive 500"
            let words = line.split(separator: " ")
            let (balance, ante, pointOn) = (Int(words[1])!, Int(words[3])!, words[5] == "on:")
            let request = Int64(words[7])!
            var state = try decode(CrapsState.self, Self.state(balance: balance, ante: ante, pointOn: pointOn))
            guard case .failure(let refusal) = state.apply(.ante(Money(cents: request)), by: .seat("P1")) else {
                Issue.record("\(line): accepted")
                continue
            }
            #expect(refusal.code == String(words[9]), "\(line)")
            #expect(refusal.details["allowed"] == Int(words[10]), "\(line)")
        }
    }

    static func state(balance: Int, ante: Int, pointOn: Bool) -> String {
        """
        {"rules":"classic","seats":[{"seat":"P1","status":"playing","balance":\(balance),"ante":\(ante),"seed":"",\
        "resets":0,"last":null}],"shooter":"P1","point":\(pointOn ? "6" : "null"),"dice":\(pointOn ? "[3,3]" : "null"),\
        "decisions":0,"decisionLimit":0,"period":{"number":1,"commitment":"\(Golden.commitment)",\
        "seeds":\(pointOn ? "[\"\"]" : "null"),"rolls":\(pointOn ? "[[3,3]]" : "[]")},"over":null}
        """
    }

    @Test("the refusal table lists every code, in order")
    func refusalTable() {
        #expect(Self.tableColumn(after: "<!-- refusals -->") == CrapsRefusal.codes)
    }

    @Test("the event table lists every event type")
    func eventTable() {
        var types: [String] = []
        for (event, _) in EventJSONTests.all where !types.contains(event.type) { types.append(event.type) }
        #expect(Self.tableColumn(after: "<!-- events -->") == types)
    }

    @Test("the page names every verification failure code")
    func verificationCodes() {
        for kind in DiceCheckFailure.Kind.allCases {
            #expect(Self.page.contains("`\(kind.rawValue)`"), "\(kind.rawValue)")
        }
    }
}

extension CrapsVerification {
    /// The failure's code; `nil` when the record verifies.
    var failureCode: String? {
        if case .failed(let failure) = self { return failure.code }
        return nil
    }
}
