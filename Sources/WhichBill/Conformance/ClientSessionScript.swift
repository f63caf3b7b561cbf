import Conformance
import Foundation
import GameKit
import Protocol
import WhichBillRules

/// The client suite's session for WhichBill: the suite is the host of table t1 and the client plays its
/// one seat, a session of three items. After the client's first move, one state lies about its hash.
enum ClientSessionScript {
    static let secret = Array("the client suite's WhichBill secret".utf8)

    static func play(_ conversation: ClientConversation, playing: Bool) async {
        let table = conversation.table
        let options = try! GameOptions.checking(["items": .integer(3)], against: WhichBillGame.descriptor.options).get()
        let setup = MatchSetup(
            ruleSet: "classic", seats: [WhichBillGame.seat], firstSeat: WhichBillGame.seat, options: options,
            startedAt: Self.now)
        var random = HostRandom(secret: Self.secret, step: 0)
        var state = WhichBillGame.start(setup, random: &random)!
        var seq = 0
        await conversation.send(HostEnvelope(.state(Self.update(table, state, seq: seq))))
        guard playing else {
            await Self.watched(conversation, state: &state)
            return
        }
        var lied = false
        var syncPending = true
        while !state.isOver {
            guard let message = await conversation.next() else {
                conversation.verdicts["client.moves"] =
                    conversation.verdicts["client.moves"] ?? .failed(expected: "a move at seq \(seq)", seen: "nothing")
                return
            }
            let re = message["id"].flatMap(ClientConversation.requestID)
            switch message.type {
            case "ping":
                await conversation.send(HostEnvelope(re: re, .pong(Pong())))
                continue
            case "sync":
                if syncPending, lied {
                    conversation.verdicts["client.desync-sync"] =
                        message.string("table") == table
                        ? .ok : .failed(expected: "sync {table t1}", seen: "\(message)")
                    syncPending = false
                }
                await conversation.send(HostEnvelope(re: re, .state(Self.update(table, state, seq: seq))))
                continue
            case "move":
                break
            default:
                await conversation.send(
                    HostEnvelope(
                        re: re, .error(ErrorMessage(code: .unexpectedMessage, message: "not now", fatal: false))))
                continue
            }
            guard message.string("table") == table, message.int("seq") == seq, let json = message["move"],
                let move = try? json.decode(as: WhichBillMove.self)
            else {
                conversation.verdicts["client.moves"] = .failed(
                    expected: "move {table t1, seq \(seq), move}", seen: "\(message)")
                return
            }
            if lied, syncPending {
                syncPending = false
                conversation.verdicts["client.desync-sync"] = .nonStrict(
                    reason: "the client moved on after a lying state without sync (G-11 is a SHOULD)")
            }
            var random = HostRandom(secret: Self.secret, step: UInt64(seq + 1))
            let prepared = WhichBillGame.prepare(
                move, by: .seat(WhichBillGame.seat), in: state, random: &random)
            guard case .success(let events) = WhichBillGame.apply(prepared, by: .seat(WhichBillGame.seat), to: &state)
            else {
                conversation.verdicts["client.moves"] = .failed(
                    expected: "a move the rules accept", seen: "\(move) at seq \(seq)")
                return
            }
            seq += 1
            var update = Self.update(table, state, seq: seq, last: prepared, events: events)
            if !lied {
                // NB: the one lie of the script: right state, wrong hash.
                lied = true
                update.hash = String(update.hash.reversed())
            }
            await conversation.send(HostEnvelope(re: re, .state(update)))
        }
        conversation.verdicts["client.moves"] = .ok
        if syncPending {
            conversation.verdicts["client.desync-sync"] = .nonStrict(
                reason: "no sync after a lying state (G-11 is a SHOULD)")
        }
        await conversation.send(
            HostEnvelope(.table(TableUpdate(table: conversation.info(status: .over, clientSeated: true)))))
        conversation.verdicts["client.full-match"] = .ok
    }

    /// A watched session: one move, with a lying hash, and a look for `sync`.
    private static func watched(_ conversation: ClientConversation, state: inout WhichBillState) async {
        let bill = Bills.right(for: state.cost, among: state.options.bills)!
        var random = HostRandom(secret: Self.secret, step: 1)
        let move = WhichBillGame.prepare(
            .choose(bill, hint: false, verdict: nil), by: .seat(WhichBillGame.seat), in: state,
            random: &random)
        guard case .success(let events) = WhichBillGame.apply(move, by: .seat(WhichBillGame.seat), to: &state) else {
            return
        }
        var lie = Self.update(conversation.table, state, seq: 1, last: move, events: events)
        lie.hash = String(repeating: "0", count: 64)
        await conversation.send(HostEnvelope(.state(lie)))
        let answer = await conversation.next(timeout: .seconds(3))
        if let answer, answer.type == "sync" {
            conversation.verdicts["client.desync-sync"] =
                answer.string("table") == conversation.table
                ? .ok : .failed(expected: "sync {table t1}", seen: "\(answer)")
        } else {
            conversation.verdicts["client.desync-sync"] = .nonStrict(
                reason:
                    "no sync after a lying state (G-11 is a SHOULD; a client that does not check hashes cannot tell)")
        }
    }

    /// The state message for the seat: the viewed state, move and events, and the viewed state's hash.
    static func update(
        _ table: TableID, _ state: WhichBillState, seq: Int, last: WhichBillMove? = nil, events: [WhichBillEvent] = []
    ) -> MatchUpdate {
        let viewer = Viewer.seat(WhichBillGame.seat)
        let view = WhichBillGame.view(of: state, for: viewer)
        let result = WhichBillGame.result(of: state)
        return MatchUpdate(
            table: table, match: 1, seq: seq, turn: state.isOver ? nil : WhichBillGame.seat,
            status: state.isOver ? .over : .playing, state: JSONValue.encoding(view),
            hash: WhichBillGame.hash(of: view),
            last: last.map {
                PlayedMove(seat: WhichBillGame.seat, move: JSONValue.encoding(WhichBillGame.view(of: $0, for: viewer)))
            },
            events: events.compactMap { WhichBillGame.view(of: $0, for: viewer) }.map { JSONValue.encoding($0) },
            result: result.map { result in
                MatchResult(
                    winner: result.winner, reason: result.reason,
                    standings: result.standings.map { Standing(seat: $0.seat, score: $0.score, rank: $0.rank) })
            })
    }

    /// The suite's clock, as a host's: wall-clock milliseconds.
    static var now: GameTime {
        GameTime(milliseconds: Int64(Date().timeIntervalSince1970 * 1000))
    }
}
