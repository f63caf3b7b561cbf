import Conformance
import GameKit
import Protocol
import SpellingRules

/// The client suite's table of spelling: the suite is the host at table t1. The games have no bot (a bot
/// sees only what the student sees, so it cannot know the answer): the suite checks that the client
/// adopts the first state, then that it asks for `sync` after a state whose hash lies.
enum SpellingClientScript {
    static func play(_ conversation: ClientConversation, playing: Bool) async {
        let table = conversation.table
        var random = HostRandom(secret: Array(repeating: 7, count: 32), step: 0)
        let setup = MatchSetup(
            ruleSet: "classic", seats: ["S"], firstSeat: "S",
            options: GameOptions(defaultsOf: SpellingGame.descriptor.options),
            startedAt: GameTime(milliseconds: 1_700_000_000_000))
        guard var state = SpellingGame.start(setup, random: &random) else { return }
        await conversation.send(HostEnvelope(.state(Self.update(table, state, seq: 0, last: nil))))
        if playing {
            conversation.verdicts["client.moves"] = .unimplemented(
                reason: "the spelling games have no bot: a person answers")
            conversation.verdicts["client.full-match"] = .unimplemented(
                reason: "the spelling games have no bot: a person answers")
        }
        _ = SpellingGame.apply(.timeUp, by: .host, to: &state)
        var lie = Self.update(
            table, state, seq: 1, last: PlayedMove(seat: nil, move: JSONValue.encoding(SpellingMove.timeUp)))
        lie.hash = String(repeating: "0", count: 64)
        await conversation.send(HostEnvelope(.state(lie)))
        while let answer = await conversation.next(timeout: .seconds(3)) {
            guard answer.type == "ping" else {
                conversation.verdicts["client.desync-sync"] =
                    answer.type == "sync" && answer.string("table") == table
                    ? .ok : .failed(expected: "sync {table t1}", seen: "\(answer)")
                return
            }
            let re = answer["id"].flatMap(ClientConversation.requestID)
            await conversation.send(HostEnvelope(re: re, .pong(Pong())))
        }
        conversation.verdicts["client.desync-sync"] = .nonStrict(
            reason: "no sync after a lying state (G-11 is a SHOULD; a client that does not check hashes cannot tell)")
    }

    static func update(_ table: String, _ state: SpellingState, seq: Int, last: PlayedMove?) -> MatchUpdate {
        let viewed = SpellingGame.view(of: state, for: .seat("S"))
        let over = state.over != nil
        return MatchUpdate(
            table: table, match: 1, seq: seq, turn: over ? nil : "S", status: over ? .over : .playing,
            state: JSONValue.encoding(viewed), hash: SpellingGame.hash(of: viewed), last: last,
            events: last == nil ? [] : [JSONValue.encoding(SpellingEvent.timeUp)],
            result: over
                ? MatchResult(winner: nil, reason: "time-up", standings: [Standing(seat: "S", score: 0, rank: 1)])
                : nil,
            timeLeftMs: over ? nil : 120_000)
    }
}
