import Conformance
import GameKit
import Protocol
import TaxCollectionRules

/// Section 12 of docs/PROTOCOL.md for Tax Collection: moves, every refusal, a whole match, resign,
/// draw, rematch, sync.
enum MatchCases {
    /// A recorded match: the random bot's moves from seed 2024, first move to A, classic rules.
    static let recorded: [Move] = {
        var state = GameState(rules: .classic, firstToMove: .a)
        var moves: [Move] = []
        var seed: UInt64 = 2024
        while !state.isOver, moves.count < 600 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            guard let move = TaxCollectionGame.botMove(bot: "random", seat: state.turn.rawValue, in: state, seed: seed)
            else { break }
            _ = try? state.apply(move)
            moves.append(move)
        }
        return moves
    }()

    static func table(_ seated: Seated) -> String { seated.tableMember }

    static let all: [HostCase] = [
        HostCase(
            "lobby.ready-starts-match", "one ready seat does not start; both ready start match 1 with A to move",
            statements: ["T-5", "G-1", "G-2"]
        ) { context in
            let a = try await context.greet("a")
            let b = try await context.greet("b")
            let table = try await context.createTable(a.probe).string("id")!
            _ = try await context.request(a.probe, "sit", id: 2, #","table":"\#(table)""#)
            _ = try await context.request(b.probe, "sit", id: 3, #","table":"\#(table)""#)
            let first = try await context.request(a.probe, "ready", id: 4, #","table":"\#(table)""#)
            try require(
                first.object("table")?.string("status") == "waiting"
                    && first.object("table").seats.first?.bool("ready") == true,
                "table still waiting, A ready", seen: "\(first)")
            _ = try await context.request(b.probe, "ready", id: 5, #","table":"\#(table)""#)
            let playing = await a.probe.read(
                until: { $0.type == "table" && $0.object("table")?.string("status") == "playing" },
                timeout: context.replyTimeout)
            try require(
                playing.message?.object("table")?.int("match") == 1, "table playing, match 1", seen: "\(playing)")
            let state = await a.probe.read(until: { $0.type == "state" }, timeout: context.replyTimeout)
            guard let start = state.message else {
                throw CaseFailure(expected: "state after table (G-1)", seen: "\(state)")
            }
            try require(
                start.int("seq") == 0 && start.string("turn") == "A" && start.int("match") == 1
                    && start.string("status") == "playing",
                "state seq 0, match 1, turn A, playing", seen: "\(start)")
            try require(
                start["last"] == nil && start.array("events")?.isEmpty == true,
                "no last, empty events on the first state", seen: "\(start)")
            _ = try LocalMatch(adopting: start)
            return .ok
        },
        HostCase(
            "lobby.watch", "watch gives table (spectators + 1) and the current state; moves reach the spectator",
            statements: ["T-7", "T-8", "G-5"]
        ) { context in
            let seated = try await context.seatTwo()
            let viewer = try await context.greet("w")
            let answer = try await context.request(viewer.probe, "watch", id: 2, #","table":"\#(seated.table)""#)
            try require(
                answer.type == "table" && answer.object("table")?.int("spectators") == 1, "table with spectators 1",
                seen: "\(answer)")
            let state = await viewer.probe.read(until: { $0.type == "state" }, timeout: context.replyTimeout)
            try require(state.message?.int("seq") == 0, "state seq 0 after table", seen: "\(state)")
            var local = try LocalMatch(adopting: seated.start)
            let move = local.legal[0]
            _ = try await context.move(seated.a.probe, table: seated.table, seq: 0, LocalMatch.text(move), id: 71)
            let next = await viewer.probe.read(until: { $0.type == "state" }, timeout: context.replyTimeout)
            guard let message = next.message else {
                throw CaseFailure(expected: "the spectator to get state seq 1", seen: "\(next)")
            }
            try local.check(move, against: message)
            return .ok
        },
        HostCase(
            "match.not-your-turn", "a move by the seat not holding the turn gets not-your-turn",
            statements: ["G-4", "E-4"]
        ) { context in
            let seated = try await context.seatTwo()
            try await context.expectRefusal(
                seated.b.probe, "move", id: 80, table(seated) + #","seq":0,"move":{"bank":1,"direction":"up"}"#,
                code: "not-your-turn")
            return .ok
        },
        HostCase(
            "match.illegal-move", "refill at the start gets illegal-move with rule refill-not-allowed",
            statements: ["G-4"]
        ) { context in
            let seated = try await context.seatTwo()
            let answer = try await context.expectRefusal(
                seated.a.probe, "move", id: 81, table(seated) + #","seq":0,"move":{"refill":true}"#,
                code: "illegal-move")
            try require(answer.string("rule") == "refill-not-allowed", "rule refill-not-allowed", seen: "\(answer)")
            return .ok
        },
        HostCase(
            "match.illegal-empty-bank", "sowing an empty bank gets illegal-move with rule empty-bank",
            statements: ["G-4"]
        ) { context in
            let seated = try await context.seatTwo()
            var local = try LocalMatch(adopting: seated.start)
            // A sows bank 1 up; then B moves; then A's bank 1 is empty.
            let first = Move.sow(bank: 1, direction: .up)
            try local.check(
                first,
                against: try await context.move(
                    seated.a.probe, table: seated.table, seq: 0, LocalMatch.text(first), id: 82))
            let reply = local.legal[0]
            try local.check(
                reply,
                against: try await context.move(
                    seated.b.probe, table: seated.table, seq: 1, LocalMatch.text(reply), id: 83))
            guard local.state.banks.a[0] == 0 else { return .ok }
            let answer = try await context.expectRefusal(
                seated.a.probe, "move", id: 84, table(seated) + #","seq":2,"move":{"bank":1,"direction":"down"}"#,
                code: "illegal-move")
            try require(answer.string("rule") == "empty-bank", "rule empty-bank", seen: "\(answer)")
            return .ok
        },
        HostCase(
            "match.malformed-move", "a move that is not a Tax Collection move gets invalid-message",
            statements: ["G-3", "G-4"]
        ) { context in
            let seated = try await context.seatTwo()
            try await context.expectRefusal(
                seated.a.probe, "move", id: 85, table(seated) + #","seq":0,"move":"A1""#, code: "invalid-message")
            return .ok
        },
        HostCase(
            "match.move-integer-form",
            "a move whose bank is 5.0 gets invalid-message: a whole number is written as an integer",
            statements: ["M-8", "G-3", "G-4"]
        ) { context in
            let seated = try await context.seatTwo()
            let answer = try await context.expectRefusal(
                seated.a.probe, "move", id: 85, table(seated) + #","seq":0,"move":{"bank":5.0,"direction":"down"}"#,
                code: "invalid-message")
            try require(
                answer.string("message")?.contains("bank") == true, "the message to name bank", seen: "\(answer)")
            try await context.expectRefusal(
                seated.a.probe, "move", id: 86, table(seated) + #","seq":0e0,"move":{"bank":5,"direction":"down"}"#,
                code: "invalid-message")
            return .ok
        },
        HostCase(
            "match.stale-seq", "a move on a seq that is not the current one gets stale-seq with expected",
            statements: ["G-4", "E-4"]
        ) { context in
            let seated = try await context.seatTwo()
            let answer = try await context.expectRefusal(
                seated.a.probe, "move", id: 86, table(seated) + #","seq":7,"move":{"bank":1,"direction":"up"}"#,
                code: "stale-seq")
            try require(answer.int("expected") == 0, "expected 0", seen: "\(answer)")
            return .ok
        },
        HostCase(
            "match.repeated-seq", "the same move sent twice: the second gets stale-seq, expected 1", statements: ["G-4"]
        ) { context in
            let seated = try await context.seatTwo()
            let move = #"{"bank":2,"direction":"down"}"#
            let first = try await context.move(seated.a.probe, table: seated.table, seq: 0, move, id: 87)
            try require(first.type == "state" && first.int("seq") == 1, "state seq 1", seen: "\(first)")
            let again = try await context.expectRefusal(
                seated.a.probe, "move", id: 88, table(seated) + #","seq":0,"move":\#(move)"#, code: "stale-seq")
            try require(again.int("expected") == 1, "expected 1", seen: "\(again)")
            return .ok
        },
        HostCase(
            "match.check-order", "a stale move by the wrong seat gets stale-seq: seq is checked before the turn",
            statements: ["G-4"]
        ) { context in
            let seated = try await context.seatTwo()
            try await context.expectRefusal(
                seated.b.probe, "move", id: 89, table(seated) + #","seq":5,"move":{"bank":1,"direction":"up"}"#,
                code: "stale-seq")
            return .ok
        },
        HostCase(
            "match.not-a-player", "a move by a player with no seat at the table gets not-a-player", statements: ["G-4"]
        ) { context in
            let seated = try await context.seatTwo()
            let other = try await context.greet("x")
            try await context.expectRefusal(
                other.probe, "move", id: 90, table(seated) + #","seq":0,"move":{"bank":1,"direction":"up"}"#,
                code: "not-a-player")
            return .ok
        },
        HostCase("match.spectator-cannot-move", "a spectator's move gets not-a-player", statements: ["G-4", "T-7"]) {
            context in
            let seated = try await context.seatTwo()
            let viewer = try await context.greet("w")
            _ = try await context.request(viewer.probe, "watch", id: 1, table(seated))
            try await context.expectRefusal(
                viewer.probe, "move", id: 91, table(seated) + #","seq":0,"move":{"bank":1,"direction":"up"}"#,
                code: "not-a-player")
            return .ok
        },
        HostCase(
            "match.not-playing", "a move at a table waiting for players gets not-playing", statements: ["G-4", "T-3"]
        ) { context in
            let a = try await context.greet()
            let table = try await context.createTable(a.probe).string("id")!
            _ = try await context.request(a.probe, "sit", id: 2, #","table":"\#(table)""#)
            try await context.expectRefusal(
                a.probe, "move", id: 92, #","table":"\#(table)","seq":0,"move":{"bank":1,"direction":"up"}"#,
                code: "not-playing")
            return .ok
        },
        HostCase("match.no-such-table", "a move at a table that does not exist gets no-such-table", statements: ["G-4"])
        { context in
            let a = try await context.greet()
            try await context.expectRefusal(
                a.probe, "move", id: 93, #","table":"x-none","seq":0,"move":{"bank":1,"direction":"up"}"#,
                code: "no-such-table")
            return .ok
        },
        HostCase(
            "match.refusals-change-nothing", "after refused moves, sync gives seq 0 and the first state's hash",
            statements: ["E-4", "G-10"]
        ) { context in
            let seated = try await context.seatTwo()
            _ = try await context.move(
                seated.b.probe, table: seated.table, seq: 0, #"{"bank":3,"direction":"up"}"#, id: 94)
            _ = try await context.move(
                seated.a.probe, table: seated.table, seq: 3, #"{"bank":3,"direction":"up"}"#, id: 95)
            _ = try await context.move(seated.a.probe, table: seated.table, seq: 0, #"{"refill":true}"#, id: 96)
            let synced = try await context.request(seated.a.probe, "sync", id: 97, table(seated))
            try require(
                synced.type == "state" && synced.int("seq") == 0
                    && synced.string("hash") == seated.start.string("hash"),
                "state seq 0 with hash \(seated.start.string("hash") ?? "")", seen: "\(synced)")
            return .ok
        },
        HostCase(
            "match.move-broadcast",
            "an accepted move reaches both seats; only the mover's copy has re; last names the move",
            statements: ["G-2", "G-5", "M-3"]
        ) { context in
            let seated = try await context.seatTwo()
            let answer = try await context.move(
                seated.a.probe, table: seated.table, seq: 0, #"{"bank":5,"direction":"down"}"#, id: 98)
            try require(
                answer.type == "state" && answer.object("last")?.string("seat") == "A",
                "state with last {seat A, move}", seen: "\(answer)")
            try require(!(answer.array("events") ?? []).isEmpty, "events describing the move", seen: "\(answer)")
            let other = await seated.b.probe.read(
                until: { $0.type == "state" && $0.int("seq") == 1 }, timeout: context.replyTimeout)
            try require(
                other.message != nil && other.message?.re == nil
                    && other.message?.string("hash") == answer.string("hash"),
                "the same state, without re, to B", seen: "\(other)")
            return .ok
        },
        HostCase(
            "match.full-game",
            "a whole recorded match: every state's hash equals the local engine's; the end is finished",
            statements: ["G-5", "G-6", "G-11", "D-1"]
        ) { context in
            let seated = try await context.seatTwo()
            var local = try LocalMatch(adopting: seated.start)
            for (index, move) in recorded.enumerated() {
                let mover = local.state.turn == .a ? seated.a : seated.b
                let answer = try await context.move(
                    mover.probe, table: seated.table, seq: index, LocalMatch.text(move), id: 1000 + index)
                try local.check(move, against: answer)
                if local.state.isOver {
                    try require(
                        answer.string("status") == "over" && answer["turn"] == nil,
                        "status over and no turn after the last move (G-6)", seen: "\(answer)")
                    let result = answer.object("result")
                    try require(
                        result?.string("reason") == "finished"
                            && result?.string("winner") == local.state.winner?.description,
                        "result {winner \(local.state.winner?.description ?? "?"), reason finished}", seen: "\(answer)")
                    let table = await mover.probe.read(until: { $0.type == "table" }, timeout: context.replyTimeout)
                    try require(
                        table.message?.object("table")?.string("status") == "over",
                        "table over after the last state (G-6)", seen: "\(table)")
                    return .ok
                }
            }
            throw CaseFailure(expected: "the match over after \(recorded.count) moves", seen: "it goes on")
        },
        HostCase(
            "match.resign", "resign ends the match: state with result (other seat, resigned), no last, then table over",
            statements: ["G-7"]
        ) { context in
            let seated = try await context.seatTwo()
            let answer = try await context.request(seated.a.probe, "resign", id: 99, table(seated))
            let result = answer.object("result")
            try require(
                answer.type == "state" && result?.string("winner") == "B" && result?.string("reason") == "resigned",
                "state with result {winner B, reason resigned}", seen: "\(answer)")
            try require(
                answer["last"] == nil && answer.string("status") == "over", "no last, status over", seen: "\(answer)")
            let table = await seated.b.probe.read(until: { $0.type == "table" }, timeout: context.replyTimeout)
            try require(table.message?.object("table")?.string("status") == "over", "table over to B", seen: "\(table)")
            return .ok
        },
        HostCase("match.draw", "both seats offer a draw: draw-offered, then a draw by agreement", statements: ["G-8"]) {
            context in
            let seated = try await context.seatTwo()
            let offered = try await context.request(seated.a.probe, "offer-draw", id: 100, table(seated))
            try require(
                offered.type == "draw-offered" && offered.string("seat") == "A", "draw-offered {seat A}",
                seen: "\(offered)")
            let agreed = try await context.request(seated.b.probe, "offer-draw", id: 101, table(seated))
            let result = agreed.object("result")
            try require(
                agreed.type == "state" && result?.string("winner") == "draw"
                    && result?.string("reason") == "draw-agreed", "state with result {draw, draw-agreed}",
                seen: "\(agreed)")
            return .ok
        },
        HostCase(
            "match.draw-withdrawn", "a move withdraws draw offers: an offer before it does not count after",
            statements: ["G-8"]
        ) { context in
            let seated = try await context.seatTwo()
            _ = try await context.request(seated.a.probe, "offer-draw", id: 102, table(seated))
            var local = try LocalMatch(adopting: seated.start)
            let move = local.legal[0]
            try local.check(
                move,
                against: try await context.move(
                    seated.a.probe, table: seated.table, seq: 0, LocalMatch.text(move), id: 103))
            let answer = try await context.request(seated.b.probe, "offer-draw", id: 104, table(seated))
            try require(
                answer.type == "draw-offered", "draw-offered only (A's offer was withdrawn by the move)",
                seen: "\(answer)")
            return .ok
        },
        HostCase(
            "match.rematch", "after the end both ask for a rematch: match 2 starts with B to move",
            statements: ["G-1", "G-9"]
        ) { context in
            let seated = try await context.seatTwo()
            _ = try await context.request(seated.a.probe, "resign", id: 105, table(seated))
            let offered = try await context.request(seated.a.probe, "rematch", id: 106, table(seated))
            try require(
                offered.type == "rematch-offered" && offered.string("seat") == "A", "rematch-offered {seat A}",
                seen: "\(offered)")
            _ = try await context.request(seated.b.probe, "rematch", id: 107, table(seated))
            let state = await seated.a.probe.read(
                until: { $0.type == "state" && $0.int("match") == 2 }, timeout: context.replyTimeout)
            guard let start = state.message else { throw CaseFailure(expected: "state of match 2", seen: "\(state)") }
            try require(
                start.int("seq") == 0 && start.string("turn") == "B",
                "seq 0, turn B (the first move passes to the other seat)", seen: "\(start)")
            _ = try LocalMatch(adopting: start)
            return .ok
        },
        HostCase("match.move-after-end", "a move after the match ended gets not-playing", statements: ["G-4", "G-7"]) {
            context in
            let seated = try await context.seatTwo()
            _ = try await context.request(seated.a.probe, "resign", id: 108, table(seated))
            try await context.expectRefusal(
                seated.b.probe, "move", id: 109, table(seated) + #","seq":0,"move":{"bank":1,"direction":"up"}"#,
                code: "not-playing")
            return .ok
        },
        HostCase(
            "match.sync", "sync gives the current state without last or events, hashing to its hash",
            statements: ["G-10", "G-11"]
        ) { context in
            let seated = try await context.seatTwo()
            var local = try LocalMatch(adopting: seated.start)
            let move = local.legal[local.legal.count - 1]
            try local.check(
                move,
                against: try await context.move(
                    seated.a.probe, table: seated.table, seq: 0, LocalMatch.text(move), id: 110))
            let synced = try await context.request(seated.b.probe, "sync", id: 111, table(seated))
            try require(
                synced.type == "state" && synced.int("seq") == 1 && synced["last"] == nil
                    && synced.array("events")?.isEmpty == true,
                "state seq 1 without last, events empty", seen: "\(synced)")
            let adopted = try LocalMatch(adopting: synced)
            try require(
                adopted.state.stateHash == local.state.stateHash, "the state the moves give", seen: "another state")
            return .ok
        },
    ]
}
