import CrapsRules
import GameKit
import Protocol
import TaxCollectionRules
import TestSupport
import Testing

/// The host writes each state once (`EncodedJSON`) and splices it into every message: the bytes must be
/// those of the state's tree, as a message holding the tree writes them, for every viewer of real games.
@Suite("Encoded states: the bytes of the tree, for every viewer, in whole matches", .offThePool)
struct EncodedStateTests {
    /// Plays a match with the game's first bot in every seat and checks each viewer's state and events,
    /// and the move, after every step; returns the number of states checked.
    static func check<G: Game>(_ game: G.Type, seats: Int, seed: UInt64) -> Int {
        let descriptor = G.descriptor
        let names = Array(descriptor.seats.prefix(seats))
        let setup = MatchSetup(
            ruleSet: descriptor.ruleSets[0], seats: names, firstSeat: names[0],
            options: GameOptions(defaultsOf: descriptor.options), startedAt: GameTime(milliseconds: 0))
        let secret = Array("encoded-state-secret-\(seed)".utf8)
        var random = HostRandom(secret: secret, step: 0)
        guard var state = G.start(setup, random: &random) else {
            Issue.record("\(descriptor.id) did not start")
            return 0
        }
        let viewers = names.map(Viewer.seat) + [.spectator]
        var checked = 0
        for step in 1...120 {
            for viewer in viewers {
                let view = G.view(of: state, for: viewer)
                let encoded = EncodedJSON(encoding: view)
                #expect(encoded.bytes == WireCodec.payload(JSONValue.encoding(view)), "\(descriptor.id) \(viewer)")
                #expect(encoded.value == JSONValue.encoding(view))
                checked += 1
            }
            guard G.result(of: state) == nil, let seat = G.toAct(in: state).first,
                let move = G.botMove(
                    bot: descriptor.bots[0], seat: seat, in: G.view(of: state, for: .seat(seat)), seed: seed)
            else { break }
            var stepRandom = HostRandom(secret: secret, step: UInt64(step))
            let prepared = G.prepare(move, by: .seat(seat), in: state, random: &stepRandom)
            guard case .success(let events) = G.apply(prepared, by: .seat(seat), to: &state) else {
                Issue.record("\(descriptor.id): the bot's move was refused")
                break
            }
            for viewer in viewers {
                let seen = events.compactMap { G.view(of: $0, for: viewer) }
                let trees = JSONValue.array(seen.map(JSONValue.encoding))
                #expect(EncodedJSON(encoding: seen).bytes == WireCodec.payload(trees), "\(descriptor.id) \(viewer)")
            }
            #expect(EncodedJSON(encoding: prepared).bytes == WireCodec.payload(JSONValue.encoding(prepared)))
        }
        return checked
    }

    @Test("Tax Collection and Craps (hidden dice secrets, one to four seats)", arguments: [1, 2] as [UInt64])
    func games(seed: UInt64) {
        #expect(Self.check(TaxCollectionGame.self, seats: 2, seed: seed) > 100)
        // NB: a Craps match stops here when its bots have no move (the host's own moves are not played).
        let craps = (1...4).map { Self.check(CrapsGame.self, seats: $0, seed: seed) }
        #expect(craps.allSatisfy { $0 > 0 } && craps.reduce(0, +) > 60, "\(craps)")
    }

    @Test("a state message splices the written state: the same bytes as from its tree, and reads back")
    func spliced() throws {
        var random = HostRandom(secret: Array(repeating: 7, count: 16), step: 0)
        let descriptor = TaxCollectionGame.descriptor
        let setup = MatchSetup(
            ruleSet: descriptor.ruleSets[0], seats: descriptor.seats, firstSeat: "A",
            options: GameOptions(defaultsOf: descriptor.options), startedAt: GameTime(milliseconds: 0))
        let state = try #require(TaxCollectionGame.start(setup, random: &random))
        let hash = TaxCollectionGame.hash(of: state)
        let written = MatchUpdate(
            table: "t1", match: 1, seq: 0, turn: "A", status: .playing, encodedState: EncodedJSON(encoding: state),
            hash: hash)
        let tree = MatchUpdate(
            table: "t1", match: 1, seq: 0, turn: "A", status: .playing, state: JSONValue.encoding(state), hash: hash)
        #expect(WireCodec.payload(HostEnvelope(re: .number(4), .state(written)))
            == WireCodec.payload(HostEnvelope(re: .number(4), .state(tree))))
        #expect(written == tree && written.state == tree.state)
        #expect(try written.decodeState(as: GameState.self) == state)
        let read = try WireCodec.decodeHost(WireCodec.payload(HostEnvelope(.state(written)))).get()
        #expect(read == HostEnvelope(.state(tree)))
    }
}
