import Conformance
import GameKit
import Protocol
import WhichBillRules

/// WhichBill's host cases: a whole session checked with the rules, a wrong bill answered and then
/// refused, the right bill kept off the wire, Play Again, the hint, and options refused by name.
enum SessionCases {
    static func seat(_ context: HostContext, _ options: String = "") async throws -> (SeatedTable, LocalSession) {
        let members = options.isEmpty ? "" : #","options":{\#(options)}"#
        let seated = try await context.seat(game: WhichBillGame.descriptor.id, seats: [WhichBillGame.seat], members)
        return (seated, try LocalSession(adopting: seated.start))
    }

    static let all: [HostCase] = [
        HostCase(
            "whichbill.session",
            "a session of three items, each answered from the smallest bill up: every state's hash is the rules', "
                + "the end is finished with the first-try count",
            statements: ["G-5", "G-6", "G-11", "G-13"]
        ) { context in
            let (seated, start) = try await Self.seat(context, #""items":3"#)
            var local = start
            let player = seated.players[0].probe
            var firstTry = 0
            for round in 1...3 {
                var guesses = 0
                for bill in local.state.options.bills where !local.state.isAnswered {
                    guesses += 1
                    let answer = try await context.move(
                        player, table: seated.table, seq: local.seq, LocalSession.choose(bill), id: 300 + local.seq)
                    let events = try local.check(answer)
                    let verdict =
                        bill == local.right ? BillVerdict.right : bill < local.state.cost ? .tooSmall : .moreThanNeeded
                    try require(
                        events.first == .guessed(bill, verdict),
                        "the verdict \(verdict.rawValue) for \(Bills.name(bill))",
                        seen: "\(events)")
                }
                if guesses == 1 { firstTry += 1 }
                guard round < 3 else { break }
                let shown = local.state.item.id
                try local.check(
                    try await context.move(
                        player, table: seated.table, seq: local.seq, LocalSession.next, id: 300 + local.seq))
                try require(local.state.item.id != shown, "Play Again to show another item", seen: local.state.item.id)
            }
            let last = try await context.request(player, "sync", id: 399, seated.tableMember)
            let result = last.object("result")
            try require(
                last.string("status") == "over" && result?.string("reason") == "finished"
                    && result?.array("standings")?.first?.objectValue?.int("score") == firstTry,
                "status over, result finished, P1's score \(firstTry) (first tries)", seen: "\(last)")
            return .ok
        },
        HostCase(
            "whichbill.wrong-bill",
            "a wrong bill is accepted with its reason, then refused with already-guessed for the rest of the round",
            statements: ["G-4", "G-5"]
        ) { context in
            let (seated, start) = try await Self.seat(context)
            var local = start
            let wrong = local.wrong
            let answer = try await context.move(
                seated.players[0].probe, table: seated.table, seq: 0, LocalSession.choose(wrong), id: 410)
            let events = try local.check(answer)
            let verdict: BillVerdict = wrong < local.state.cost ? .tooSmall : .moreThanNeeded
            try require(
                events == [.guessed(wrong, verdict)], "one event: guessed, \(verdict.rawValue)", seen: "\(events)")
            let again = try await context.expectRefusal(
                seated.players[0].probe, "move", id: 411,
                seated.tableMember + #","seq":1,"move":\#(LocalSession.choose(wrong))"#, code: "illegal-move")
            try require(again.string("rule") == "already-guessed", "rule already-guessed", seen: "\(again)")
            return .ok
        },
        HostCase(
            "whichbill.answer-hidden",
            "no state, move or event names the right bill before the player chooses it; then the state does",
            statements: ["G-12", "G-13"]
        ) { context in
            let (seated, start) = try await Self.seat(context)
            var local = start
            let player = seated.players[0].probe
            try require(!seated.start.mentionsAnswer, "the first state without answer (G-12)", seen: "\(seated.start)")
            let guessed = try await context.move(
                player, table: seated.table, seq: 0, LocalSession.choose(local.wrong), id: 420)
            try require(!guessed.mentionsAnswer, "no answer after a wrong bill (G-12)", seen: "\(guessed)")
            try local.check(guessed)
            let right = try await context.move(
                player, table: seated.table, seq: 1, LocalSession.choose(local.right), id: 421)
            try require(
                right.object("state")?.int("answer") == Int(local.right.cents), "the answer in the state once chosen",
                seen: "\(right)")
            try local.check(right)
            let next = try await context.move(player, table: seated.table, seq: 2, LocalSession.next, id: 422)
            try require(!next.mentionsAnswer, "no answer in the next item's state or move (G-12)", seen: "\(next)")
            try local.check(next)
            return .ok
        },
        HostCase(
            "whichbill.play-again",
            "Play Again before the right bill gets illegal-move round-open; after it, a different item",
            statements: ["G-4", "G-13"]
        ) { context in
            let (seated, start) = try await Self.seat(context)
            var local = start
            let player = seated.players[0].probe
            let early = try await context.expectRefusal(
                player, "move", id: 430, seated.tableMember + #","seq":0,"move":\#(LocalSession.next)"#,
                code: "illegal-move")
            try require(early.string("rule") == "round-open", "rule round-open", seen: "\(early)")
            try local.check(
                try await context.move(player, table: seated.table, seq: 0, LocalSession.choose(local.right), id: 431))
            let shown = local.state.item.id
            try local.check(try await context.move(player, table: seated.table, seq: 1, LocalSession.next, id: 432))
            try require(
                local.state.item.id != shown && local.state.round == 2, "item 2, not \(shown)",
                seen: local.state.item.id)
            return .ok
        },
        HostCase(
            "whichbill.hint",
            "the hint comes with a guess and is kept; with the number line off it gets illegal-move number-line-off",
            statements: ["G-4", "G-5"]
        ) { context in
            let (seated, start) = try await Self.seat(context)
            var local = start
            try local.check(
                try await context.move(
                    seated.players[0].probe, table: seated.table, seq: 0, LocalSession.choose(local.right, hint: true),
                    id: 440))
            try require(local.state.hintGuess == 1, "hintGuess 1 in the state", seen: "\(local.state.hintGuess as Any)")
            let (off, offStart) = try await Self.seat(context, #""numberLine":false"#)
            let refused = try await context.expectRefusal(
                off.players[0].probe, "move", id: 441,
                off.tableMember + #","seq":0,"move":\#(LocalSession.choose(offStart.right, hint: true))"#,
                code: "illegal-move")
            try require(refused.string("rule") == "number-line-off", "rule number-line-off", seen: "\(refused)")
            return .ok
        },
        HostCase(
            "whichbill.options-refused",
            "bills, minCents and maxCents that do not go together get invalid-option naming the option",
            statements: ["T-1"]
        ) { context in
            let teacher = try await context.greet("t")
            for (index, (options, option)) in [
                (#"{"bills":["5"]}"#, "bills"), (#"{"maxCents":5000}"#, "maxCents"),
                (#"{"minCents":900,"maxCents":800}"#, "minCents"), (#"{"items":0}"#, "items"),
            ].enumerated() {
                let answer = try await context.expectRefusal(
                    teacher.probe, "create-table", id: 450 + index, #","game":"whichbill","options":\#(options)"#,
                    code: "invalid-option")
                try require(
                    answer.string("option") == option && answer.string("message")?.contains(option) == true,
                    "option \(option), named in the message", seen: "\(answer)")
            }
            return .ok
        },
    ]
}
