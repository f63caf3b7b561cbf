import GameKit
import Lobby
import Protocol
import TaxCollectionRules
import TestScheduling
import Testing

@Suite("Lobby: authoritative matches", .offThePool)
struct MatchTests {
    @Test(
        "a whole match: every move is refereed, broadcast to both, journalled, and the result announced",
        arguments: [1, 2, 3] as [UInt64])
    func wholeMatch(seed: UInt64) throws {
        var harness = LobbyHarness()
        let (table, a, b) = harness.startMatch()
        var rng = SplitMix64(seed: seed)
        var local = GameState()
        var seq = 0
        var last: MatchUpdate?
        while !local.isOver {
            let (mover, other) = local.turn == .a ? (a, b) : (b, a)
            let move = local.legalMoves[rng.nextIndex(below: local.legalMoves.count)]
            let events = try local.apply(move)
            harness.send(
                .move(MoveRequest(table: table, seq: seq, move: wire(move))), from: mover, id: Int64(seq + 100))
            seq += 1
            let toMover = harness.take(mover)
            let mine = try #require(toMover.compactMap(\.state).first)
            let theirs = try #require(harness.take(other).compactMap(\.state).first)
            #expect(toMover.first?.re == .number(Int64(seq + 99)))
            #expect(mine.seq == seq)
            #expect(mine == theirs)
            #expect(mine.hash == local.stateHash)
            #expect(mine.last == PlayedMove(seat: mover == a ? "A" : "B", move: wire(move)))
            #expect(mine.events == events.map { JSONValue.encoding($0) })
            #expect(try harness.gameState(mine) == local)
            last = mine
        }
        let final = try #require(last)
        #expect(final.turn == nil)
        #expect(final.status == .over)
        let (first, second) = local.scores.a >= local.scores.b ? (Seat.a, Seat.b) : (Seat.b, Seat.a)
        let tied = local.scores.a == local.scores.b
        #expect(
            final.result
                == MatchResult(
                    winner: local.winner!.description, reason: "finished",
                    standings: [
                        Standing(seat: first.rawValue, score: local.scores[first], rank: 1),
                        Standing(seat: second.rawValue, score: local.scores[second], rank: tied ? 1 : 2),
                    ]))
        let moves = harness.journal.filter { if case .move = $0 { true } else { false } }
        #expect(moves.count == seq)
    }

    @Test("refusals change nothing: out of turn, illegal, stale, repeated, not seated, not playing")
    func refusals() throws {
        var harness = LobbyHarness()
        let (table, a, b) = harness.startMatch()
        let opening = wire(.sow(bank: 1, direction: .down))

        harness.send(.move(MoveRequest(table: table, seq: 0, move: opening)), from: b)
        #expect(harness.take(b).last?.error?.code == .notYourTurn)

        harness.send(.move(MoveRequest(table: table, seq: 0, move: wire(.refill))), from: a)
        let illegal = try #require(harness.take(a).last?.error)
        #expect(illegal.code == .illegalMove)
        #expect(illegal.rule == "refill-not-allowed")
        #expect(illegal.message == "Click this button only when all your Banks are empty")

        harness.send(
            .move(MoveRequest(table: table, seq: 0, move: .object(["bank": .number(9), "direction": .string("up")]))),
            from: a)
        #expect(harness.take(a).last?.error?.code == .invalidMessage)

        harness.send(.move(MoveRequest(table: table, seq: 3, move: opening)), from: a)
        let stale = try #require(harness.take(a).last?.error)
        #expect(stale.code == .staleSeq)
        #expect(stale.expected == 0)
        #expect(harness.take(b).isEmpty, "no refusal is broadcast")

        harness.send(.move(MoveRequest(table: table, seq: 0, move: opening)), from: a)
        #expect(harness.take(a).last?.state?.seq == 1)
        _ = harness.take(b)
        harness.send(.move(MoveRequest(table: table, seq: 0, move: opening)), from: a)
        #expect(harness.take(a).last?.error?.code == .staleSeq, "a repeated move is stale")

        harness.send(.createTable(CreateTable(game: "taxcollection")), from: b)
        harness.send(.move(MoveRequest(table: "t2", seq: 0, move: opening)), from: b)
        #expect(harness.take(b).last?.error?.code == .notAPlayer, "a move for a table where b holds no seat")
        let an = harness.connect("An")
        harness.send(.sit(Sit(table: "t2")), from: an)
        harness.send(.move(MoveRequest(table: "t2", seq: 0, move: opening)), from: an)
        #expect(harness.take(an).last?.error?.code == .notPlaying)

        let moves = harness.journal.filter { if case .move = $0 { true } else { false } }
        #expect(moves.count == 1)
    }

    @Test("resign ends the match for the opponent; a move after it is not-playing")
    func resign() throws {
        var harness = LobbyHarness()
        let (table, a, b) = harness.startMatch()
        harness.send(.resign(TableRequest(table: table)), from: b, id: 21)
        let toB = harness.take(b)
        #expect(toB.first?.re == .number(21))
        // NB: the resigner ranks last whatever the scores; the standings carry the collections.
        let resigned = MatchResult(
            winner: "A", reason: "resigned",
            standings: [Standing(seat: "A", score: 0, rank: 1), Standing(seat: "B", score: 0, rank: 2)])
        #expect(toB.first?.state?.result == resigned)
        #expect(harness.take(a).compactMap(\.state).last?.result == resigned)
        harness.send(.move(MoveRequest(table: table, seq: 0, move: wire(.sow(bank: 1, direction: .up)))), from: a)
        #expect(harness.take(a).last?.error?.code == .notPlaying)
    }

    @Test("a draw needs both offers since the last move; a move withdraws an offer")
    func draw() throws {
        var harness = LobbyHarness()
        let (table, a, b) = harness.startMatch()
        harness.send(.offerDraw(TableRequest(table: table)), from: a)
        #expect(harness.take(b).last?.message == .drawOffered(OfferNotice(table: table, seat: "A")))
        harness.send(.move(MoveRequest(table: table, seq: 0, move: wire(.sow(bank: 2, direction: .up)))), from: a)
        _ = harness.take(a)
        harness.send(.offerDraw(TableRequest(table: table)), from: b)
        #expect(harness.take(a).last?.message == .drawOffered(OfferNotice(table: table, seat: "B")))
        harness.send(.offerDraw(TableRequest(table: table)), from: a)
        let agreed = harness.take(b).compactMap(\.state).last?.result
        #expect(agreed?.winner == "draw")
        #expect(agreed?.reason == "draw-agreed")
        #expect(agreed?.standings?.map(\.rank) == [1, 1], "a draw agreed ranks every seat first, whatever the scores")
    }

    @Test("rematch: same players and names, the first move passes to the other seat")
    func rematch() throws {
        var harness = LobbyHarness()
        let (table, a, b) = harness.startMatch()
        harness.send(.resign(TableRequest(table: table)), from: a)
        _ = harness.take(a)
        _ = harness.take(b)
        harness.send(.rematch(TableRequest(table: table)), from: a)
        #expect(harness.take(b).last?.message == .rematchOffered(OfferNotice(table: table, seat: "A")))
        harness.send(.rematch(TableRequest(table: table)), from: b)
        let toA = harness.take(a)
        let info = try #require(toA.compactMap(\.tableInfo).last)
        #expect(info.match == 2)
        #expect(info.seats.map(\.name) == ["Lan", "Minh"])
        let state = try #require(toA.compactMap(\.state).last)
        #expect(state.turn == "B")
        #expect(state.match == 2)
        #expect(try harness.gameState(state) == GameState(firstToMove: .b))
        harness.send(.move(MoveRequest(table: table, seq: 0, move: wire(.sow(bank: 1, direction: .up)))), from: a)
        #expect(harness.take(a).last?.error?.code == .notYourTurn)
    }

    @Test("rematch before the match is over is refused")
    func rematchTooEarly() {
        var harness = LobbyHarness()
        let (table, a, _) = harness.startMatch()
        harness.send(.rematch(TableRequest(table: table)), from: a)
        #expect(harness.take(a).last?.error?.code == .notPlaying)
    }
}
