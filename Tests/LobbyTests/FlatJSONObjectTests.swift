import GameKit
import TaxCollectionRules
import TestScheduling
import TestSupport
import Testing

@testable import Protocol

/// A game's move read and written without `Codable` (GameKit's `FlatJSONObject`) must be read and
/// written exactly as `Codable` does.
@Suite("FlatJSONObject: a move read and written as Codable does", .offThePool)
struct FlatJSONObjectTests {
    @Test("Tax Collection's moves, and the objects one change away from them")
    func taxCollectionMoves() {
        let check = FlatJSONObjectCheck(Move.all)
        #expect(check.problems == [])
        #expect(check.objects > 200)
        // NB: every move's own object, at least, is read fast.
        #expect(check.readFast >= Move.all.count)
    }

    /// The check itself fails a reader that takes what `Decodable` refuses, one that reads a value
    /// wrong, one that leaves what `Decodable` takes, and a writer that writes a member wrong.
    // NB: serialized: the fault is the type's own (a reader has no instance to ask).
    @Test("the check finds broken readers and writers", .serialized, arguments: Broken.Fault.allCases)
    func brokenMoves(fault: Broken.Fault) {
        Broken.fault = fault
        let check = FlatJSONObjectCheck([Broken(bank: 1), Broken(bank: 3)])
        #expect(!check.problems.isEmpty)
    }

    @Test("a game whose move reads itself reads and writes it so through the game; any other, through Codable")
    func throughTheGame() throws {
        for move in Move.all {
            let tree = JSONValue.encoding(move)
            guard case .object(let members) = tree else {
                Issue.record("\(move) is not an object")
                continue
            }
            // NB: Tax Collection's own reader and writer, chosen when the game conforms, not a look-up.
            #expect(TaxCollectionGame.readMove(JSONValueObjectReader(members)) == move)
            #expect(TaxCollectionGame.moveMembers(move) != nil)
            #expect(JSONValue.encodingMove(move, of: TaxCollectionGame.self) == tree)
            #expect(try tree.decodeMove(of: TaxCollectionGame.self) == move)
        }
        let refused = JSONValue.object(["bank": .number(6), "direction": .string("up")])
        #expect(throws: DecodingError.self) { try refused.decodeMove(of: TaxCollectionGame.self) }
        // NB: a move that does not read itself goes through Codable, with the same result.
        let roll = DiceRace.Move(roll: true, die: 4)
        let rolled = JSONValue.encoding(roll)
        guard case .object(let members) = rolled else { return }
        #expect(DiceRace.readMove(JSONValueObjectReader(members)) == nil)
        #expect(DiceRace.moveMembers(roll) == nil)
        #expect(JSONValue.encodingMove(roll, of: DiceRace.self) == rolled)
        #expect(try rolled.decodeMove(of: DiceRace.self) == roll)
    }

    @Test("a state's last move is read from its text through the game's reader, or else as a tree")
    func fromAState() throws {
        func played<G: Game>(_ move: G.Move, of game: G.Type) throws -> PlayedMove? {
            let update = MatchUpdate(
                table: "t1", match: 1, seq: 1, turn: "B", status: .playing, state: .object([:]), hash: "h",
                last: PlayedMove(seat: "A", move: .encodingMove(move, of: G.self)))
            let payload = WireCodec.payload(HostEnvelope(.state(update)))
            guard case .state(let read) = try WireCodec.decodeHost(payload).get().message else { return nil }
            return read.last
        }
        for move in Move.all {
            #expect(try played(move, of: TaxCollectionGame.self)?.decodeMove(of: TaxCollectionGame.self) == move)
        }
        let roll = DiceRace.Move(roll: true, die: 4)
        #expect(try played(roll, of: DiceRace.self)?.decodeMove(of: DiceRace.self) == roll)
        let refused = PlayedMove(seat: "A", move: .object(["bank": .number(6), "direction": .string("up")]))
        #expect(throws: DecodingError.self) { try refused.decodeMove(of: TaxCollectionGame.self) }
    }

    @Test(
        "a move kept as its text is found by it, in a client's request and a state's last move; any other text is read"
    )
    func keptMoves() throws {
        let tally = DiceRace.Tally()
        try DiceRace.$keptMovesFound.withValue(tally) {
            func request(_ move: String) throws -> MoveRequest? {
                let text = #"{"id":1,"move":"# + move + #","seq":2,"table":"t1","type":"move"}"#
                guard case .move(let request)? = MoveRequest.envelope(scanning: Array(text.utf8))?.message
                else { return nil }
                return request
            }
            #expect(try request(#"{"roll":true}"#)?.decodeMove(of: DiceRace.self) == DiceRace.Move(roll: true))
            #expect(tally.count.withLock { $0 } == 1)
            // NB: the same move written with a space is not the kept text: read through Codable.
            #expect(try request(#"{"roll": true}"#)?.decodeMove(of: DiceRace.self) == DiceRace.Move(roll: true))
            #expect(try request(#"{"die":3,"roll":true}"#)?.decodeMove(of: DiceRace.self) == .init(roll: true, die: 3))
            #expect(tally.count.withLock { $0 } == 1)
            let update = MatchUpdate(
                table: "t1", match: 1, seq: 1, turn: "P1", status: .playing, state: .object([:]), hash: "h",
                last: PlayedMove(seat: "P2", move: .object(["roll": .bool(true)])))
            let payload = WireCodec.payload(HostEnvelope(.state(update)))
            guard case .state(let read) = try WireCodec.decodeHost(payload).get().message else {
                Issue.record("not a state")
                return
            }
            #expect(try read.last?.decodeMove(of: DiceRace.self) == DiceRace.Move(roll: true))
            #expect(tally.count.withLock { $0 } == 2)
        }
    }

    @Test("a game's supplied advance is its apply without the events: the same state, the same refusal")
    func suppliedAdvance() throws {
        let start = try DiceRace.twoSeatStart().state
        let moves: [(DiceRace.Move, Mover)] = [
            (DiceRace.Move(roll: true, die: 5), .seat("P1")), (DiceRace.Move(roll: true, die: 9), .seat("P2")),
            (DiceRace.Move(roll: true, die: 2), .seat("P1")), (DiceRace.Move(out: "P2"), .host),
        ]
        var applied = start
        var advanced = start
        for (move, mover) in moves {
            let apply = DiceRace.apply(move, by: mover, to: &applied)
            let advance = DiceRace.advance(move, by: mover, to: &advanced)
            #expect(advanced == applied)
            switch (apply, advance) {
            case (.success, .success): break
            case (.failure(let refused), .failure(let same)): #expect(refused == same)
            default: Issue.record("\(move): apply \(apply), advance \(advance)")
            }
        }
        #expect(advanced != start)
    }

    @Test("a move request carrying a move the game wrote is the request carrying its tree, byte for byte")
    func writtenMoveRequests() {
        func expectSame<G: Game>(_ move: G.Move, of game: G.Type) {
            let written = MoveRequest(table: "t1", seq: 3, writtenMove: EncodedJSON.move(move, of: G.self))
            let tree = MoveRequest(table: "t1", seq: 3, move: .encodingMove(move, of: G.self))
            #expect(written == tree)
            for id in [nil, RequestID.number(7)] {
                let payload = WireCodec.payload(ClientEnvelope(id: id, .move(written)))
                #expect(payload == WireCodec.payload(ClientEnvelope(id: id, .move(tree))))
                #expect(payload == WireCodec.encoderPayload(ClientEnvelope(id: id, .move(tree))))
            }
        }
        for move in Move.all { expectSame(move, of: TaxCollectionGame.self) }
        expectSame(DiceRace.Move(roll: true, die: 4), of: DiceRace.self)
    }

    @Test("JSONValue.decode(as:) gives Decodable's error for what the fast reader leaves")
    func errorsStayDecodables() throws {
        let refused: [JSONValue] = [
            .object(["bank": .number(6), "direction": .string("up")]),
            .object(["refill": .bool(false)]),
            .object(["bank": .number(1), "direction": .string("up"), "refill": .bool(true)]),
        ]
        for object in refused {
            #expect(throws: DecodingError.self) { try object.decode(as: Move.self) }
        }
        let accepted = JSONValue.object(["bank": .number(2), "direction": .string("down")])
        #expect(try accepted.decode(as: Move.self) == .sow(bank: 2, direction: .down))
    }
}

/// A flat move with a fault to plant, for the check's own test.
struct Broken: FlatJSONObject, Equatable, CustomStringConvertible {
    enum Fault: CaseIterable { case takesTooMuch, readsWrong, leavesTooMuch, writesWrong }
    nonisolated(unsafe) static var fault = Fault.takesTooMuch

    var bank: Int
    var description: String { "bank \(self.bank)" }

    init(bank: Int) { self.bank = bank }

    init(from decoder: any Decoder) throws {
        let bank = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .bank)
        guard (1...5).contains(bank) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "bank 1 to 5"))
        }
        self.bank = bank
    }

    init?(readingObject object: some JSONObjectReader) {
        guard object.memberCount == 1, let bank = object.integer("bank") else { return nil }
        switch Self.fault {
        case .takesTooMuch: self.bank = bank
        case .readsWrong where (1...5).contains(bank): self.bank = bank + 1
        case .leavesTooMuch: return nil
        default:
            guard (1...5).contains(bank) else { return nil }
            self.bank = bank
        }
    }

    var jsonMembers: [(key: String, value: JSONScalar)] {
        [("bank", Self.fault == .writesWrong ? .string("\(self.bank)") : .integer(self.bank))]
    }
}
