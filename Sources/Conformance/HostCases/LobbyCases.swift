import Protocol

/// Sections 5 and 11: players, tables, seats, ready, watch, leave.
enum LobbyCases {
    static func seats(_ table: WireMessage?) -> [WireMessage] { table.seats }

    static let all: [HostCase] = [
        HostCase(
            "lobby.players", "players lists connected players in hello order, not those whose connection closed",
            statements: ["P-1"]
        ) { context in
            let first = try await context.greet("p")
            let second = try await context.greet("q")
            let gone = try await context.greet("r")
            let table = try await context.createTable(gone.probe).string("id")!
            _ = try await context.request(gone.probe, "sit", id: 60, #","table":"\#(table)""#)
            gone.probe.drop()
            try await Task.sleep(for: .milliseconds(300))
            let ids = try await context.listAll(second.probe, "players", id: 2).flatMap(\.entries).compactMap {
                $0.string("id")
            }
            let mine = ids.filter { [first.player, second.player, gone.player].contains($0) }
            try require(
                mine == [first.player, second.player],
                "[\(first.name), \(second.name)] in hello order, without the closed one (seat held)", seen: "\(mine)")
            return .ok
        },
        HostCase(
            "lobby.create-table-defaults",
            "create-table gives a waiting table with the documented defaults, creator not seated",
            statements: ["T-1", "T-2", "T-3"]
        ) { context in
            let greeted = try await context.greet()
            let table = try await context.createTable(greeted.probe)
            let games = greeted.welcome.array("games") ?? []
            let firstRuleSet = games.first { $0.objectValue?.string("id") == "taxcollection" }?.objectValue?.array(
                "ruleSets")?.first
            try require(
                table.string("status") == "waiting" && table.int("match") == 0, "status waiting, match 0",
                seen: "\(table)")
            try require(
                table.int("graceSeconds") == 120 && table.string("onTimeout") == "pause",
                "graceSeconds 120, onTimeout pause", seen: "\(table)")
            try require(
                firstRuleSet.map { table["ruleSet"] == $0 } ?? false,
                "ruleSet = the game's first (\(firstRuleSet?.description ?? "?"))", seen: "\(table)")
            let seats = LobbyCases.seats(table)
            try require(
                seats.map { $0.string("seat") ?? "" } == ["A", "B"] && seats.allSatisfy { $0.string("player") == nil },
                "seats A and B, both free", seen: "\(table)")
            try require(table.string("id")?.hasPrefix("t") == true, "an id t<n>", seen: "\(table)")
            return .ok
        },
        HostCase(
            "lobby.tables-in-order", "tables lists tables in the order they were created", statements: ["P-2", "T-1"]
        ) { context in
            let probe = try await context.greet().probe
            let first = try await context.createTable(probe, id: 1).string("id")!
            let second = try await context.createTable(probe, id: 2).string("id")!
            let ids = try await context.listAll(probe, "tables", id: 3).flatMap(\.entries).compactMap {
                $0.string("id")
            }
            try require(
                (ids.firstIndex(of: first) ?? .max) < (ids.firstIndex(of: second) ?? -1), "\(first) before \(second)",
                seen: "\(ids.suffix(6))")
            return .ok
        },
        HostCase(
            "lobby.no-such-game", "create-table with an unknown game gets no-such-game", statements: ["T-1", "E-4"]
        ) { context in
            try await context.expectRefusal(
                try await context.greet().probe, "create-table", id: 5, #","game":"chess-9000""#, code: "no-such-game")
            return .ok
        },
        HostCase(
            "lobby.no-such-rule-set", "create-table with an unknown rule set gets no-such-rule-set", statements: ["T-1"]
        ) { context in
            try await context.expectRefusal(
                try await context.greet().probe, "create-table", id: 5,
                #","game":"taxcollection","ruleSet":"x-house-rules""#, code: "no-such-rule-set")
            return .ok
        },
        HostCase("lobby.grace-out-of-range", "graceSeconds 3601 gets invalid-setting", statements: ["T-1"]) { context in
            try await context.expectRefusal(
                try await context.greet().probe, "create-table", id: 5, #","game":"taxcollection","graceSeconds":3601"#,
                code: "invalid-setting")
            return .ok
        },
        HostCase(
            "lobby.sit-and-broadcast", "sit takes the named seat; the seated members get table, the requester with re",
            statements: ["T-4", "T-8", "M-3"]
        ) { context in
            let a = try await context.greet("a")
            let b = try await context.greet("b")
            let table = try await context.createTable(a.probe).string("id")!
            _ = try await context.request(a.probe, "sit", id: 2, #","table":"\#(table)","seat":"B""#)
            let answer = try await context.request(b.probe, "sit", id: 3, #","table":"\#(table)""#)
            let seats = LobbyCases.seats(answer.object("table"))
            try require(
                seats.first?.string("player") == b.player && seats.last?.string("player") == a.player,
                "A: the second player (first free seat), B: the first", seen: "\(answer)")
            let told = await a.probe.read(
                until: {
                    $0.type == "table" && LobbyCases.seats($0.object("table")).first?.string("player") == b.player
                }, timeout: context.replyTimeout)
            try require(
                told.message != nil && told.message?.re == nil, "table without re to the other seated member (T-8)",
                seen: "\(told)")
            return .ok
        },
        HostCase("lobby.seat-taken", "sitting in a taken seat gets seat-unavailable", statements: ["T-4", "E-4"]) {
            context in
            let a = try await context.greet("a")
            let b = try await context.greet("b")
            let table = try await context.createTable(a.probe).string("id")!
            _ = try await context.request(a.probe, "sit", id: 2, #","table":"\#(table)","seat":"A""#)
            try await context.expectRefusal(
                b.probe, "sit", id: 3, #","table":"\#(table)","seat":"A""#, code: "seat-unavailable")
            try await context.expectRefusal(
                b.probe, "sit", id: 4, #","table":"\#(table)","seat":"Z""#, code: "seat-unavailable")
            return .ok
        },
        HostCase(
            "lobby.already-seated", "a player seated at one table who sits at another gets already-seated",
            statements: ["T-4"]
        ) { context in
            let a = try await context.greet()
            let first = try await context.createTable(a.probe, id: 1).string("id")!
            let second = try await context.createTable(a.probe, id: 2).string("id")!
            _ = try await context.request(a.probe, "sit", id: 3, #","table":"\#(first)""#)
            try await context.expectRefusal(a.probe, "sit", id: 4, #","table":"\#(second)""#, code: "already-seated")
            return .ok
        },
        HostCase(
            "lobby.no-such-table", "sit at a table that does not exist gets no-such-table", statements: ["T-4", "M-4"]
        ) { context in
            try await context.expectRefusal(
                try await context.greet().probe, "sit", id: 5, #","table":"x-none""#, code: "no-such-table")
            return .ok
        },
        HostCase("lobby.ready-without-seat", "ready without a seat gets not-a-player", statements: ["T-5"]) { context in
            let probe = try await context.greet().probe
            let table = try await context.createTable(probe).string("id")!
            try await context.expectRefusal(probe, "ready", id: 5, #","table":"\#(table)""#, code: "not-a-player")
            return .ok
        },
        HostCase("lobby.ready-while-playing", "ready during a match gets not-playing", statements: ["T-5"]) { context in
            let seated = try await context.seatTwo()
            try await context.expectRefusal(
                seated.a.probe, "ready", id: 70, #","table":"\#(seated.table)""#, code: "not-playing")
            return .ok
        },
        HostCase("lobby.sit-stops-watching", "sitting down stops watching the table", statements: ["T-4", "T-7"]) {
            context in
            let a = try await context.greet("a")
            let table = try await context.createTable(a.probe).string("id")!
            let watched = try await context.request(a.probe, "watch", id: 2, #","table":"\#(table)""#)
            try require(watched.object("table")?.int("spectators") == 1, "spectators 1 after watch", seen: "\(watched)")
            let sat = try await context.request(a.probe, "sit", id: 3, #","table":"\#(table)""#)
            try require(sat.object("table")?.int("spectators") == 0, "spectators 0 once seated", seen: "\(sat)")
            return .ok
        },
        HostCase("lobby.leave-seat", "leave frees the seat; leave again gets not-a-player", statements: ["T-6"]) {
            context in
            let a = try await context.greet()
            let table = try await context.createTable(a.probe).string("id")!
            _ = try await context.request(a.probe, "sit", id: 2, #","table":"\#(table)""#)
            let left = try await context.request(a.probe, "leave", id: 3, #","table":"\#(table)""#)
            try require(
                left.type == "table" && seats(left.object("table")).allSatisfy { $0.string("player") == nil },
                "table with both seats free", seen: "\(left)")
            try await context.expectRefusal(a.probe, "leave", id: 4, #","table":"\#(table)""#, code: "not-a-player")
            return .ok
        },
        HostCase(
            "lobby.leave-resigns", "leaving during a match resigns it: the other seat wins, the table waits",
            statements: ["T-6", "G-7"]
        ) { context in
            let seated = try await context.seatTwo()
            _ = try await context.request(seated.a.probe, "leave", id: 72, #","table":"\#(seated.table)""#)
            let result = await seated.b.probe.read(
                until: { $0.type == "state" && $0.object("result") != nil }, timeout: context.replyTimeout)
            let verdict = result.message?.object("result")
            try require(
                verdict?.string("winner") == "B" && verdict?.string("reason") == "resigned",
                "result {winner B, reason resigned}", seen: "\(result)")
            return .ok
        },
        HostCase(
            "lobby.players-pages",
            "players with limit 2 comes in pages of at most 2; following next lists each player once, in hello order",
            statements: ["P-1", "P-3"]
        ) { context in
            var greeted: [Greeted] = []
            for _ in 0..<5 { greeted.append(try await context.greet()) }
            let pages = try await context.listAll(greeted[0].probe, "players", id: 10, #","limit":2"#)
            try require(
                pages.allSatisfy { $0.entries.count <= 2 }, "pages of at most 2 players (limit 2)",
                seen: "pages of \(pages.map(\.entries.count))")
            let ids = pages.flatMap(\.entries).compactMap { $0.string("id") }
            try require(Set(ids).count == ids.count, "each player once", seen: "\(ids)")
            let mine = greeted.map(\.player)
            try require(
                ids.filter(mine.contains) == mine, "the five players of this case, in hello order",
                seen: "\(ids.filter(mine.contains))")
            return .ok
        },
        HostCase(
            "lobby.tables-pages",
            "tables outgrowing a frame: every tables frame within maxFrame; the pages list each table once, in order",
            statements: ["F-11", "P-2", "P-3"]
        ) { context in
            let owner = try await context.greet()
            let maxFrame = owner.welcome.int("maxFrame") ?? 65_536
            // NB: ten connections create tables side by side (each within its own rate limit) until the
            // list of tables outgrows one frame.
            var makers: [Greeted] = []
            for _ in 0..<10 { makers.append(try await context.greet()) }
            var created: [[String]] = Array(repeating: [], count: makers.count)
            var listing = 10_000
            while true {
                let made = created.map(\.count)
                let round = try await withThrowingTaskGroup(of: (Int, [String]).self) { group in
                    for (index, maker) in makers.enumerated() {
                        group.addTask {
                            var ids: [String] = []
                            for request in 0..<40 {
                                ids.append(
                                    try await context.createTable(maker.probe, id: 100 + made[index] + request).string(
                                        "id") ?? "")
                            }
                            return (index, ids)
                        }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                for (index, ids) in round { created[index] += ids }
                let pages = try await context.listAll(owner.probe, "tables", id: listing)
                listing += pages.count
                if pages.count > 1 || pages.contains(where: { $0.reply.payload.count > maxFrame }) { break }
                try require(
                    created.joined().count < 20_000, "the tables to outgrow one frame",
                    seen: "one page after 20,000 tables")
            }
            let pages = try await context.listAll(owner.probe, "tables", id: listing)
            for page in pages {
                try require(
                    page.reply.payload.count <= maxFrame, "every tables frame within maxFrame \(maxFrame) (F-11)",
                    seen: "a frame of \(page.reply.payload.count) bytes")
            }
            let listed = pages.flatMap(\.entries).compactMap { $0.string("id") }
            try require(
                Set(listed).count == listed.count, "each table once",
                seen: "\(listed.count) entries, \(Set(listed).count) distinct")
            for ids in created {
                try require(
                    listed.filter(Set(ids).contains) == ids, "each creator's tables in the order it created them (P-2)",
                    seen: "\(listed.filter(Set(ids).contains).prefix(8))")
            }
            return .ok
        },
    ]
}
