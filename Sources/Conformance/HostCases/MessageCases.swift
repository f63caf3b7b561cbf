import Protocol

/// Section 2 and 8: request ids, unknown types and members, versioning.
enum MessageCases {
    static let all: [HostCase] = [
        HostCase("message.id-string", "a string id is echoed byte for byte as re", statements: ["M-2", "M-3", "L-1"]) {
            context in
            let probe = try await context.greet().probe
            await probe.send(json: #"{"type":"ping","id":"p-17 ✓"}"#)
            let answer = await probe.read(timeout: context.replyTimeout)
            try require(
                answer.message?.type == "pong" && answer.message?.re == .string("p-17 ✓"),
                #"pong with re "p-17 ✓""#, seen: "\(answer)")
            return .ok
        },
        HostCase("message.id-largest-integer", "the id 2^53 − 1 is echoed exactly", statements: ["M-2", "M-3"]) {
            context in
            let probe = try await context.greet().probe
            await probe.send(json: #"{"type":"ping","id":9007199254740991}"#)
            let answer = await probe.read(timeout: context.replyTimeout)
            try require(answer.message?.re == .number(9_007_199_254_740_991), "re 9007199254740991", seen: "\(answer)")
            return .ok
        },
        HostCase(
            "message.id-invalid", "an id that is an object, or a string of 65 characters, gets invalid-message",
            statements: ["M-2", "M-6"]
        ) { context in
            let probe = try await context.greet().probe
            for text in [
                #"{"type":"ping","id":{"n":1}}"#, #"{"type":"ping","id":"\#(String(repeating: "i", count: 65))"}"#,
                #"{"type":"ping","id":1.5}"#,
            ] {
                await probe.send(json: text)
                let answer = await probe.read(timeout: context.replyTimeout)
                try require(
                    answer.message?.code == "invalid-message" && answer.message?.bool("fatal") == false,
                    "invalid-message, not fatal, for \(text.prefix(40))", seen: "\(answer)")
            }
            try await context.expectOpen(probe)
            return .ok
        },
        HostCase(
            "message.id-not-digits",
            "an id written 1.0, 1e3, -0 or 1e-400 (not an integer as digits) gets invalid-message without re",
            statements: ["M-2", "M-6"]
        ) { context in
            let probe = try await context.greet().probe
            for id in ["1.0", "1e3", "-0", "1e-400", "7E0"] {
                await probe.send(json: #"{"type":"ping","id":\#(id)}"#)
                let answer = await probe.read(timeout: context.replyTimeout)
                try require(
                    answer.message?.code == "invalid-message" && answer.message?.bool("fatal") == false
                        && answer.message?.re == nil,
                    "invalid-message, not fatal, without re, for the id \(id)", seen: "\(answer)")
            }
            try await context.expectOpen(probe)
            return .ok
        },
        HostCase(
            "message.id-echo-bytes",
            "re carries the id with the bytes it was sent with; an id the host cannot echo so is refused",
            statements: ["M-2", "M-3"]
        ) { context in
            let probe = try await context.greet().probe
            let valid = ["0", "-7", "9007199254740991", "-9007199254740991", #""a""#, #""ü ✓ 1""#]
            for id in valid + ["1.0", "1e3", "-0", "10E-1"] {
                await probe.send(json: #"{"type":"ping","id":\#(id)}"#)
                let answer = await probe.read(timeout: context.replyTimeout)
                guard let message = answer.message else {
                    throw CaseFailure(expected: "an answer to a ping with id \(id)", seen: "\(answer)")
                }
                if message.type == "pong", message.rawText("re") == id { continue }
                try require(
                    !valid.contains(id) && message.code == "invalid-message" && message.re == nil,
                    "re written \(id), as sent\(valid.contains(id) ? "" : ", or invalid-message without re")",
                    seen: "re \(message.rawText("re") ?? "absent") in \(message)")
            }
            return .ok
        },
        HostCase(
            "message.integer-form",
            "an integer member written with a fraction or exponent gets invalid-message naming it",
            statements: ["M-6", "M-8"]
        ) { context in
            let probe = try await context.greet().probe
            let create = try await context.expectRefusal(
                probe, "create-table", id: 5, #","game":"taxcollection","graceSeconds":6e1"#, code: "invalid-message")
            try require(
                create.string("message")?.contains("graceSeconds") == true, "the message to name graceSeconds",
                seen: "\(create)")
            let fresh = try await context.connect()
            await fresh.send(json: #"{"type":"hello","id":1,"protocol":1.0,"name":"\#(context.name())"}"#)
            let hello = await fresh.read(timeout: context.replyTimeout)
            try require(
                hello.message?.code == "invalid-message"
                    && hello.message?.string("message")?.contains("protocol") == true,
                "invalid-message naming protocol, for a hello with protocol 1.0 (H-4)", seen: "\(hello)")
            return .ok
        },
        HostCase("message.no-id-no-re", "a request without id gets a reply without re", statements: ["M-3"]) {
            context in
            let probe = try await context.greet().probe
            await probe.send(json: #"{"type":"ping"}"#)
            let answer = await probe.read(timeout: context.replyTimeout)
            try require(
                answer.message?.type == "pong" && answer.message?.re == nil, "pong without re", seen: "\(answer)")
            return .ok
        },
        HostCase(
            "message.unknown-type", "an unknown type after hello gets unknown-type with re; the connection stays open",
            statements: ["M-6", "V-2"]
        ) { context in
            let probe = try await context.greet().probe
            let answer = try await context.expectRefusal(probe, "x-dance", id: 5, code: "unknown-type")
            _ = answer
            try await context.expectOpen(probe)
            return .ok
        },
        HostCase(
            "message.missing-member", "sit without table gets invalid-message; the connection stays open",
            statements: ["M-6", "E-4"]
        ) { context in
            let probe = try await context.greet().probe
            try await context.expectRefusal(probe, "sit", id: 5, code: "invalid-message")
            try await context.expectOpen(probe)
            return .ok
        },
        HostCase("message.mistyped-member", "move with seq as a string gets invalid-message", statements: ["M-6"]) {
            context in
            let probe = try await context.greet().probe
            try await context.expectRefusal(
                probe, "move", id: 5, #","table":"t1","seq":"0","move":{"refill":true}"#, code: "invalid-message")
            try await context.expectOpen(probe)
            return .ok
        },
        HostCase("message.null-optional", "null for an optional member is taken as absent", statements: ["M-7"]) {
            context in
            let probe = try await context.greet().probe
            let table = try await context.createTable(probe).string("id")!
            let answer = try await context.request(probe, "sit", id: 6, #","table":"\#(table)","seat":null"#)
            try require(
                answer.type == "table", "table answering sit with seat null (first free seat)", seen: "\(answer)")
            return .ok
        },
        HostCase(
            "forward.unknown-members", "unknown members in hello and requests are ignored", statements: ["M-5", "V-2"]
        ) { context in
            let greeted = try await context.greet(extra: #","x-avatar":{"color":"red"},"x-future":[1,2]"#)
            let answer = try await context.request(greeted.probe, "players", id: 2, #","x-since":12,"x-filter":null"#)
            try require(answer.type == "players", "players answering a request with unknown members", seen: "\(answer)")
            return .ok
        },
        HostCase("forward.member-order", "members in any order: type last", statements: ["M-5"]) { context in
            let probe = try await context.connect()
            await probe.send(json: #"{"name":"\#(context.name())","protocol":1,"id":1,"type":"hello"}"#)
            let answer = await probe.read(timeout: context.replyTimeout)
            try require(
                answer.message?.type == "welcome", "welcome to a hello whose type comes last", seen: "\(answer)")
            return .ok
        },
        HostCase(
            "forward.error-shape", "an error has code, message and fatal, and re when the request had an id",
            statements: ["E-1", "E-2", "M-3"]
        ) { context in
            let probe = try await context.greet().probe
            let answer = try await context.request(probe, "x-unknown", id: 8)
            try require(
                answer.type == "error" && answer.string("code") != nil && answer.string("message") != nil
                    && answer.bool("fatal") == false,
                "error {code, message, fatal: false}", seen: "\(answer)")
            let code = answer.string("code")!
            try require(
                !code.isEmpty && code.allSatisfy { $0.isLowercase || $0 == "-" }, "a kebab-case code", seen: code)
            return .ok
        },
    ]
}
