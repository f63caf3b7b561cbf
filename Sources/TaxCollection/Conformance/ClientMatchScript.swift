import Conformance
import GameKit
import Protocol
import TaxCollectionRules

/// The client suite's match for Tax Collection: the suite is the host at table t1 and plays seat B.
enum ClientMatchScript {
    /// Plays the match: the client's seat is A (it moves first); the suite plays B with the first legal
    /// move. After the client's first move, one state lies about its hash.
    static func play(_ conversation: ClientConversation, playing: Bool) async {
        let table = conversation.table
        var lied = false
        var state = GameState(rules: RuleSet.named("classic")!, firstToMove: .a)
        var seq = 0
        await conversation.send(HostEnvelope(.state(Self.update(table, state, seq: seq, last: nil))))
        var syncVerdictPending = true
        if !playing {
            // Show a watched match: a move, then a lying state, and look for sync.
            let move = state.legalMoves[0]
            _ = try? state.apply(move)
            seq = 1
            var lie = Self.update(table, state, seq: seq, last: PlayedMove(seat: "A", move: JSONValue.encoding(move)))
            lie.hash = String(repeating: "0", count: 64)
            await conversation.send(HostEnvelope(.state(lie)))
            let answer = await conversation.next(timeout: .seconds(3))
            switch answer {
            case let answer? where answer.type == "sync":
                conversation.verdicts["client.desync-sync"] =
                    answer.string("table") == table
                    ? .ok : .failed(expected: "sync {table t1}", seen: "\(answer)")
            default:
                conversation.verdicts["client.desync-sync"] = .nonStrict(
                    reason: "no sync after a lying state (G-11 is a SHOULD; "
                        + "a client that does not check hashes cannot tell)")
            }
            return
        }
        while !state.isOver {
            if state.turn == .a {
                guard let message = await conversation.next() else {
                    conversation.verdicts["client.moves"] =
                        conversation.verdicts["client.moves"]
                        ?? .failed(expected: "a move at seq \(seq)", seen: "nothing")
                    return
                }
                let re = message["id"].flatMap(ClientConversation.requestID)
                switch message.type {
                case "ping":
                    await conversation.send(HostEnvelope(re: re, .pong(Pong())))
                    continue
                case "sync":
                    guard message.string("table") == table else {
                        conversation.verdicts["client.desync-sync"] = .failed(
                            expected: "sync {table t1}", seen: "\(message)")
                        return
                    }
                    if syncVerdictPending, lied {
                        conversation.verdicts["client.desync-sync"] = .ok
                        syncVerdictPending = false
                    }
                    var synced = Self.update(table, state, seq: seq, last: nil)
                    synced.events = []
                    await conversation.send(HostEnvelope(re: re, .state(synced)))
                    continue
                case "move":
                    break
                default:
                    await conversation.send(
                        HostEnvelope(
                            re: re, .error(ErrorMessage(code: .unexpectedMessage, message: "not now", fatal: false))))
                    continue
                }
                guard message.string("table") == table, message.int("seq") == seq,
                    let json = message["move"], let move = try? json.decode(as: Move.self)
                else {
                    conversation.verdicts["client.moves"] = .failed(
                        expected: "move {table t1, seq \(seq), move}", seen: "\(message)")
                    return
                }
                if lied, syncVerdictPending {
                    syncVerdictPending = false
                    conversation.verdicts["client.desync-sync"] = .nonStrict(
                        reason: "the client moved on after a lying state without sync (G-11 is a SHOULD)")
                }
                guard (try? state.apply(move)) != nil else {
                    conversation.verdicts["client.moves"] = .failed(
                        expected: "a legal move", seen: "\(move) at seq \(seq)")
                    return
                }
                seq += 1
                var update = Self.update(
                    table, state, seq: seq, last: PlayedMove(seat: "A", move: JSONValue.encoding(move)))
                if !lied {
                    // NB: the one lie of the script: right state, wrong hash.
                    lied = true
                    update.hash = String(update.hash.reversed())
                }
                await conversation.send(HostEnvelope(re: re, .state(update)))
            } else {
                let move = state.legalMoves[0]
                _ = try? state.apply(move)
                seq += 1
                await conversation.send(
                    HostEnvelope(
                        .state(
                            Self.update(
                                table, state, seq: seq, last: PlayedMove(seat: "B", move: JSONValue.encoding(move))))))
            }
        }
        conversation.verdicts["client.moves"] = .ok
        if syncVerdictPending {
            conversation.verdicts["client.desync-sync"] = .nonStrict(
                reason: "no sync after a lying state (G-11 is a SHOULD)")
        }
        await conversation.send(
            HostEnvelope(.table(TableUpdate(table: conversation.info(status: .over, clientSeated: true)))))
        conversation.verdicts["client.full-match"] = .ok
    }

    static func update(_ table: TableID, _ state: GameState, seq: Int, last: PlayedMove?) -> MatchUpdate {
        let result = TaxCollectionGame.result(of: state)
        return MatchUpdate(
            table: table, match: 1, seq: seq, turn: state.isOver ? nil : state.turn.rawValue,
            status: state.isOver ? .over : .playing, state: JSONValue.encoding(state), hash: state.stateHash,
            last: last,
            events: [],
            result: result.map { result in
                MatchResult(
                    winner: result.winner, reason: result.reason,
                    standings: result.standings.map { Standing(seat: $0.seat, score: $0.score, rank: $0.rank) })
            })
    }
}
