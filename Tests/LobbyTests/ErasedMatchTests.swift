import GameKit
import Protocol
import TaxCollectionRules
import Testing

@testable import Lobby

/// A match as the lobby holds it (``ErasedMatch``): a value, whatever its box, and the same match whether
/// its catalogue named the game (``GameCatalog/Entry``) or was given it at run time.
@Suite("A match held by the lobby: a value, the same from either catalogue")
struct ErasedMatchTests {
    static let setup = MatchSetup(
        ruleSet: TaxCollectionGame.descriptor.ruleSets[0], seats: TaxCollectionGame.descriptor.seats,
        firstSeat: TaxCollectionGame.descriptor.seats[0], options: GameOptions(defaultsOf: []),
        startedAt: GameTime(milliseconds: 0))
    static let secret = Array("a secret for erased matches".utf8)

    static func start(_ catalog: GameCatalog) throws -> ErasedMatch {
        try #require(catalog.startMatch(game: TaxCollectionGame.descriptor.id, Self.setup, secret: Self.secret))
    }

    /// Plays one bot move; the match's `seq` before it.
    @discardableResult
    static func playBot(_ match: inout ErasedMatch, seed: UInt64) throws -> Int {
        let before = match.seq
        let seat = try #require(match.toAct.first)
        let move = try #require(match.botMove(bot: "random", seat: seat, seed: seed))
        _ = try match.play(.made(move), by: .seat(seat), secret: Self.secret).get()
        return before
    }

    @Test("a copy taken before a move keeps its state; the copy that moves changes alone")
    func copiesStayApart() throws {
        var played = try Self.start(GameCatalog([GameCatalog.Entry(TaxCollectionGame.self)]))
        let kept = played
        let hash = kept.hash
        let state = kept.writtenFullState.bytes
        try Self.playBot(&played, seed: 1)
        #expect(played.seq == 1)
        #expect(kept.seq == 0)
        #expect(kept.hash == hash)
        #expect(kept.writtenFullState.bytes == state)
        #expect(played.hash != hash)
        // NB: the copy that moved, copied and moved again: the first copy stays at its move.
        let afterOne = played
        try Self.playBot(&played, seed: 2)
        #expect(afterOne.seq == 1)
        #expect(played.seq == 2)
    }

    @Test("a whole match by its bots: the same states, hashes and events from a catalogue that names the game")
    func namedAndRunTimeAgree() throws {
        var named = try Self.start(GameCatalog([GameCatalog.Entry(TaxCollectionGame.self)]))
        var runTime = try Self.start(GameCatalog([TaxCollectionGame.self] as [any Game.Type]))
        var moves = 0
        while named.result == nil, moves < 400 {
            #expect(named.hash == runTime.hash, "move \(moves)")
            #expect(named.toAct == runTime.toAct)
            let seat = try #require(named.toAct.first)
            let move = try #require(named.botMove(bot: "greedy", seat: seat, seed: UInt64(moves)))
            #expect(runTime.botMove(bot: "greedy", seat: seat, seed: UInt64(moves)) == move)
            let one = try named.play(.made(move), by: .seat(seat), secret: Self.secret).get()
            let other = try runTime.play(.made(move), by: .seat(seat), secret: Self.secret).get()
            #expect(one.move.bytes == other.move.bytes)
            #expect(one.events(.spectator).bytes == other.events(.spectator).bytes)
            let snapshot = named.encodedSnapshot(for: .seat(seat), fullHash: nil)
            let otherSnapshot = runTime.encodedSnapshot(for: .seat(seat), fullHash: nil)
            #expect(snapshot.state.bytes == otherSnapshot.state.bytes)
            #expect(snapshot.hash == otherSnapshot.hash)
            moves += 1
        }
        #expect(moves >= 5)
        #expect(named.result == runTime.result)
        #expect(named.seq == moves)
        #expect(runTime.seq == moves)
    }
}
