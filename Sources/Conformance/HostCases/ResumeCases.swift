import Protocol

/// Section 13: dropped players, grace periods, resume.
enum ResumeCases {
    static func hello(token: String, id: Int = 1) -> String {
        #"{"type":"hello","id":\#(id),"protocol":1,"name":"ignored","resume":"\#(token)"}"#
    }

    static let all: [HostCase] = [
        HostCase(
            "resume.good-token",
            "a dropped player resumes: welcome resumed with the same identity, table, state; "
                + "the other gets away then back",
            statements: ["R-1", "R-2", "H-11"]
        ) { context in
            let seated = try await context.seatTwo(#","graceSeconds":30"#)
            seated.a.probe.drop()
            let away = await seated.b.probe.read(until: { $0.type == "away" }, timeout: context.replyTimeout)
            try require(
                away.message?.string("seat") == "A" && away.message?.int("graceMs") == 30_000,
                "away {seat A, graceMs 30000}", seen: "\(away)")
            let probe = try await context.connect()
            await probe.send(json: hello(token: seated.a.token))
            let welcome = await probe.read(timeout: context.replyTimeout).message
            try require(
                welcome?.type == "welcome" && welcome?.bool("resumed") == true, "welcome with resumed true",
                seen: "\(welcome.map { "\($0)" } ?? "nothing")")
            try require(
                welcome?.string("player") == seated.a.player && welcome?.string("name") == seated.a.name
                    && welcome?.string("resumeToken") == seated.a.token,
                "the same player, name and token", seen: "\(welcome!)")
            let state = await probe.read(until: { $0.type == "state" }, timeout: context.replyTimeout)
            try require(
                state.message?.string("hash") == seated.start.string("hash"), "the match's state after table",
                seen: "\(state)")
            let back = await seated.b.probe.read(until: { $0.type == "back" }, timeout: context.replyTimeout)
            try require(back.message?.string("seat") == "A", "back {seat A} to the other seat", seen: "\(back)")
            return .ok
        },
        HostCase(
            "resume.bad-token", "an unknown token gets bad-resume-token, not fatal; a plain hello then works",
            statements: ["H-11", "R-5"]
        ) { context in
            // NB: another player stays connected, so a host that resumes whatever token it gets has someone to give.
            let other = try await context.greet()
            defer { withExtendedLifetime(other) {} }
            let probe = try await context.connect()
            await probe.send(json: hello(token: String(repeating: "0f", count: 32)))
            let answer = await probe.read(timeout: context.replyTimeout)
            try require(
                answer.message?.code == "bad-resume-token" && answer.message?.bool("fatal") == false,
                "bad-resume-token, not fatal", seen: "\(answer)")
            await probe.send(json: HandshakeCases.hello(context.name(), id: 2))
            try require(
                await probe.read(timeout: context.replyTimeout).message?.type == "welcome", "welcome to a plain hello",
                seen: "no welcome")
            return .ok
        },
        HostCase(
            "resume.other-seat-token",
            "the other seat's token resumes that seat, replacing its open connection with session-replaced",
            statements: ["R-2", "R-3"]
        ) { context in
            let seated = try await context.seatTwo(#","graceSeconds":30"#)
            seated.a.probe.drop()
            let probe = try await context.connect()
            await probe.send(json: hello(token: seated.b.token))
            let welcome = await probe.read(timeout: context.replyTimeout).message
            try require(
                welcome?.string("player") == seated.b.player, "welcome as B's player \(seated.b.player), never A's",
                seen: "\(welcome.map { "\($0)" } ?? "nothing")")
            let old = await seated.b.probe.read(until: { $0.code == "session-replaced" }, timeout: context.replyTimeout)
            try require(
                old.message?.bool("fatal") == true, "session-replaced (fatal) to B's old connection", seen: "\(old)")
            let rest = await seated.b.probe.readUntilClosed(timeout: context.replyTimeout)
            try require(rest.closed, "B's old connection closed", seen: "still open")
            return .ok
        },
        HostCase(
            "resume.name-reserved", "while a seated player is away, their name stays theirs: name-away",
            statements: ["R-1", "R-7", "H-6"], accepts: [.ok, .nonStrict]
        ) { context in
            let seated = try await context.seatTwo(#","graceSeconds":30"#)
            seated.a.probe.drop()
            _ = await seated.b.probe.read(until: { $0.type == "away" }, timeout: context.replyTimeout)
            let probe = try await context.connect()
            await probe.send(json: HandshakeCases.hello(seated.a.name))
            let answer = await probe.read(timeout: context.replyTimeout)
            // NB: hosts of the revision before name-away answered name-taken, which still keeps the name.
            if answer.message?.code == "name-taken" {
                return .nonStrict(reason: "name-taken, not name-away, for the away player's name (H-6)")
            }
            try require(answer.message?.code == "name-away", "name-away for the away player's name", seen: "\(answer)")
            return .ok
        },
        HostCase(
            "resume.after-grace",
            "after the grace period at a waiting table the seat is freed and the token no longer resumes",
            statements: ["R-5"]
        ) { context in
            let a = try await context.greet("a")
            let b = try await context.greet("b")
            let table = try await context.createTable(a.probe, #","graceSeconds":1"#).string("id")!
            _ = try await context.request(a.probe, "sit", id: 2, #","table":"\#(table)""#)
            _ = try await context.request(b.probe, "sit", id: 3, #","table":"\#(table)""#)
            a.probe.drop()
            let freed = await b.probe.read(
                until: { $0.type == "table" && LobbyCases.seats($0.object("table")).first?.string("player") == nil },
                timeout: .seconds(4))
            try require(freed.message != nil, "table with seat A free after 1 s of grace", seen: "\(freed)")
            let probe = try await context.connect()
            await probe.send(json: hello(token: a.token))
            let answer = await probe.read(timeout: context.replyTimeout)
            try require(
                answer.message?.code == "bad-resume-token", "bad-resume-token for a forgotten player", seen: "\(answer)"
            )
            return .ok
        },
        HostCase(
            "resume.pause", "when the grace period ends in a match it pauses; moves get not-playing; resuming plays on",
            statements: ["R-4", "R-6", "T-3"]
        ) { context in
            let seated = try await context.seatTwo(#","graceSeconds":1"#)
            seated.a.probe.drop()
            let paused = await seated.b.probe.read(
                until: { $0.type == "table" && $0.object("table")?.string("status") == "paused" }, timeout: .seconds(4))
            try require(paused.message != nil, "table paused after 1 s of grace", seen: "\(paused)")
            try await context.expectRefusal(
                seated.b.probe, "move", id: 5, seated.tableMember + #","seq":0,"move":{"bank":1,"direction":"up"}"#,
                code: "not-playing")
            let probe = try await context.connect()
            await probe.send(json: hello(token: seated.a.token))
            let playing = await seated.b.probe.read(
                until: { $0.type == "table" && $0.object("table")?.string("status") == "playing" },
                timeout: context.replyTimeout)
            try require(playing.message != nil, "table playing again once A resumes (R-6)", seen: "\(playing)")
            return .ok
        },
        HostCase(
            "resume.forfeit", "under onTimeout forfeit the absent seat loses when the grace period ends",
            statements: ["R-4"]
        ) { context in
            let seated = try await context.seatTwo(#","graceSeconds":1,"onTimeout":"forfeit""#)
            seated.a.probe.drop()
            let over = await seated.b.probe.read(
                until: { $0.type == "state" && $0.object("result") != nil }, timeout: .seconds(4))
            let result = over.message?.object("result")
            try require(
                result?.string("winner") == "B" && result?.string("reason") == "forfeit",
                "result {winner B, reason forfeit}", seen: "\(over)")
            return .ok
        },
    ]
}
