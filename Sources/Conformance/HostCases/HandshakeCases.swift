import Protocol

/// Section 3: hello, welcome, names.
enum HandshakeCases {
    static func hello(_ name: String, id: Int = 1, extra: String = "") -> String {
        #"{"type":"hello","id":\#(id),"protocol":1,"name":\#(JSONValue.string(name))\#(extra)}"#
    }

    /// A name that must be refused with invalid-name; the connection stays open and a good hello works.
    static func badName(_ id: String, _ summary: String, _ name: String) -> HostCase {
        HostCase(id, summary, statements: ["H-5", "H-7"]) { context in
            let probe = try await context.connect()
            await probe.send(json: hello(name))
            let answer = await probe.read(timeout: context.replyTimeout)
            try require(
                answer.message?.code == "invalid-name", "invalid-name for \(JSONValue.string(name))", seen: "\(answer)")
            try require(answer.message?.bool("fatal") == false, "fatal: false (H-7)", seen: "\(answer)")
            await probe.send(json: hello(context.name(), id: 2))
            let second = await probe.read(timeout: context.replyTimeout)
            try require(
                second.message?.type == "welcome", "welcome to a second hello with a good name (H-7)", seen: "\(second)"
            )
            return .ok
        }
    }

    static let all: [HostCase] = [
        HostCase(
            "hello.welcome-members", "welcome has every member of H-8, typed, and a 64-hex-digit resume token",
            statements: ["H-8", "M-3"]
        ) { context in
            let name = context.name()
            let welcome = try await context.greet(name: name).welcome
            let token = welcome.string("resumeToken") ?? ""
            try require(
                token.count == 64 && token.allSatisfy { "0123456789abcdef".contains($0) },
                "resumeToken of 64 lower-case hex digits", seen: token)
            try require(welcome.int("protocol") == 1, "protocol 1", seen: "\(welcome)")
            try require(
                welcome.string("host") != nil && welcome.string("player") != nil, "host and player strings",
                seen: "\(welcome)")
            try require(welcome.string("name") == name, "name \(name)", seen: "\(welcome)")
            try require(
                (welcome.int("maxFrame") ?? 0) >= 65_536, "maxFrame of at least 65536 (V-3)", seen: "\(welcome)")
            try require((welcome.int("idleTimeoutMs") ?? 0) > 0, "idleTimeoutMs", seen: "\(welcome)")
            let rate = welcome.object("rateLimit")
            try require(
                rate?.int("burst") != nil && rate?.int("perSecond") != nil, "rateLimit {burst, perSecond}",
                seen: "\(welcome)")
            let games = welcome.array("games") ?? []
            try require(
                games.contains { $0.objectValue?.string("id") == "taxcollection" }, "games offering taxcollection",
                seen: "\(welcome)")
            try require(welcome.bool("resumed") == false, "resumed: false on a new session (H-11)", seen: "\(welcome)")
            return .ok
        },
        HostCase("hello.no-id", "a hello without id gets a welcome without re", statements: ["M-2", "M-3"]) { context in
            let probe = try await context.connect()
            await probe.send(json: #"{"type":"hello","protocol":1,"name":\#(JSONValue.string(context.name()))}"#)
            let answer = await probe.read(timeout: context.replyTimeout)
            try require(
                answer.message?.type == "welcome" && answer.message?.re == nil, "welcome without re", seen: "\(answer)")
            return .ok
        },
        HostCase(
            "hello.protocol-2", "protocol 2 is refused with unsupported-protocol listing 1, then the close",
            statements: ["H-2", "V-4", "V-5"]
        ) { context in
            let probe = try await context.connect()
            await probe.send(json: #"{"type":"hello","id":1,"protocol":2,"name":"\#(context.name())"}"#)
            let first = await probe.read(timeout: context.replyTimeout)
            let supported = first.message?.array("supported") ?? []
            try require(
                first.message?.code == "unsupported-protocol" && supported.contains(.number(1)),
                "unsupported-protocol with supported [1]", seen: "\(first)")
            let rest = await probe.readUntilClosed(timeout: context.replyTimeout)
            try require(rest.closed, "the close", seen: "the connection still open")
            return .ok
        },
        HostCase("hello.protocol-0", "protocol 0 is refused with unsupported-protocol", statements: ["H-2"]) {
            context in
            let probe = try await context.connect()
            await probe.send(json: #"{"type":"hello","id":1,"protocol":0,"name":"\#(context.name())"}"#)
            try await context.expectFatal(probe, code: "unsupported-protocol")
            return .ok
        },
        HostCase(
            "hello.mistyped-protocol", "protocol as a string gets invalid-message; a corrected hello works",
            statements: ["H-4", "M-6"]
        ) { context in
            let probe = try await context.connect()
            await probe.send(json: #"{"type":"hello","id":1,"protocol":"1","name":"\#(context.name())"}"#)
            let first = await probe.read(timeout: context.replyTimeout)
            try require(
                first.message?.code == "invalid-message" && first.message?.bool("fatal") == false,
                "invalid-message, not fatal", seen: "\(first)")
            await probe.send(json: hello(context.name(), id: 2))
            let second = await probe.read(timeout: context.replyTimeout)
            try require(second.message?.type == "welcome", "welcome to the corrected hello", seen: "\(second)")
            return .ok
        },
        HostCase(
            "hello.missing-name", "a hello without name gets invalid-message and the connection stays open",
            statements: ["H-1", "H-4"]
        ) { context in
            let probe = try await context.connect()
            await probe.send(json: #"{"type":"hello","id":1,"protocol":1}"#)
            let first = await probe.read(timeout: context.replyTimeout)
            try require(first.message?.code == "invalid-message", "invalid-message", seen: "\(first)")
            await probe.send(json: hello(context.name(), id: 2))
            let second = await probe.read(timeout: context.replyTimeout)
            try require(second.message?.type == "welcome", "welcome after the correction", seen: "\(second)")
            return .ok
        },
        HostCase(
            "hello.ping-first", "a ping before hello is answered with hello-required, then the close",
            statements: ["H-3"]
        ) { context in
            let probe = try await context.connect()
            await probe.send(json: #"{"type":"ping","id":1}"#)
            try await context.expectFatal(probe, code: "hello-required")
            return .ok
        },
        HostCase(
            "hello.unknown-type-first", "an unknown type before hello is answered with hello-required",
            statements: ["H-3"]
        ) { context in
            let probe = try await context.connect()
            await probe.send(json: #"{"type":"x-dance","id":1}"#)
            try await context.expectFatal(probe, code: "hello-required")
            return .ok
        },
        HostCase(
            "hello.table-request-first", "a lobby request before hello is answered with hello-required",
            statements: ["H-3"]
        ) { context in
            let probe = try await context.connect()
            await probe.send(json: #"{"type":"tables","id":4}"#)
            try await context.expectFatal(probe, code: "hello-required")
            return .ok
        },
        HostCase(
            "hello.twice", "a second hello gets unexpected-message and changes nothing", statements: ["H-10", "M-4"]
        ) { context in
            let greeted = try await context.greet()
            await greeted.probe.send(json: hello(context.name(), id: 2))
            let answer = await greeted.probe.read(timeout: context.replyTimeout)
            try require(
                answer.message?.code == "unexpected-message" && answer.message?.re == .number(2),
                "unexpected-message re 2", seen: "\(answer)")
            let names = try await context.listAll(greeted.probe, "players", id: 3).flatMap(\.entries).compactMap {
                $0.string("name")
            }
            try require(names.contains(greeted.name), "the first name kept (\(greeted.name))", seen: "\(names)")
            return .ok
        },
        HostCase("hello.name-trimmed", "the host trims white space around a name", statements: ["H-5", "H-8"]) {
            context in
            let name = context.name()
            let welcome = try await context.greet(name: "  \(name)\t ").welcome
            try require(
                welcome.string("name") == name, "name \(name), trimmed", seen: "\(welcome.string("name") ?? "none")")
            return .ok
        },
        HostCase(
            "hello.name-graphemes", "a name of 24 grapheme clusters (more than 24 bytes) is accepted",
            statements: ["H-5"]
        ) { context in
            let tag = context.name()
            let name = tag + String(repeating: "é", count: 24 - tag.count)
            let welcome = try await context.greet(name: name).welcome
            try require(welcome.string("name") == name, "welcome as \(name)", seen: "\(welcome)")
            return .ok
        },
        badName("hello.name-empty", "an empty (all-space) name gets invalid-name; the connection stays open", "   "),
        badName("hello.name-too-long", "a name of 25 characters gets invalid-name", String(repeating: "n", count: 25)),
        badName("hello.name-control", "a name with a control character gets invalid-name", "Lan\u{07}"),
        badName("hello.name-invisible", "a name with an invisible format character gets invalid-name", "L\u{200B}an"),
        HostCase(
            "hello.name-taken-any-case", "a name taken by a connected player, in another case, gets name-taken",
            statements: ["H-6", "H-7"]
        ) { context in
            let first = try await context.greet()
            let probe = try await context.connect()
            await probe.send(json: hello(first.name.uppercased()))
            let answer = await probe.read(timeout: context.replyTimeout)
            try require(
                answer.message?.code == "name-taken" && answer.message?.bool("fatal") == false, "name-taken, not fatal",
                seen: "\(answer)")
            await probe.send(json: hello(context.name(), id: 2))
            try require(
                await probe.read(timeout: context.replyTimeout).message?.type == "welcome", "welcome to another name",
                seen: "no welcome")
            return .ok
        },
        HostCase(
            "hello.name-freed", "the name of a player who left (holding no seat) can be taken again",
            statements: ["H-6", "R-5"]
        ) { context in
            let first = try await context.greet()
            first.probe.drop()
            try await Task.sleep(for: .milliseconds(300))
            let probe = try await context.connect()
            await probe.send(json: hello(first.name))
            let answer = await probe.read(timeout: context.replyTimeout)
            try require(answer.message?.type == "welcome", "welcome: \(first.name) is free again", seen: "\(answer)")
            return .ok
        },
    ]
}
